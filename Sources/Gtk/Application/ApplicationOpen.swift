internal import CGtk

/// `GApplication`'s file opening (`G_APPLICATION_HANDLES_OPEN`): files named on the command line reach
/// the primary instance as the `open` signal, from this process or forwarded from a second launch.
extension Application {
    /// `g_application_set_flags` adding `G_APPLICATION_HANDLES_OPEN`, and the `open` signal: local file
    /// paths to open (files with no local path are left out). Call before `run`.
    @discardableResult
    public func onOpen(_ handler: @escaping @MainActor (Application, [[UInt8]]) -> Void) -> SignalConnection {
        let flags = g_application_get_flags(gapplication)
        g_application_set_flags(gapplication, GApplicationFlags(rawValue: flags.rawValue | G_APPLICATION_HANDLES_OPEN.rawValue))
        return connect(Signal(files: "open")) { handler(emitted($0), $1) }
    }

    /// `g_application_run` with the program name and `paths`: GApplication turns the paths into files
    /// (relative to this process's folder) and emits `open` in the primary instance, or `activate` when
    /// there are none. Lets main-actor jobs from Swift concurrency run in the GLib loop and starts the
    /// stall probe when asked, like `run`.
    public func run(programName: String, opening paths: [[UInt8]]) -> Int32 {
        MainContext.attachSwiftMainQueue()
        MainLoopProbe.startFromEnvironment()
        let arguments = [Array(programName.utf8)] + paths
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { bytes in
            (bytes + [0]).withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { strdup($0.baseAddress!) }
            }
        } + [nil]
        defer { argv.forEach { free($0) } }
        return g_application_run(gapplication, Int32(argv.count - 1), &argv)
    }
}
