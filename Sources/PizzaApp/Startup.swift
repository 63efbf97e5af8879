import Glibc
import Gtk
import MenuSession
import PizzaModel

/// Runs Pizza Split with the process's command line: prints `--help` or `--version`, exports the price list
/// (no display needed), says why it cannot start without a display, or runs the application until its window
/// closes. Returns the exit status.
@MainActor
public func startPizzaSplit() -> Int32 {
    Localization.start(domain: "pizza-split", directoryVariable: "PIZZA_SPLIT_LOCALEDIR")
    let ownMenu = MenuStore.defaultPath(environment: ["XDG_DATA_HOME": UserDirectories.data], home: UserDirectories.home)
    switch CommandLineOptions.parse(FilePath.commandLineArguments(), ownMenu: FilePath(ownMenu).escaped) {
    case .exit(let output, let status):
        if status == 0 { print(output, terminator: "") } else { Console.printError(output) }
        return status
    case .run(let options):
        let exports = [(options.exportCSVPath, AppSession.ExportFormat.csv), (options.exportPDFPath, .pdf)]
            .compactMap { path, format in path.map { ($0, format) } }
        if !exports.isEmpty {
            return exports.map { PriceListExport.run(to: $0, as: $1, menu: options.menuPath, ownMenuPath: FilePath(ownMenu)) }.max() ?? 0
        }
        guard Application.canOpenDisplay() else {
            Console.printError(Application.requestedDisplay.map {
                String(translating: "pizza-split: cannot open the display %s. Start it from a desktop session (or under a virtual X server such as Xvfb).", $0)
            } ?? String(translating: "pizza-split: cannot open a display (DISPLAY is not set). Start it from a desktop session (or under a virtual X server such as Xvfb)."))
            return 1
        }
        return PizzaApplication(options: options).run()
    }
}
