internal import CGtk

/// Something that holds named actions (`GActionMap`): the application ("app.") or a window ("win.").
@MainActor
public protocol ActionMap: AnyObject {
    /// `g_action_map_add_action`.
    func addAction(_ action: SimpleAction)
}

/// Wraps `GtkApplication`.
@MainActor
public final class Application: Object, ActionMap {
    var application: UnsafeMutablePointer<GtkApplication> { c() }
    var gapplication: UnsafeMutablePointer<GApplication> { c() }

    /// `gtk_application_new`. Transfer full, not floating: adopted as is.
    /// `nonUnique` sets `G_APPLICATION_NON_UNIQUE` (each run is its own instance, e.g. in tests).
    public convenience init(id: String, nonUnique: Bool = false) {
        let flags = nonUnique ? G_APPLICATION_NON_UNIQUE : G_APPLICATION_DEFAULT_FLAGS
        self.init(gtk_application_new(id, flags), ownership: .full)
    }

    /// `gtk_init_check`: whether a display can be opened. Call before `run` to fail with a clear message.
    public static func canOpenDisplay() -> Bool { gtk_init_check() != 0 }

    /// `g_getenv("DISPLAY")`, to name the display that could not be opened; nil when it is unset or empty.
    public static var requestedDisplay: String? {
        g_getenv("DISPLAY").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `g_application_run` with only the program name: command-line options are parsed in Swift first.
    /// Also lets main-actor jobs from Swift concurrency run in the GLib loop, and starts the stall probe
    /// when its environment variable asks for it (`MainLoopProbe`).
    public func run(programName: String) -> Int32 {
        MainContext.attachSwiftMainQueue()
        MainLoopProbe.startFromEnvironment()
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup(programName), nil]
        defer { free(argv[0]) }
        return g_application_run(gapplication, 1, &argv)
    }

    /// `g_application_quit`.
    public func quit() { g_application_quit(gapplication) }

    /// `g_application_get_is_remote`: true in a second launch that forwarded to the running instance.
    public var isRemote: Bool { g_application_get_is_remote(gapplication) != 0 }

    /// `gtk_application_get_active_window`.
    public var activeWindow: Window? {
        Object.wrapper(for: gtk_application_get_active_window(application), ownership: .none)
    }

    /// `g_action_map_add_action`: adds `action` as "app.<name>".
    public func addAction(_ action: SimpleAction) {
        g_action_map_add_action(c(), action.action)
    }

    /// `gtk_application_set_accels_for_action`, e.g. `setAccelerators(["<Control>q"], for: "app.quit")`.
    public func setAccelerators(_ accelerators: [String], for detailedAction: String) {
        withCStringArray(accelerators) { gtk_application_set_accels_for_action(application, detailedAction, $0) }
    }

    /// `gtk_application_get_accels_for_action`.
    public func accelerators(for detailedAction: String) -> [String] {
        guard let list = gtk_application_get_accels_for_action(application, detailedAction) else { return [] }
        defer { g_strfreev(list) }
        var result: [String] = []
        var index = 0
        while let item = list[index] { result.append(String(cString: item)); index += 1 }
        return result
    }

    /// The `startup` signal: the primary instance is starting (once per process).
    @discardableResult
    public func onStartup(_ handler: @escaping @MainActor (Application) -> Void) -> SignalConnection {
        connect(Signal<VoidHandler>("startup")) { handler(emitted($0)) }
    }

    /// The `activate` signal: the app was launched, or launched again from a second process.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor (Application) -> Void) -> SignalConnection {
        connect(Signal<VoidHandler>("activate")) { handler(emitted($0)) }
    }

    /// The `shutdown` signal: the main loop has ended.
    @discardableResult
    public func onShutdown(_ handler: @escaping @MainActor (Application) -> Void) -> SignalConnection {
        connect(Signal<VoidHandler>("shutdown")) { handler(emitted($0)) }
    }
}

/// A NULL-terminated `char *[]` that lives for the body's duration.
func withCStringArray<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    let array: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) } + [nil]
    return array.withUnsafeBufferPointer { body($0.baseAddress!) }
}
