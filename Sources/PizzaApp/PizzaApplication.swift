import Glibc
import Gtk
import PizzaModel

/// The GtkApplication: one primary instance per session, the app-wide actions and their keyboard
/// shortcuts. A second launch presents the running window, and opens there the file it names.
@MainActor
final class PizzaApplication {
    static let id = "io.github.pizzasplit.PizzaSplit"

    let application = Application(id: id)
    private let options: CommandLineOptions
    private var mainWindow: PizzaWindow?
    private var about: AboutDialog?
    private let css = CssProvider()

    init(options: CommandLineOptions) {
        self.options = options
        application.onStartup { [weak self] _ in self?.startUp() }
        application.onActivate { [weak self] _ in self?.activate() }
        application.onOpen { [weak self] _, paths in self?.open(paths) }
    }

    /// Runs the app; a menu file named on the command line goes through GApplication's `open`, so that a
    /// second launch hands it to the running instance.
    func run() -> Int32 {
        application.run(programName: "pizza-split", opening: options.menuPath.map { [Self.absolute($0).bytes] } ?? [])
    }

    private static func absolute(_ path: FilePath) -> FilePath {
        guard !path.isAbsolute, let folder = getcwd(nil, 0) else { return path }
        defer { free(folder) }
        return FilePath(bytes: Array(String(cString: folder).utf8)).appending(path.bytes)
    }

    private func startUp() {
        css.load(String(decoding: PackageResources.style_css, as: UTF8.self))
        css.addToDefaultDisplay()
        Window.setDefaultIconName(Self.id)
        DesktopAppearance.follow()
        application.addActions([
            ("quit", { [weak self] in self?.quit() }),
            ("about", { [weak self] in self?.presentAbout() }),
        ])
        for (action, keys) in Shortcuts.accelerators { application.setAccelerators(keys, for: action) }
    }

    private func activate() {
        if let mainWindow {
            mainWindow.window.present()
            return
        }
        showWindow(menuPath: nil)
    }

    private func open(_ paths: [[UInt8]]) {
        guard let path = paths.last.map({ FilePath(bytes: $0) }) else { return activate() }
        if let mainWindow {
            mainWindow.open(path)
        } else {
            showWindow(menuPath: path)
        }
    }

    private func showWindow(menuPath: FilePath?) {
        let files = MenuFiles(
            ownMenuPath: FilePath(MenuStore.defaultPath(environment: ["XDG_DATA_HOME": UserDirectories.data], home: UserDirectories.home)),
            stateDirectory: UserDirectories.state)
        let window = PizzaWindow(application: application, menuPath: menuPath ?? files.ownMenuPath, files: files)
        mainWindow = window
        window.present()
        // What start-up and each burst of drawing freed goes back to the system once the window is quiet.
        if let surface = window.window.surface { Heap.returnFreePagesWhenQuiet(surface) }
    }

    /// Quitting closes the window the way its close button does: a running save is waited for, and
    /// changes that could not be saved are asked about. The app ends with its last window.
    private func quit() {
        guard let mainWindow else { return application.quit() }
        mainWindow.window.close()
    }

    /// The About dialog hides when closed and is shown again next time.
    private func presentAbout() {
        if let about {
            about.present()
            return
        }
        let dialog = AboutDialog(
            programName: String(translating: "Pizza Split"), version: CommandLineOptions.version,
            comments: String(translating: "Pizza prices by the square inch, in a list and detail that adapt to the window's width."),
            license: String(translating: "Pizza Split is released under the MIT License. It comes with absolutely no warranty."),
            website: nil, authors: [String(translating: "The Pizza Split team")])
        // Installed, the icon comes from the theme; run from the build folder, from the copy in the binary.
        if IconTheme.hasIcon(Self.id) {
            dialog.setLogo(iconName: Self.id)
        } else if let logo = Texture(data: PackageResources.io_github_pizzasplit_PizzaSplit_svg) {
            dialog.setLogo(logo)
        }
        if let window = mainWindow?.window {
            dialog.setTransientFor(window)
            dialog.isModal = true
            dialog.givesFocusBack(to: window)
        }
        // Closed, it is destroyed while it is still realized: kept hidden until quitting, GTK 4.8's AT-SPI
        // sometimes announced its removal without an object path (a GLib critical at exit, twice in CI).
        dialog.onCloseRequest { [weak self] _ in
            self?.about = nil
            return false
        }
        about = dialog
        dialog.present()
    }
}
