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

    /// `text` as a screen reader should read it: the spaces that align figures (`  12.0in`) are not words.
    static func spoken(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The window's title: the app's name, and the file's when it is not the user's own menu.
    /// With `folder` when another file opened has the same name: "menu.json (/home/ann/party) — Pizza Split".
    static func title(fileName: FilePath?, folder: FilePath? = nil) -> String {
        guard let fileName else { return String(translating: "Pizza Split") }
        let name = MenuFiles.fileName(of: fileName) + (folder.map { " (\($0))" } ?? "")
        // Translators: the window's title, %s is the name of the menu file that is open.
        return String(translating: "%s — Pizza Split", name)
    }

    /// An item of Open Recent: "Your Menu", or the file's name and folder (home written `~`). Underscores are
    /// doubled: a single one in a menu's label marks its access key.
    static func recentFile(_ path: FilePath, isOwnMenu: Bool) -> String {
        var folder = path.folder.escaped
        let home = UserDirectories.home
        if home != "/" && (folder == home || folder.hasPrefix(home + "/")) {
            folder = "~" + folder.dropFirst(home.count)
        }
        // Translators: an item of Open Recent, %1$s is a menu file's name and %2$s its folder, "party.json (~/Parties)".
        let label = isOwnMenu ? String(translating: "Your Menu")
            : String(translating: "%1$s (%2$s)", MenuFiles.fileName(of: path), Quoted.shortened(folder, limit: 60, keepingEnd: true))
        return label.split(separator: "_", omittingEmptySubsequences: false).joined(separator: "__")
    }

    /// The name Save As suggests for a copy of `original`: "menu copy.json".
    static func copyName(of original: FilePath) -> String {
        let name = MenuFiles.fileName(of: original)
        let stem = name.hasSuffix(".json") ? String(name.dropLast(5)) : name
        // Translators: the file name Save As suggests for a copy, %s is the menu file's name without ".json".
        return String(translating: "%s copy", stem) + ".json"
    }

    /// How the locale writes numbers (`113,10` in German), read once the locale is set.
    static let numberFormat: NumberFormat = {
        let marks = Localization.numberMarks
        return NumberFormat(decimalMark: marks.decimal, groupingMark: marks.grouping)
    }()

    /// How the locale writes money (`3,39 €` in German), read once the locale is set.
    static let moneyFormat: MoneyFormat = {
        let marks = Localization.moneyMarks
        return MoneyFormat(localCurrency: marks.currency, localSymbol: marks.symbol, symbolFirst: marks.symbolFirst, spaced: marks.spaced)
    }()

    /// `figure`, in the C form, as an amount of `currency` the locale's way: `$  5.65`, `5,65 €`. A padded figure
    /// keeps its padding only in the price line's own form, the sign first and unspaced (`$  5.65`); after the
    /// figure or spaced from it, the padding would only open a gap inside the sentence (`zu   0,05 €`).
    static func money(_ figure: String, _ currency: Currency) -> String {
        let padded = moneyFormat.symbolFirst && !moneyFormat.spaced
        return moneyFormat.amount(numberFormat.localized(padded ? figure : String(figure.drop { $0 == " " })), in: currency)
    }

    /// The detail's size line, `  12.0in Pizza`, `  32.0cm Pizza`.
    static func sizeLine(diameter: Double, unit: LengthUnit) -> String {
        let figure = numberFormat.localized(PriceQuote.diameterFigure(diameter))
        switch unit {
        case .inch:
            // Translators: the detail's size line, %s is the diameter in inches, "  12.0in Pizza".
            return String(translating: "%sin Pizza", figure)
        case .centimetre:
            // Translators: the detail's size line, %s is the diameter in centimetres, "  32.0cm Pizza".
            return String(translating: "%scm Pizza", figure)
        }
    }

    /// A size button's name for a screen reader: "12 inches", "Personal size, 8 inches".
    static func sizeName(_ size: PizzaSize, unit: LengthUnit) -> String {
        guard size.label == "Personal" else { return diameterName(size.diameter, unit: unit) }
        let diameter = numberFormat.localized(MenuFile.number(size.diameter))
        switch unit {
        // Translators: the Personal size button's name, %s is its diameter in inches.
        case .inch: return String(translating: "Personal size, %s inches", diameter)
        // Translators: the Personal size button's name, %s is its diameter in centimetres.
        case .centimetre: return String(translating: "Personal size, %s centimetres", diameter)
        }
    }

    /// A diameter as a size button is named, in the plural as the Personal size's: "12 inches", "32 centimetres".
    static func diameterName(_ diameter: Double, unit: LengthUnit) -> String {
        let figure = numberFormat.localized(MenuFile.number(diameter))
        switch unit {
        // Translators: a size button's name, %s is its diameter: "12 inches".
        case .inch: return String(translating: "%s inches", figure)
        // Translators: a size button's name, %s is its diameter: "32 centimetres".
        case .centimetre: return String(translating: "%s centimetres", figure)
        }
    }


    /// Under the drawing of the sizes: how much more pizza the chosen size is, `16" is 1.78 × 12"`, `32 cm is
    /// 1.78 × 24 cm`. Sizes are named by their diameters, which say how large they are whatever the menu calls them.
    static func sizeComparison(_ comparison: SizeComparison, unit: LengthUnit) -> String {
        func diameter(_ size: PizzaSize) -> String {
            let figure = numberFormat.localized(MenuFile.number(size.diameter))
            return unit == .inch ? figure + "\"" : figure + " cm"
        }
        // Translators: under the circles of the sizes; %1$s is the chosen diameter, %2$s how many times its area is
        // that of %3$s, the next smaller diameter: 16" is 1.78 × 12".
        return String(translating: "%1$s is %2$s × %3$s", diameter(comparison.size),
                      numberFormat.localized(comparison.ratioText), diameter(comparison.other))
    }

    /// What the drawing of the sizes shows, in words, for a screen reader, the sizes named as their buttons are.
    static func sizeDrawingDescription(_ sizes: [PizzaSize], chosen: PizzaSize?, comparison: SizeComparison?,
                                       unit: LengthUnit) -> String {
        let names = sizes.map { diameterName($0.diameter, unit: unit) }.joined(separator: ", ")
        guard let chosen else {
            // Translators: the drawing of the sizes, for a screen reader; %s is a list of sizes, "8 inches, 10 inches".
            return String(translating: "Circles of %s, to scale.", names)
        }
        guard let comparison else {
            // Translators: the drawing of the sizes, for a screen reader; %1$s is a list of sizes, "8 inches, 10 inches",
            // %2$s the chosen size, "12 inches".
            return String(translating: "Circles of %1$s, to scale. Chosen: %2$s.", names, diameterName(chosen.diameter, unit: unit))
        }
        // Translators: the drawing of the sizes, for a screen reader; %1$s is a list of sizes, "8 inches, 10 inches",
        // %2$s the chosen size, "16 inches", %3$s how many times its area is that of %4$s, "12 inches".
        return String(translating: "Circles of %1$s, to scale. Chosen: %2$s, %3$s times the area of %4$s.", names,
                      diameterName(chosen.diameter, unit: unit), numberFormat.localized(comparison.ratioText),
                      diameterName(comparison.other.diameter, unit: unit))
    }

    /// The price per square unit as the list shows and speaks it, `0.050`.
    static func unitPriceDigits(_ pricePerSquareInch: Double) -> String {
        numberFormat.localized(PriceQuote.unitPriceDigits(pricePerSquareInch))
    }

    /// The price field's caption: "Price per square inch".
    static func priceCaption(_ unit: LengthUnit) -> String {
        unit == .inch ? String(translating: "Price per square inch") : String(translating: "Price per square centimetre")
    }

    /// The New Pizza dialog's price caption, with the currency: "Price per square inch ($)".
    static func priceCaption(_ measures: MenuMeasures) -> String {
        let sign = moneyFormat.symbol(of: measures.currency)
        // Translators: %s is the currency's sign, $ or €.
        return measures.unit == .inch ? String(translating: "Price per square inch (%s)", sign)
            // Translators: %s is the currency's sign, $ or €.
            : String(translating: "Price per square centimetre (%s)", sign)
    }

    /// The list's price with its unit, `$0.050 / sq in`, `0,0075 € / cm²`.
    static func unitPrice(_ pricePerSquareInch: Double, _ measures: MenuMeasures) -> String {
        let amount = money(PriceQuote.unitPriceDigits(pricePerSquareInch), measures.currency)
        // Translators: a list row's price per square inch, %s is the amount, $0.050.
        return measures.unit == .inch ? String(translating: "%s / sq in", amount)
            // Translators: a list row's price per square centimetre, %s is the amount, $0.0075.
            : String(translating: "%s / cm²", amount)
    }

    /// A list row as a screen reader says it: "Cheese, 0.030 dollars per square inch".
    static func spokenRow(_ pizza: Pizza, _ measures: MenuMeasures) -> String {
        let digits = unitPriceDigits(pizza.pricePerSquareInch)
        let amount = money(PriceQuote.unitPriceDigits(pizza.pricePerSquareInch), measures.currency)
        switch (measures.currency == .usDollar, measures.unit) {
        // Translators: a list row as a screen reader says it, %1$s is the pizza's name, %2$s its price, 0.050.
        case (true, .inch): return String(translating: "%1$s, %2$s dollars per square inch", pizza.name, digits)
        // Translators: a list row as a screen reader says it, %1$s is the pizza's name, %2$s its price, 0.0075.
        case (true, .centimetre): return String(translating: "%1$s, %2$s dollars per square centimetre", pizza.name, digits)
        // Translators: a list row as a screen reader says it, %1$s is the pizza's name, %2$s its price with its currency, 0,050 €.
        case (false, .inch): return String(translating: "%1$s, %2$s per square inch", pizza.name, amount)
        // Translators: a list row as a screen reader says it, %1$s is the pizza's name, %2$s its price with its currency, 0,0075 €.
        case (false, .centimetre): return String(translating: "%1$s, %2$s per square centimetre", pizza.name, amount)
        }
    }

    /// The detail's price line, `113.10 sq in at $  0.05 is $  5.65`, as markup in which a narrow window wraps only
    /// between the amounts, never inside one: each amount is a span that does not break.
    static func priceLineMarkup(_ quote: PriceQuote) -> String {
        let figures = quote.figures
        let area = numberFormat.localized(figures.area)
        // Translators: the area in the detail's price line, "113.10 sq in".
        let amounts = [quote.measures.unit == .inch ? String(translating: "%s sq in", area) : String(translating: "%s cm²", area),
                       money(figures.unitPrice, quote.measures.currency), money(figures.total, quote.measures.currency)]
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
            let reason = sentence(named(problem, after: path))
            guard MenuStore(file: path).hasBrokenFileToKeep else {
                // Translators: %1$s is the file's name, %2$s why it could not be read, a sentence of its own.
                return (String(translating: "Could not open %1$s. %2$s Showing the default menu.", name, reason), nil)
            }
            // Translators: %1$s is the file's name, %2$s why it could not be read, %3$s the name its copy will have.
            return (String(translating: "Could not open %1$s. %2$s Showing the default menu. The file is left as it is; at your first change it is kept beside the new one as %3$s.",
                           name, reason, name + ".broken"), nil)
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
                           MenuFiles.fileName(of: path), sentence(named(problem, after: path))), nil)
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
            return (String(translating: "%s is read-only: your changes are kept in this window only. Save a copy to keep them.",
                           MenuFiles.fileName(of: path)), String(translating: "_Save a Copy…"))
        case .copyFailed(let path, let reason):
            // Translators: %1$s is the name of the file chosen in Save As, %2$s why it could not be written, a sentence.
            return (String(translating: "Could not save %1$s: %2$s Your changes are kept in this window.",
                           MenuFiles.fileName(of: path), sentence(reason)), String(translating: "_Save As…"))
        case .deletedOnDisk(let path, savedAgain: false):
            return (String(translating: "Another program deleted or moved %s. The menu is still open here, and your next change saves it there again.",
                           MenuFiles.fileName(of: path)), String(translating: "_Save Again"))
        case .deletedOnDisk(let path, savedAgain: true):
            return (String(translating: "Another program deleted or moved %s. Your menu was saved there again.",
                           MenuFiles.fileName(of: path)), nil)
        case .brokenOnDisk(let path, let problem):
            let name = MenuFiles.fileName(of: path)
            // Translators: %1$s is the file's name, %2$s why it cannot be read (a sentence), %3$s the name its copy will have.
            return (String(translating: "Another program left %1$s unreadable. %2$s The menu is still open here; saving it again keeps that file beside it as %3$s.",
                           name, sentence(named(problem, after: path)), name + ".broken"), String(translating: "_Save Again"))
        case .changedOnDisk(let path):
            return (String(translating: "Another program changed %s. Your changes here are not in it yet, and are kept in this window.",
                           MenuFiles.fileName(of: path)), String(translating: "_Choose What to Keep…"))
        }
    }

    /// `problem` for a sentence that has named the file at `path` already: without the path it starts with
    /// ("party.json. Line 1, …", not "party.json. /home/ana/party.json: line 1, …"), its first letter a capital.
    private static func named(_ problem: String, after path: FilePath) -> String {
        let prefix = path.description + ": "
        guard problem.hasPrefix(prefix), let first = problem.dropFirst(prefix.count).first else { return problem }
        return first.uppercased() + problem.dropFirst(prefix.count + 1)
    }

    static func toast(_ toast: AppSession.Toast) -> (text: String, actionLabel: String?) {
        let text = switch toast.message {
        case .deleted(let name): String(translating: "Deleted “%s”", Quoted.shortened(name))
        case .undid(let edit): undid(edit)
        case .redid(let edit): redid(edit)
        case .nothingToUndo: String(translating: "Nothing to undo")
        case .nothingToRedo: String(translating: "Nothing to redo")
        // Translators: %s is the name of the file the menu was just saved to with Save As.
        case .savedAs(let path): String(translating: "Saved as %s", MenuFiles.fileName(of: path))
        // Translators: a confirmation, %s is the CSV or PDF file the price list was written to.
        case .exported(let path): String(translating: "Price list exported to %s", path.description)
        // Translators: %1$s is the CSV or PDF file, %2$s why it could not be written.
        case .exportFailed(let path, let reason): String(translating: "Could not export the price list to %1$s: %2$s", path.description, reason)
        // Translators: %s is the CSV or PDF file that the cancelled export left as it was.
        case .exportCancelled(let path): String(translating: "Export to %s cancelled; nothing was written", path.description)
        // Translators: %s is why the printing system could not print.
        case .printFailed(let reason): String(translating: "Could not print the price list: %s", reason)
        }
        let label: String? = switch toast.action {
        case .undo: String(translating: "_Undo")
        case .redo: String(translating: "_Redo")
        case nil: nil
        }
        return (text, label)
    }

    /// A price as typed, written the locale's way: `0,05` in German.
    private static func figure(_ price: Double) -> String { numberFormat.localized(MenuFile.number(price)) }

    /// "Undid: …" for each kind of edit, whole, so that a translation can word each its own way.
    private static func undid(_ edit: MenuEdit) -> String {
        switch edit.kind {
        case .add(let pizza, _): String(translating: "Undid: adding “%s”", Quoted.shortened(pizza.name))
        case .delete(let pizza, _): String(translating: "Undid: deleting “%s”", Quoted.shortened(pizza.name))
        case .rename(let old, let new): String(translating: "Undid: renaming “%1$s” to “%2$s”", Quoted.shortened(old), Quoted.shortened(new))
        case .setPrice(let name, let old, let new):
            String(translating: "Undid: changing the price of “%1$s” from %2$s to %3$s", Quoted.shortened(name), figure(old), figure(new))
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
            String(translating: "Redid: changing the price of “%1$s” from %2$s to %3$s", Quoted.shortened(name), figure(old), figure(new))
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

    /// The question's words and buttons; nil `tryAgain` and `saveAs` ask only Discard or Cancel.
    struct Question {
        let heading: String
        let detail: String
        let cancel: String
        let discard: String
        let tryAgain: String?
        var saveAs: String?
        /// Whether Try Again writes over another program's file: then it is not what Enter does.
        var tryAgainOverwrites = false
    }

    static func question(_ question: AppSession.Question, _ measures: MenuMeasures) -> Question {
        switch question {
        case .discardTypedName(let name, let error):
            Question(heading: String(translating: "Discard the name you typed?"),
                     // Translators: %1$s is the name typed, %2$s why the menu cannot take it, a sentence of its own.
                     detail: String(translating: "“%1$s” is not a name this menu can keep. %2$s",
                                    Quoted.shortened(name), fieldError(error, measures)),
                     cancel: String(translating: "_Keep Editing"), discard: String(translating: "_Discard Name"), tryAgain: nil)
        case .discardTypedText(_, let text, let error):
            // The description is the one text field besides the name.
            Question(heading: String(translating: "Discard the description you typed?"),
                     // Translators: %1$s is the description typed, %2$s why the menu cannot take it, a sentence of its own.
                     detail: String(translating: "“%1$s” is not a description this menu can keep. %2$s",
                                    Quoted.shortened(text), fieldError(error, measures)),
                     cancel: String(translating: "_Keep Editing"), discard: String(translating: "_Discard Description"),
                     tryAgain: nil)
        case .discardTypedPrice(let text, let error):
            Question(heading: String(translating: "Discard the price you typed?"),
                     detail: error.map {
                         String(translating: "“%1$s” is not a price this menu can keep. %2$s", Quoted.shortened(text), fieldError($0, measures))
                     } ?? String(translating: "“%s” is not a price this menu can keep.", Quoted.shortened(text)),
                     cancel: String(translating: "_Keep Editing"), discard: String(translating: "_Discard Price"), tryAgain: nil)
        case .unsavedChanges(let isClosing, let failure):
            Question(heading: isClosing ? String(translating: "Save changes to the menu before closing?")
                        : String(translating: "Save changes to the menu before opening another?"),
                     detail: failure.map {
                         String(translating: "Your changes could not be saved: %s If you go on without them, they are lost.", sentence($0))
                     } ?? String(translating: "Your last change could not be saved. If you go on without them, they are lost."),
                     cancel: String(translating: "_Cancel"), discard: String(translating: "_Discard Changes"),
                     tryAgain: String(translating: "_Try Again"), saveAs: String(translating: "_Save As…"))
        case .discardNewPizza(let typed):
            Question(heading: String(translating: "Discard the new pizza?"),
                     detail: typed.name.isEmpty ? String(translating: "What you typed in New Pizza has not been added to the menu.")
                        : String(translating: "“%s” has not been added to the menu.", Quoted.shortened(typed.name)),
                     cancel: String(translating: "_Keep Editing"), discard: String(translating: "_Discard Pizza"), tryAgain: nil)
        case .fileChangedOnDisk:
            Question(heading: String(translating: "The menu was changed by another program"),
                     detail: String(translating: "Your changes here are not in the file yet. Reload the file and lose them, keep yours and overwrite what the other program wrote, or save yours as another file."),
                     cancel: String(translating: "_Cancel"), discard: String(translating: "_Reload and Lose My Changes"),
                     tryAgain: String(translating: "_Keep Mine and Overwrite"), saveAs: String(translating: "_Save As…"),
                     tryAgainOverwrites: true)
        case .readOnlyChanges(let isClosing):
            Question(heading: isClosing ? String(translating: "Save a copy of your changes before closing?")
                        : String(translating: "Save a copy of your changes before opening another menu?"),
                     detail: String(translating: "This menu is read-only, so your changes are not in its file. If you go on without a copy, they are lost."),
                     cancel: String(translating: "_Cancel"), discard: String(translating: "_Discard Changes"), tryAgain: nil,
                     saveAs: String(translating: "_Save a Copy…"))
        case .lostOnDisk(let path, let isClosing):
            Question(heading: isClosing ? String(translating: "Save the menu again before closing?")
                        : String(translating: "Save the menu again before opening another?"),
                     // Translators: %s is the menu file's name.
                     detail: String(translating: "Another program deleted, moved or broke %s, so the menu shown here is in no file. If you go on without saving it, it is lost.",
                                    MenuFiles.fileName(of: path)),
                     cancel: String(translating: "_Cancel"), discard: String(translating: "_Discard Menu"),
                     tryAgain: String(translating: "Save _Again"), saveAs: String(translating: "_Save As…"))
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
