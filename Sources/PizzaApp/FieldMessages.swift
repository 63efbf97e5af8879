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
        case .textTooLong(let rule):
            // Translators: under a text field such as the description, %d is the most characters it can have.
            return String(translating: "Write at most %d characters here.", rule.maximumLength)
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
            return error.description
        }
    }
}
