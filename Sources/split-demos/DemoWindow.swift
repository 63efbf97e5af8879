import Gtk
import SplitView

/// The window both demos share: a header bar with the split view's back button and list toggle, and the
/// split view itself. Each demo fills the two panes; nothing in the split view knows which demo it is.
@MainActor
final class DemoWindow {
    let window: ApplicationWindow
    let header = HeaderBar()
    let split: SplitView<Int>
    private let title = Label()
    private let appTitle: String

    init(application: Application, title appTitle: String, listTitle: String, primary: Widget, secondary: Widget) {
        self.appTitle = appTitle
        window = ApplicationWindow(application: application)
        window.title = appTitle
        window.defaultSize = (900, 600)
        split = SplitView(primary: primary, secondary: secondary, primaryTitle: listTitle, width: 900)
        header.packStart(split.backButton)
        header.packStart(split.primaryToggle)
        title.text = appTitle
        title.addCSSClass("title")
        header.setTitleWidget(title)
        window.setTitlebar(header)
        window.child = split.widget
        split.track(window)
    }

    /// The header-bar title: the shown item's name while the detail is pushed, else the app's name.
    func setDetailTitle(_ detailTitle: String?) {
        let state = split.state
        title.text = state.isCollapsed && state.topPane == .secondary ? (detailTitle ?? appTitle) : appTitle
    }
}
