import SplitView

/// The window both demos share: the list-detail view, its header bar and the app's title.
@MainActor
enum DemoWindow {
    static func make(application: Application, title: String, view: ListDetailView<Int>) -> (ApplicationWindow, HeaderBar) {
        let window = ApplicationWindow(application: application)
        window.title = title
        window.defaultSize = (900, 600)
        let header = view.makeHeaderBar()
        window.setTitlebar(header)
        window.child = view.widget
        return (window, header)
    }
}
