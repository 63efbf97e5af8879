import Foundation
import XCTest

/// Compiles small client programs against the built `Gtk` module, as another package would use it, to prove
/// what the compiler enforces: a signal's closure must match its declaration, and GTK's C API is only in scope
/// through an explicit `import CGtk`, whose pointers cross into the binding through its documented bridge.
final class TypedSignalCompileTests: XCTestCase {
    func testMatchingSignalAndClosureCompile() throws {
        let result = try typecheck("""
            import Gtk
            @MainActor func wire(_ toggle: ToggleButton) {
                let handler: @MainActor (Object) -> Void = { _ in }
                toggle.connect(Signal<@MainActor (Object) -> Void>("toggled"), handler)
                toggle.connect(Signal<@MainActor (Object, Bool) -> Bool>("mnemonic-activate")) { _, _ in true }
            }
            """)
        XCTAssertEqual(result.status, 0, result.output)
    }

    func testClosureOfAnotherSignatureDoesNotCompile() throws {
        let result = try typecheck("""
            import Gtk
            @MainActor func wire(_ toggle: ToggleButton) {
                let handler: @MainActor (Object) -> Void = { _ in }
                toggle.connect(Signal<@MainActor (Object, UInt32) -> Void>("toggled"), handler)
            }
            """)
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.output.contains("cannot convert value of type '@MainActor @Sendable (Object) -> Void' to expected argument type '@MainActor @Sendable (Object, UInt32) -> Void'"), result.output)
    }

    func testSignalOfAnUnsupportedSignatureCannotBeDeclared() throws {
        let result = try typecheck("""
            import Gtk
            let signal = Signal<@MainActor (Object, Float) -> Void>("value-changed")
            """)
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.output.contains("no exact matches in call to initializer"), result.output)
    }

    func testClientsOfGtkCannotNameGtkCSymbols() throws {
        let result = try typecheck("""
            import Gtk
            @MainActor func make() { _ = gtk_button_new() }
            """)
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.output.contains("cannot find 'gtk_button_new' in scope"), result.output)
    }

    func testClientsReachGtkCThroughCGtkAndTheBridge() throws {
        let result = try typecheck("""
            import Gtk
            import CGtk
            @MainActor func textView() -> Widget? {
                Object.wrapper(ofUnsafeGObject: UnsafeMutableRawPointer(gtk_text_view_new()), as: Widget.self, ownership: .full)
            }
            @MainActor func buffer(of view: Widget) -> UnsafeMutablePointer<GtkTextBuffer>? {
                gtk_text_view_get_buffer(view.unsafeGObject.assumingMemoryBound(to: GtkTextView.self))
            }
            """)
        XCTAssertEqual(result.status, 0, result.output)
    }

    // MARK: Support

    /// The package root, from this file's path (Tests/GtkTests/…).
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Type-checks `source` in Swift 6 mode against the modules this test binary was built with.
    private func typecheck(_ source: String) throws -> (status: Int32, output: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("typed-signal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("client.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)

        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let modules = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("Modules")
        XCTAssertTrue(FileManager.default.fileExists(atPath: modules.appendingPathComponent("Gtk.swiftmodule").path),
                      "no Gtk module beside the test binary at \(modules.path)")
        let includes = try run(["pkg-config", "--cflags-only-I", "gtk4"]).output
            .split(separator: " ").flatMap { ["-Xcc", String($0).trimmingCharacters(in: .whitespacesAndNewlines)] }
        return try run(["swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path,
                        "-Xcc", "-fmodule-map-file=\(root.path)/Sources/CGtk/module.modulemap"] + includes + [file.path])
    }

    private func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
