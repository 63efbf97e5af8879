import Gtk
import MenuSession
import PizzaModel
import SplitView

/// The words the window says for each of the state's messages, questions and empty pages: the one place
/// that turns what the state decided into text.
enum Messages {
    /// `text` as a sentence: a full stop added unless it already ends in one (messages quote model errors
    /// that are sentences of their own).
    static func sentence(_ text: some StringProtocol) -> String {
        text.hasSuffix(".") || text.hasSuffix("?") || text.hasSuffix("!") ? String(text) : text + "."
    }

    /// The window's title: the app's name, and the file's when it is not the user's own menu.
    /// With `folder` when another file opened has the same name: "menu.json (/home/ann/party) — Pizza Split".
    static func title(fileName: FilePath?, folder: FilePath? = nil) -> String {
        guard let fileName else { return String(translating: "Pizza Split") }
        let name = MenuFiles.fileName(of: fileName) + (folder.map { " (\($0))" } ?? "")
        // Translators: the window's title, %s is the name of the menu file that is open.
        return String(translating: "%s — Pizza Split", name)
    }

    /// How the locale writes numbers (`113,10` in German), read once the locale is set.
    static let numberFormat: NumberFormat = {
        let marks = Localization.numberMarks
        return NumberFormat(decimalMark: marks.decimal, groupingMark: marks.grouping)
    }()

    /// The detail's size line, `  12.0in Pizza`.
    static func sizeLine(diameter: Double) -> String {
        // Translators: the detail's size line, %s is the diameter in inches, "  12.0in Pizza".
        String(translating: "%sin Pizza", numberFormat.localized(PriceQuote.diameterFigure(diameter)))
    }

    /// Under the drawing of the sizes: how much more pizza the chosen size is, `16" is 1.78 × 12"`. Sizes are
    /// named by their diameters, which say how large they are whatever the menu calls them.
    static func sizeComparison(_ comparison: SizeComparison) -> String {
        func diameter(_ size: PizzaSize) -> String { numberFormat.localized(MenuFile.number(size.diameter)) + "\"" }
        // Translators: under the circles of the sizes; %1$s is the chosen diameter, %2$s how many times its area is
        // that of %3$s, the next smaller diameter: 16" is 1.78 × 12".
        return String(translating: "%1$s is %2$s × %3$s", diameter(comparison.size),
                      numberFormat.localized(comparison.ratioText), diameter(comparison.other))
    }

    /// What the drawing of the sizes shows, in words, for a screen reader.
    static func sizeDrawingDescription(_ sizes: [PizzaSize], chosen: PizzaSize?, comparison: SizeComparison?) -> String {
        let diameters = sizes.map { MenuFile.number($0.diameter) }.joined(separator: ", ")
        guard let chosen else {
            // Translators: the drawing of the sizes, for a screen reader; %s is a list of diameters, "8, 10, 12".
            return String(translating: "Circles of %s inches across.", diameters)
        }
        guard let comparison else {
            // Translators: the drawing of the sizes, for a screen reader; %1$s is a list of diameters, "8, 10, 12",
            // %2$s the chosen size, "12 inch".
            return String(translating: "Circles of %1$s inches across. Chosen: %2$s.", diameters, inches(chosen.diameter))
        }
        // Translators: the drawing of the sizes, for a screen reader; %1$s is a list of diameters, "8, 10, 12",
        // %2$s the chosen size, "16 inch", %3$s how many times its area is that of %4$s, "12 inch".
        return String(translating: "Circles of %1$s inches across. Chosen: %2$s, %3$s times the area of %4$s.", diameters,
                      inches(chosen.diameter), numberFormat.localized(comparison.ratioText), inches(comparison.other.diameter))
    }

    /// A size by its diameter, as its button is named: `12 inch`.
    static func inches(_ diameter: Double) -> String {
        // Translators: a size button's name, %s is its diameter: "12 inch".
        String(translating: "%s inch", MenuFile.number(diameter))
    }

    /// The price per square inch as the list shows and speaks it, `0.050`.
    static func unitPriceDigits(_ pricePerSquareInch: Double) -> String {
        numberFormat.localized(PriceQuote.unitPriceDigits(pricePerSquareInch))
    }

    /// What is wrong with what was typed in a field, for the message under it. A price's expected form is
    /// written the locale's way (`0,05` in German).
    static func fieldError(_ error: MenuError) -> String {
        let example = numberFormat.localized("0.05")
        switch error {
        case .priceNotANumber:
            // Translators: under a price field, %s is a price written the language's way, 0.05 or 0,05.
            return String(translating: "Enter the price per square inch as a number, like %s.", example)
        case .priceDecimalComma:
            // Translators: under a price field when a comma was typed in a language that writes a point, %s is 0.05.
            return String(translating: "Write the price per square inch with a point for decimals, like %s.", example)
        default:
            return error.description
        }
    }

    /// The list's price with its unit, `$0.050 / sq in`.
    static func unitPrice(_ pricePerSquareInch: Double) -> String {
        // Translators: a list row's price per square inch, %s is the amount, 0.050.
        String(translating: "$%s / sq in", unitPriceDigits(pricePerSquareInch))
    }

    /// The detail's price line, `113.10 sq in at $  0.05 is $  5.65`, as markup in which a narrow window wraps only
    /// between the amounts, never inside one: each amount is a span that does not break.
    static func priceLineMarkup(_ quote: PriceQuote) -> String {
        let figures = (area: numberFormat.localized(quote.figures.area), unitPrice: numberFormat.localized(quote.figures.unitPrice),
                       total: numberFormat.localized(quote.figures.total))
        // Translators: the three amounts of the detail's price line: an area, a price per square inch, a price.
        let amounts = [String(translating: "%s sq in", figures.area), String(translating: "$%s", figures.unitPrice),
                       String(translating: "$%s", figures.total)]
        // The line is worded with markers where the amounts go, escaped, and then given the amounts in spans.
        let markers: [Character] = ["\u{E000}", "\u{E001}", "\u{E002}"]
        // Translators: the detail's price line, "113.10 sq in at $  0.05 is $  5.65": %1$s is the area, %2$s the
        // price per square inch, %3$s the price of the pizza.
        var markup = Markup.escaped(String(translating: "%1$s at %2$s is %3$s", String(markers[0]), String(markers[1]), String(markers[2])))
        for (marker, amount) in zip(markers, amounts) {
            markup = markup.split(separator: marker, omittingEmptySubsequences: false)
                .joined(separator: "<span allow_breaks=\"false\">\(Markup.escaped(amount))</span>")
        }
        return markup
    }

    /// The split view's own words: its Back button and the list toggle.
    static var splitView: SplitViewStrings {
        SplitViewStrings(back: String(translating: "Back to Pizzas"),
                         toggleTooltip: String(translating: "Show or Hide the Pizzas List (F9)"),
                         toggleLabel: String(translating: "Show Pizzas List"))
    }

    static func banner(_ banner: AppSession.Banner, isOwnMenu: Bool) -> (text: String, actionLabel: String?) {
        switch banner {
        case .loadProblem(let path, let problem) where !isOwnMenu:
            let name = MenuFiles.fileName(of: path)
            guard MenuStore(file: path).hasBrokenFileToKeep else {
                // Translators: %1$s is the file's name, %2$s why it could not be read, a sentence of its own.
                return (String(translating: "Could not open %1$s. %2$s Showing the default menu.", name, sentence(problem)), nil)
            }
            // Translators: %1$s is the file's name, %2$s why it could not be read, %3$s the name its copy will have.
            return (String(translating: "Could not open %1$s. %2$s Showing the default menu. The file is left as it is; at your first change it is kept beside the new one as %3$s.",
                           name, sentence(problem), name + ".broken"), nil)
        case .loadProblem(let path, let problem):
            // A copy is promised only where the first save will really make one.
            guard MenuStore(file: path).hasBrokenFileToKeep else {
                // Translators: %s is why the file could not be read, a sentence of its own.
                return (String(translating: "Could not open your menu. %s Showing the default menu.", sentence(problem)), nil)
            }
            // Translators: %1$s is why the file could not be read, %2$s the name its copy will have.
            return (String(translating: "Could not open your menu. %1$s Showing the default menu. Your file is left as it is; at your first change it is kept beside the new one as %2$s.",
                           sentence(problem), MenuFiles.fileName(of: path) + ".broken"), nil)
        case .couldNotOpen(let path, let problem):
            // Translators: %1$s is the file's name, %2$s why it could not be opened, a sentence of its own.
            return (String(translating: "Could not open %1$s. %2$s The menu you had open stays open.",
                           MenuFiles.fileName(of: path), sentence(problem)), nil)
        case .saving:
            return (String(translating: "Saving your menu…"), nil)
        case .saveFailed(let reason):
            return (String(translating: "Could not save your menu: %s Your changes are kept in this window.", sentence(reason)),
                    String(translating: "_Try Again"))
        case .keptBrokenFile(let path):
            return (String(translating: "Your old menu could not be read and was kept as %s, beside the new one.",
                           MenuFiles.fileName(of: path)), nil)
        case .newFile(let path):
            return (String(translating: "%s does not exist yet. It will be created at your first change.",
                           MenuFiles.fileName(of: path)), nil)
        case .readOnly(let path):
            return (String(translating: "%s is read-only: it is shown here but cannot be changed.",
                           MenuFiles.fileName(of: path)), nil)
        }
    }

    static func toast(_ toast: AppSession.Toast) -> (text: String, actionLabel: String?) {
        let text = switch toast.message {
        case .deleted(let name): String(translating: "Deleted “%s”", Quoted.shortened(name))
        case .undid(let edit): undid(edit)
        case .redid(let edit): redid(edit)
        case .nothingToUndo: String(translating: "Nothing to undo")
        case .nothingToRedo: String(translating: "Nothing to redo")
        case .readOnly: String(translating: "This menu is read-only: nothing was changed")
        }
        let label: String? = switch toast.action {
        case .undo: String(translating: "_Undo")
        case .redo: String(translating: "_Redo")
        case nil: nil
        }
        return (text, label)
    }

    /// "Undid: …" for each kind of edit, whole, so that a translation can word each its own way.
    private static func undid(_ edit: MenuEdit) -> String {
        switch edit.kind {
        case .add(let pizza, _): String(translating: "Undid: adding “%s”", Quoted.shortened(pizza.name))
        case .delete(let pizza, _): String(translating: "Undid: deleting “%s”", Quoted.shortened(pizza.name))
        case .rename(let old, let new): String(translating: "Undid: renaming “%1$s” to “%2$s”", Quoted.shortened(old), Quoted.shortened(new))
        case .setPrice(let name, let old, let new):
            String(translating: "Undid: changing the price of “%1$s” from %2$s to %3$s", Quoted.shortened(name), MenuFile.number(old), MenuFile.number(new))
        case .move(let name, let source, let destination) where destination < source:
            String(translating: "Undid: moving “%1$s” up to place %2$d", Quoted.shortened(name), destination + 1)
        case .move(let name, _, let destination):
            String(translating: "Undid: moving “%1$s” down to place %2$d", Quoted.shortened(name), destination + 1)
        case .setText(_, let name, _, _):
            String(translating: "Undid: changing the description of “%s”", Quoted.shortened(name))
        }
    }

    /// "Redid: …" for each kind of edit.
    private static func redid(_ edit: MenuEdit) -> String {
        switch edit.kind {
        case .add(let pizza, _): String(translating: "Redid: adding “%s”", Quoted.shortened(pizza.name))
        case .delete(let pizza, _): String(translating: "Redid: deleting “%s”", Quoted.shortened(pizza.name))
        case .rename(let old, let new): String(translating: "Redid: renaming “%1$s” to “%2$s”", Quoted.shortened(old), Quoted.shortened(new))
        case .setPrice(let name, let old, let new):
            String(translating: "Redid: changing the price of “%1$s” from %2$s to %3$s", Quoted.shortened(name), MenuFile.number(old), MenuFile.number(new))
        case .move(let name, let source, let destination) where destination < source:
            String(translating: "Redid: moving “%1$s” up to place %2$d", Quoted.shortened(name), destination + 1)
        case .move(let name, _, let destination):
            String(translating: "Redid: moving “%1$s” down to place %2$d", Quoted.shortened(name), destination + 1)
        case .setText(_, let name, _, _):
            String(translating: "Redid: changing the description of “%s”", Quoted.shortened(name))
        }
    }

    static func emptyList(_ page: AppSession.EmptyList) -> (icon: String, title: String, description: String) {
        switch page {
        case .reading(let path):
            ("document-open-symbolic", String(translating: "Reading the Menu…"), MenuFiles.fileName(of: path))
        case .noMatches:
            ("system-search-symbolic", String(translating: "No pizzas match"),
             String(translating: "Try another name, or press Escape to see every pizza."))
        case .noPizzas: ("emoji-food-symbolic", String(translating: "No Pizzas"), String(translating: "Add one with +  (Ctrl+N)"))
        }
    }

    /// The question's words and buttons; nil `tryAgain` asks only Discard or Cancel.
    struct Question {
        let heading: String
        let detail: String
        let cancel: String
        let discard: String
        let tryAgain: String?
    }

    static func question(_ question: AppSession.Question) -> Question {
        switch question {
        case .discardTypedName(let name, let error):
            Question(heading: String(translating: "Discard the name you typed?"),
                     // Translators: %1$s is the name typed, %2$s why the menu cannot take it, a sentence of its own.
                     detail: String(translating: "“%1$s” is not a name this menu can keep. %2$s",
                                    Quoted.shortened(name), sentence("\(error)")),
                     cancel: String(translating: "_Keep Editing"), discard: String(translating: "_Discard Name"), tryAgain: nil)
        case .discardTypedText(_, let text, let error):
            // The description is the one text field besides the name.
            Question(heading: String(translating: "Discard the description you typed?"),
                     // Translators: %1$s is the description typed, %2$s why the menu cannot take it, a sentence of its own.
                     detail: String(translating: "“%1$s” is not a description this menu can keep. %2$s",
                                    Quoted.shortened(text), sentence("\(error)")),
                     cancel: String(translating: "_Keep Editing"), discard: String(translating: "_Discard Description"),
                     tryAgain: nil)
        case .discardTypedPrice(let text, let error):
            Question(heading: String(translating: "Discard the price you typed?"),
                     detail: error.map {
                         String(translating: "“%1$s” is not a price this menu can keep. %2$s", Quoted.shortened(text), sentence("\($0)"))
                     } ?? String(translating: "“%s” is not a price this menu can keep.", Quoted.shortened(text)),
                     cancel: String(translating: "_Keep Editing"), discard: String(translating: "_Discard Price"), tryAgain: nil)
        case .unsavedChanges(let isClosing, let failure):
            Question(heading: isClosing ? String(translating: "Save changes to the menu before closing?")
                        : String(translating: "Save changes to the menu before opening another?"),
                     detail: failure.map {
                         String(translating: "Your changes could not be saved: %s If you go on without them, they are lost.", sentence($0))
                     } ?? String(translating: "Your last change could not be saved. If you go on without them, they are lost."),
                     cancel: String(translating: "_Cancel"), discard: String(translating: "_Discard Changes"),
                     tryAgain: String(translating: "_Try Again"))
        case .discardNewPizza(let typed):
            Question(heading: String(translating: "Discard the new pizza?"),
                     detail: typed.name.isEmpty ? String(translating: "What you typed in New Pizza has not been added to the menu.")
                        : String(translating: "“%s” has not been added to the menu.", Quoted.shortened(typed.name)),
                     cancel: String(translating: "_Keep Editing"), discard: String(translating: "_Discard Pizza"), tryAgain: nil)
        case .fileChangedOnDisk:
            Question(heading: String(translating: "The menu was changed by another program"),
                     detail: String(translating: "Your changes here are not in the file yet. Reload the file and lose them, or keep yours and overwrite what the other program wrote."),
                     cancel: String(translating: "_Cancel"), discard: String(translating: "_Reload and Lose My Changes"),
                     tryAgain: String(translating: "_Keep Mine and Overwrite"))
        }
    }
}

extension StatusPage {
    /// Says what the list pane's empty page says for `page`.
    func show(_ page: AppSession.EmptyList) {
        let words = Messages.emptyList(page)
        iconName = words.icon
        title = words.title
        description = words.description
    }
}
