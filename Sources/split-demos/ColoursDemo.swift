import Gtk
import SplitDemosModel

/// Seed 001's app: colour names in the list; choosing one paints the detail in that colour.
@MainActor
final class ColoursDemo {
    let shell: DemoWindow
    private let list = TextList(accessibleName: "Colours")
    private let detail = Box(.vertical)
    private let heading = Label("Choose a colour")
    private var shownClass: String?

    static let css = """
        .swatch { padding: 24px; }
        .swatch-heading { font-size: 24pt; font-weight: bold; }
        .swatch-red { background-color: #e01b24; } .swatch-blue { background-color: #1c71d8; }
        .swatch-green { background-color: #26a269; } .swatch-cyan { background-color: #00ffff; }
        .swatch-yellow { background-color: #f6d32d; } .swatch-white { background-color: #ffffff; }
        .swatch-black { background-color: #000000; } .swatch-gray { background-color: #808080; }
        .swatch.dark label { color: #ffffff; } .swatch.light label { color: #000000; }
        """

    init(application: Application) {
        let colours = DemoColour.allCases
        detail.addCSSClass("swatch")
        detail.expandsHorizontally = true
        detail.expandsVertically = true
        heading.addCSSClass("swatch-heading")
        heading.xAlign = 0
        heading.isSelectable = true
        detail.append(heading)
        shell = DemoWindow(application: application, title: "Colours", listTitle: "Colours",
                           primary: list.widget, secondary: detail)
        list.text = { colours[$0].name }
        list.rowsChanged(at: 0, removed: 0, added: colours.count)
        list.onSelectionChanged = { [weak self] index in
            self?.show(index)
            self?.shell.split.highlight(index)
        }
        list.onRowChosen = { [weak self] index, byKeyboard in
            guard let self else { return }
            self.list.select(index)
            self.show(index)
            self.shell.split.select(index)
            if byKeyboard { self.shell.split.showDetail() }
        }
        shell.split.focusPrimary = { [weak self] in self?.list.focusSelectedRow() }
        shell.split.focusSecondary = { [weak self] in self?.heading.grabFocusWithoutSelecting() }
        shell.split.onChange = { [weak self] state in
            self?.shell.setDetailTitle(state.selection.map { colours[$0].name })
        }
    }

    private func show(_ index: Int?) {
        if let shownClass { detail.removeCSSClass(shownClass) }
        detail.removeCSSClass("dark")
        detail.removeCSSClass("light")
        guard let index else {
            heading.text = "Choose a colour"
            shownClass = nil
            return
        }
        let colour = DemoColour.allCases[index]
        heading.text = colour.name
        detail.addCSSClass(colour.cssClass)
        detail.addCSSClass(colour.isDark ? "dark" : "light")
        shownClass = colour.cssClass
        shell.setDetailTitle(colour.name)
    }
}
