import SplitView

/// The window both demos share: the list-detail view, with a header bar over each pane, and the app's title.
@MainActor
enum DemoWindow {
    /// The pizza app's rule: side by side from 900 px of the view's width (back to the list over the detail
    /// below 860), the list over the detail down to the collapse (below 720, expanding again at 760).
    static let layout = SplitLayout(collapseBelow: 720, overlayBelow: 860, hysteresis: 40,
                                    primaryMinimumWidth: 240, secondaryMinimumWidth: 400)

    static func make(application: Application, title: String, view: ListDetailView<Int>) -> ApplicationWindow {
        let window = ApplicationWindow(application: application)
        window.title = title
        window.defaultSize = (900, 600)
        window.hideTitlebar()
        window.child = view.widget
        return window
    }
}
