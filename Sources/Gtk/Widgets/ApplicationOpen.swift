import CGtk

/// `GApplication`'s file opening (`G_APPLICATION_HANDLES_OPEN`): files named on the command line reach
/// the primary instance as the `open` signal, from this process or forwarded from a second launch.
extension Application {
    typealias OpenHandler = @MainActor ([String]) -> Void

    /// `void (*)(GApplication *self, GFile **files, gint n_files, gchar *hint, gpointer data)`.
    private static let openTrampoline: GCallback = unsafeBitCast(
        { (_: gpointer?, files: UnsafeMutablePointer<OpaquePointer?>?, count: gint, _: UnsafeMutablePointer<gchar>?, data: gpointer?) in
            var paths: [String] = []
            for index in 0..<Int(max(count, 0)) {
                guard let file = files?[index], let path = g_file_get_path(file) else { continue }
                paths.append(String(cString: path))
                g_free(path)
            }
            let handlerBox = Unmanaged<HandlerBox<OpenHandler>>.fromOpaque(data!).takeUnretainedValue()
            let sendablePaths = paths
            MainActor.assumeIsolated { handlerBox.handler?(sendablePaths) }
        } as @convention(c) (gpointer?, UnsafeMutablePointer<OpaquePointer?>?, gint, UnsafeMutablePointer<gchar>?, gpointer?) -> Void,
        to: GCallback.self)

    /// `g_application_set_flags` adding `G_APPLICATION_HANDLES_OPEN`, and the `open` signal: local file
    /// paths to open (files with no local path are left out). Call before `run`.
    @discardableResult
    public func onOpen(_ handler: @escaping @MainActor ([String]) -> Void) -> SignalConnection {
        let flags = g_application_get_flags(gapplication)
        g_application_set_flags(gapplication, GApplicationFlags(rawValue: flags.rawValue | G_APPLICATION_HANDLES_OPEN.rawValue))
        return connect("open", trampoline: Self.openTrampoline, handler: handler as OpenHandler)
    }

    /// `g_application_run` with the program name and `paths`: GApplication turns the paths into files
    /// (relative to this process's folder) and emits `open` in the primary instance, or `activate` when
    /// there are none. Lets main-actor jobs from Swift concurrency run in the GLib loop, like `run`.
    public func run(programName: String, opening paths: [String]) -> Int32 {
        MainContext.attachSwiftMainQueue()
        var argv: [UnsafeMutablePointer<CChar>?] = ([programName] + paths).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        return g_application_run(gapplication, Int32(argv.count - 1), &argv)
    }
}
