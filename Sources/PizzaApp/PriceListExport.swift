import Gtk
import MenuSession
import PizzaModel

/// The menu's price list exported as CSV (`PriceListCSV`) or PDF (`PriceListPrint`): from the command line, with
/// no window and no display, and from the window's main menu, through a save dialog and off the main thread.
enum PriceListExport {
    /// `pizza-split --export-csv CSV [--menu FILE]` and `--export-pdf PDF`. A menu named with `--menu` must be
    /// there and valid; without it the user's own menu is exported, or the default menu the window would show
    /// when there is none yet. The PDF is on the locale's paper. Returns the exit status: 0, or 1 with the reason
    /// on standard error.
    static func run(to path: FilePath, as format: AppSession.ExportFormat, menu menuPath: FilePath?, ownMenuPath: FilePath) -> Int32 {
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
        let menuFile = menuPath ?? ownMenuPath
        do {
            switch format {
            case .csv: try PriceListCSV.write(loaded.menu, to: path, sparing: menuFile)
            case .pdf: try writePDF(of: Array(loaded.menu.pizzas), in: loaded.menu, from: menuFile, to: path)
            }
        } catch {
            // Translators: a command-line error, %s is the CSV or PDF file and why it cannot be written.
            Console.printError(String(translating: "pizza-split: cannot write the price list: %s", Messages.fileError(error)))
            return 1
        }
        return 0
    }

    /// Writes the price list of `menu`, read from `menuFile`, to `path` for the window, reporting to `control`;
    /// safe off the main thread.
    static func write(_ menu: Menu, from menuFile: FilePath, to path: FilePath, control: ExportControl) -> AppSession.Event {
        finished(path) { () throws(StorageError) in try PriceListCSV.write(menu, to: path, sparing: menuFile, goOn: control.report) }
    }

    /// Writes the PDF price list of `pizzas` in `menu`'s sizes for the window, reporting to `control`; safe off
    /// the main thread.
    static func writePDF(_ pizzas: [Pizza], in menu: Menu, from menuFile: FilePath, to path: FilePath, control: ExportControl) -> AppSession.Event {
        finished(path) { () throws(StorageError) in try writePDF(of: pizzas, in: menu, from: menuFile, to: path, goOn: control.report) }
    }

    /// The event that ends an export: `write` returns false when it stopped, having written nothing.
    private static func finished(_ path: FilePath, _ write: () throws(StorageError) -> Bool) -> AppSession.Event {
        do {
            return try write() ? .exportFinished(path: path, failure: nil) : .exportCancelled(path: path)
        } catch {
            return .exportFinished(path: path, failure: Messages.storageProblem(error.reason))
        }
    }

    /// The PDF pages of `pizzas` on the locale's paper, written to `path` as `PriceListFile` writes a price list.
    /// Returns false, having written nothing, when `goOn` said to stop.
    @discardableResult
    private static func writePDF(of pizzas: [Pizza], in menu: Menu, from menuFile: FilePath, to path: FilePath,
                                 goOn: (Double) -> Bool = { _ in true }) throws(StorageError) -> Bool {
        var stopped = false
        let title = PriceListPrint.title(menuPath: menuFile)
        let bytes = PriceListPrint.pdf(of: pizzas, in: menu, title: title, paper: PriceListPrint.localPaper) { fraction in
            stopped = !goOn(fraction)
            return !stopped
        }
        if stopped { return false }
        guard let bytes else { throw StorageError(path: path, reason: .pdfNotMade) }
        try PriceListFile.write(bytes, to: path, sparing: menuFile)
        return true
    }

    /// The window's actions that export or print the price list; each is offered while `canExport`.
    static let actionNames = ["export-csv", "export-pdf", "print"]

    /// Export CSV…, Export PDF… and Print… for `window`.
    @MainActor
    static func actions(over window: Window, runner: AppRunner) -> [(String, @MainActor () -> Void)] {
        [("export-csv", { [weak window, weak runner] in if let window, let runner { start(.csv, over: window, runner: runner) } }),
         ("export-pdf", { [weak window, weak runner] in if let window, let runner { start(.pdf, over: window, runner: runner) } }),
         ("print", { [weak window, weak runner] in
            if let window, let runner {
                PriceListPrint.start(over: window, runner: runner) { [weak runner] in runner?.send(.printFailed(reason: $0)) }
            }
         })]
    }

    /// Export CSV… or Export PDF… in the main menu: what was typed is applied first (so the file has the
    /// figures the detail shows), then the save dialog asks where, and the runner exports the menu as it is then.
    @MainActor
    static func start(_ format: AppSession.ExportFormat, over window: Window, runner: AppRunner) {
        guard runner.send(.menu(.commitTyped))?.refused != true else { return }
        let folder = runner.state.exportFolder(documents: UserFolders.documents.map { FilePath(bytes: $0) },
                                               home: FilePath(UserDirectories.home))
        chooseFile(format, parent: window, menuPath: runner.state.menu.path, folder: folder) { [weak runner] in
            runner?.send(.exportRequested(to: $0, format: format))
        }
    }

    /// Asks where to export the price list of the menu at `menuPath` (`NAME.csv` or `NAME.pdf` suggested for
    /// `NAME.json`), opening in `folder`; `then` gets the chosen file.
    @MainActor
    private static func chooseFile(_ format: AppSession.ExportFormat, parent: Window, menuPath: FilePath, folder: FilePath,
                                   then export: @escaping @MainActor (FilePath) -> Void) {
        let title = format == .csv ? String(translating: "Export Price List as CSV") : String(translating: "Export Price List as PDF")
        let chooser = FileChooserNative(savingWithTitle: title, parent: parent, acceptLabel: String(translating: "_Export"),
                                        suggestedName: suggestedName(for: menuPath, extension: format == .csv ? "csv" : "pdf"))
        if format == .csv {
            chooser.addFilter(name: String(translating: "CSV files"), patterns: ["*.csv"])
        } else {
            chooser.addFilter(name: String(translating: "PDF files"), patterns: ["*.pdf"])
        }
        chooser.addFilter(name: String(translating: "All files"), patterns: ["*"])
        chooser.setCurrentFolder(folder.bytes)
        chooser.show { path in if let path { export(FilePath(bytes: path)) } }
    }

    /// The menu file's name with `.csv` (or `fileExtension`) in place of its extension: `napoli.csv` for `napoli.json`.
    static func suggestedName(for menuPath: FilePath, extension fileExtension: String = "csv") -> String {
        let name = MenuFiles.fileName(of: menuPath)
        let stem = name.lastIndex(of: ".").map { name[..<$0] }.flatMap { $0.isEmpty ? nil : $0 } ?? Substring(name)
        return stem + "." + fileExtension
    }
}
