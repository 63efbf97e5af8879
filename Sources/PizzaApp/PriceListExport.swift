import PizzaModel

/// `pizza-split --export-csv CSV [--menu FILE]`: the menu's price list written as CSV, with no window and no
/// display. A menu named with `--menu` must be there and valid; without it the user's own menu is exported, or
/// the default menu the window would show when there is none yet.
enum PriceListExport {
    /// Writes the price list and returns the exit status: 0, or 1 with the reason on standard error.
    static func run(to csvPath: FilePath, menu menuPath: FilePath?, ownMenuPath: FilePath) -> Int32 {
        let loaded = MenuStore(file: menuPath ?? ownMenuPath).load()
        if let problem = loaded.loadProblem {
            // Translators: a command-line error, %s is the menu file and why it cannot be read.
            Console.printError(String(translating: "pizza-split: cannot export the price list: %s", problem.description))
            return 1
        }
        if let menuPath, loaded.isNewFile {
            // Translators: a command-line error, %s is the menu file named with --menu.
            Console.printError(String(translating: "pizza-split: cannot export the price list: there is no menu file %s", menuPath.description))
            return 1
        }
        do {
            try PriceListCSV.write(loaded.menu, to: csvPath)
        } catch {
            // Translators: a command-line error, %s is the CSV file and why it cannot be written.
            Console.printError(String(translating: "pizza-split: cannot write the price list: %s", error.description))
            return 1
        }
        return 0
    }
}
