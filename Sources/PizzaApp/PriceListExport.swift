import Gtk
import MenuSession
import PizzaModel

/// The menu's price list exported as CSV (`PriceListCSV`): from the command line, with no window and no
/// display, and from the window's main menu, through a save dialog and off the main thread.
enum PriceListExport {
    /// `pizza-split --export-csv CSV [--menu FILE]`. A menu named with `--menu` must be there and valid; without
    /// it the user's own menu is exported, or the default menu the window would show when there is none yet.
    /// Returns the exit status: 0, or 1 with the reason on standard error.
    static func run(to csvPath: FilePath, menu menuPath: FilePath?, ownMenuPath: FilePath) -> Int32 {
        let loaded = MenuStore(file: menuPath ?? ownMenuPath).load()
        if let problem = loaded.loadProblem {
            // Translators: a command-line error, %s is the menu file and why it cannot be read.
            Console.printError(String(translating: "pizza-split: cannot export the price list: %s", Messages.loadProblem(problem)))
            return 1
        }
        if let menuPath, loaded.isNewFile {
            // Translators: a command-line error, %s is the menu file named with --menu.
            Console.printError(String(translating: "pizza-split: cannot export the price list: there is no menu file %s", menuPath.description))
            return 1
        }
        do {
            try PriceListCSV.write(loaded.menu, to: csvPath, sparing: menuPath ?? ownMenuPath)
        } catch {
            // Translators: a command-line error, %s is the CSV file and why it cannot be written.
            Console.printError(String(translating: "pizza-split: cannot write the price list: %s", Messages.fileError(error)))
            return 1
        }
        return 0
    }

    /// Writes the price list of `menu`, read from `menuFile`, to `path` for the window; safe off the main thread.
    static func write(_ menu: Menu, from menuFile: FilePath, to path: FilePath) -> AppSession.Event {
        do {
            try PriceListCSV.write(menu, to: path, sparing: menuFile)
            return .exportFinished(path: path, failure: nil)
        } catch {
            return .exportFinished(path: path, failure: Messages.storageProblem(error.reason))
        }
    }

    /// Export CSV… in the main menu: what was typed is applied first (so the file has the figures the detail
    /// shows), then the save dialog asks where, and the runner exports the menu as it is then.
    @MainActor
    static func start(over window: Window, runner: AppRunner) {
        guard runner.send(.menu(.commitTyped))?.refused != true else { return }
        let folder = runner.state.exportFolder(documents: UserFolders.documents.map { FilePath(bytes: $0) },
                                               home: FilePath(UserDirectories.home))
        chooseFile(parent: window, menuPath: runner.state.menu.path, folder: folder) { [weak runner] in
            runner?.send(.exportRequested(to: $0))
        }
    }

    /// Asks where to export the price list of the menu at `menuPath` (`NAME.csv` suggested for `NAME.json`),
    /// opening in `folder`; `then` gets the chosen file.
    @MainActor
    private static func chooseFile(parent: Window, menuPath: FilePath, folder: FilePath,
                                   then export: @escaping @MainActor (FilePath) -> Void) {
        let chooser = FileChooserNative(savingWithTitle: String(translating: "Export Price List as CSV"), parent: parent,
                                        acceptLabel: String(translating: "_Export"), suggestedName: suggestedName(for: menuPath))
        chooser.addFilter(name: String(translating: "CSV files"), patterns: ["*.csv"])
        chooser.addFilter(name: String(translating: "All files"), patterns: ["*"])
        chooser.setCurrentFolder(folder.bytes)
        chooser.show { path in if let path { export(FilePath(bytes: path)) } }
    }

    /// The menu file's name with `.csv` in place of its extension: `napoli.csv` for `napoli.json`.
    static func suggestedName(for menuPath: FilePath) -> String {
        let name = MenuFiles.fileName(of: menuPath)
        let stem = name.lastIndex(of: ".").map { name[..<$0] }.flatMap { $0.isEmpty ? nil : $0 } ?? Substring(name)
        return stem + ".csv"
    }
}
