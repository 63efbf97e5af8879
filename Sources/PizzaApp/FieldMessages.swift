import Gtk
import PizzaModel

extension Messages {
    /// What is wrong with what was typed in a field, for the message under it. A price's expected form is
    /// written the locale's way (`0,05` in German), and says the menu's unit.
    static func fieldError(_ error: MenuError, _ measures: MenuMeasures) -> String {
        let inch = measures.unit == .inch
        switch error {
        case .priceNotANumber:
            let example = numberFormat.localized("0.05")
            // Translators: under a price field, %s is a price written the language's way, 0.05 or 0,05.
            return inch ? String(translating: "Enter the price per square inch as a number, like %s.", example)
                // Translators: under a price field, %s is a price written the language's way, 0.05 or 0,05.
                : String(translating: "Enter the price per square centimetre as a number, like %s.", example)
        case .priceDecimalComma:
            let example = numberFormat.localized("0.05")
            // Translators: under a price field when a comma was typed in a language that writes a point, %s is 0.05.
            return inch ? String(translating: "Write the price per square inch with a point for decimals, like %s.", example)
                // Translators: under a price field when a comma was typed in a language that writes a point, %s is 0.05.
                : String(translating: "Write the price per square centimetre with a point for decimals, like %s.", example)
        case .priceReadAsGrouped(let typed, let read):
            // Translators: under a price field, in a language whose numbers group thousands with a point and write decimals
            // with a comma; %1$s is what was typed, "1.005", %2$s the number it was read as, "1005", %3$s the same
            // typed with a comma, "1,005".
            return String(translating: "“%1$s” is read as %2$s, since a point separates thousands here. Write decimals with a comma, like %3$s.",
                          Quoted.shortened(typed), read, Quoted.shortened(typed.replacingPoints()))
        case .priceNotPositive:
            return inch ? String(translating: "The price per square inch must be more than 0.")
                : String(translating: "The price per square centimetre must be more than 0.")
        case .priceTooHigh:
            let most = money(MenuFile.number(MenuError.maximumPricePerSquareInch), measures.currency)
            // Translators: under a price field, %s is the highest price, $100.
            return inch ? String(translating: "The price per square inch can be at most %s.", most)
                // Translators: under a price field, %s is the highest price, $100.
                : String(translating: "The price per square centimetre can be at most %s.", most)
        case .priceTooPrecise:
            let example = numberFormat.localized("0.0125")
            // Translators: under a price field, %1$d is how many decimals a price can have, %2$s an example, 0.0125.
            return inch ? String(translating: "The price per square inch can have at most %1$d decimals, like %2$s.", MenuError.maximumPriceDecimals, example)
                // Translators: under a price field, %1$d is how many decimals a price can have, %2$s an example, 0.0125.
                : String(translating: "The price per square centimetre can have at most %1$d decimals, like %2$s.", MenuError.maximumPriceDecimals, example)
        case .emptyName:
            return String(translating: "Enter a name for the pizza.")
        case .duplicateName(let name):
            return String(translating: "There is already a pizza called “%s”.", Quoted.shortened(name))
        case .nameTooLong(let characters):
            // Translators: %1$d is the most characters a name can have, %2$d how many the typed one has.
            return String(translating: "A name can be at most %1$d characters long; this one has %2$d.", MenuError.maximumNameLength, characters)
        case .textTooLong(let rule, let characters):
            // Translators: under a text field such as the description, %1$d is the most characters it can have, %2$d how many the typed text has.
            return String(translating: "Write at most %1$d characters here; this text has %2$d.", rule.maximumLength, characters)
        case .hiddenCharacter(let scalar):
            // Translators: %s is the character's code, U+200B.
            return String(translating: "Text on a menu cannot contain invisible or text-direction characters (it has %s).",
                          MenuError.codePoint(scalar))
        case .menuTooLarge:
            // Translators: %d is the largest menu file, in megabytes.
            return String(translating: "The menu would be larger than %d MB, more than a menu file can hold. Delete some pizzas first.",
                          MenuFile.maximumFileSize / 1_048_576)
        case .emptySizeLabel, .duplicateSizeLabel, .diameterOutOfRange, .noSizes, .unknownSize, .noPizza, .sizeLabelTooLong,
             .tooManySizes, .noTextField, .unknownUnit, .unknownCurrency:
            // Said of a menu file, never of typing: the app offers no way to make these.
            return fileFieldError(error)
        }
    }

    /// What is wrong with a value read from a menu file, as a sentence. A price is per square inch in dollars, as
    /// the file's `pricePerSquareInch` is named (the file's own unit and currency may not be read yet).
    static func fileFieldError(_ error: MenuError) -> String {
        switch error {
        case .priceTooHigh:
            // Translators: in a menu file's error, %d is the highest price per square inch, in dollars.
            return String(translating: "The price per square inch can be at most $%d.", Int(MenuError.maximumPricePerSquareInch))
        case .textTooLong(let rule, _):
            // Translators: in a menu file's error, about a pizza's description; %d is the most characters it can have.
            return String(translating: "A description can be at most %d character long.", plural: "A description can be at most %d characters long.",
                          count: rule.maximumLength, rule.maximumLength)
        case .emptySizeLabel: return String(translating: "Every size needs a label.")
        // Translators: %s is a size's label.
        case .duplicateSizeLabel(let label): return String(translating: "There are two sizes labelled “%s”.", Quoted.shortened(label))
        case .diameterOutOfRange(let label, _):
            // Translators: %1$s is a size's label, %2$d and %3$d the smallest and largest diameter.
            return String(translating: "The size “%1$s” must be between %2$d and %3$d across, in the menu's unit.", Quoted.shortened(label),
                          Int(MenuError.diameterRange.lowerBound), Int(MenuError.diameterRange.upperBound))
        case .noSizes: return String(translating: "The menu needs at least one size.")
        // Translators: %s is a size's label.
        case .unknownSize(let label): return String(translating: "There is no size “%s” on this menu.", Quoted.shortened(label))
        // Translators: %d is a pizza's number.
        case .noPizza(let index): return String(translating: "There is no pizza number %d on this menu.", index + 1)
        case .sizeLabelTooLong:
            // Translators: %d is the most characters a size's label can have.
            return String(translating: "A size label can be at most %d character long.", plural: "A size label can be at most %d characters long.",
                          count: MenuError.maximumLabelLength, MenuError.maximumLabelLength)
        case .tooManySizes:
            // Translators: %d is the most sizes a menu can have.
            return String(translating: "A menu can have at most %d size.", plural: "A menu can have at most %d sizes.",
                          count: MenuError.maximumSizeCount, MenuError.maximumSizeCount)
        // Translators: %s is the key a pizza has no text field for.
        case .noTextField(let key): return String(translating: "A pizza has no text field “%s”.", Quoted.shortened(key))
        case .unknownUnit(let unit):
            // Translators: %s is the unit written in the menu file; keep "in" and "cm" as they are.
            return String(translating: "The unit “%s” is not one a menu can be in: write \"in\" for inches or \"cm\" for centimetres.",
                          Quoted.shortened(unit))
        case .unknownCurrency(let code):
            // Translators: %s is the currency written in the menu file; keep "EUR" and "USD" as they are.
            return String(translating: "“%s” is not a currency code: write one of ISO 4217, like \"EUR\" or \"USD\".", Quoted.shortened(code))
        case .emptyName, .duplicateName, .priceNotANumber, .priceNotPositive, .priceTooPrecise, .priceDecimalComma, .priceReadAsGrouped, .nameTooLong,
             .hiddenCharacter, .menuTooLarge:
            return fieldError(error, .standard)
        }
    }
}
