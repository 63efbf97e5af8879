import SplitDemosModel
import SplitView

/// Seed 001's app: colour names in the list; choosing one paints the detail in that colour.
@MainActor
final class ColoursDemo {
    let window: ApplicationWindow
    private let view: ListDetailView<Int>
    private let detail = Box(.vertical)
    private let heading = Label(String(translating: "Choose a colour"))
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
        let strings = SplitViewStrings(back: String(translating: "Back to Colours"),
                                       toggleTooltip: String(translating: "Show or Hide the Colours List (F9)"),
                                       toggleLabel: String(translating: "Show Colours List"))
        let title = String(translating: "Colours")
        view = ListDetailView(title: title, listName: title, detail: detail, strings: strings, layout: DemoWindow.layout,
                              width: 900) { colours[$0].translatedName }
        window = DemoWindow.make(application: application, title: title, view: view)
        view.showDetail = { [weak self] index in self?.show(index) }
        view.split.focusSecondary = { [weak self] in self?.heading.grabFocusWithoutSelecting() }
        view.reload(count: colours.count)
    }

    private func show(_ index: Int?) {
        if let shownClass { detail.removeCSSClass(shownClass) }
        detail.removeCSSClass("dark")
        detail.removeCSSClass("light")
        guard let index else {
            heading.text = String(translating: "Choose a colour")
            shownClass = nil
            return
        }
        let colour = DemoColour.allCases[index]
        heading.text = colour.translatedName
        detail.addCSSClass(colour.cssClass)
        detail.addCSSClass(colour.isDark ? "dark" : "light")
        shownClass = colour.cssClass
    }
}

extension DemoColour {
    /// The colour's name in the user's language, for the list and the detail's heading.
    var translatedName: String {
        switch self {
        case .red: String(translating: "Red", context: "colour")
        case .blue: String(translating: "Blue", context: "colour")
        case .green: String(translating: "Green", context: "colour")
        case .cyan: String(translating: "Cyan", context: "colour")
        case .yellow: String(translating: "Yellow", context: "colour")
        case .white: String(translating: "White", context: "colour")
        case .black: String(translating: "Black", context: "colour")
        case .gray: String(translating: "Gray", context: "colour")
        }
    }
}
