import Gtk
import PizzaModel
import SplitView

/// What the window looked like when it closed, restored at the next start. Kept as `key=value` lines in
/// `$XDG_STATE_HOME/pizza-split/window-state`; a missing or damaged file just means defaults. One that
/// cannot be read (a pipe, a device, a folder) is also named on standard error. It is saved only over a
/// regular file, never through a symbolic link.
struct WindowState: Equatable {
    var width = 960
    var height = 640
    var isMaximized = false
    var primaryFraction: Double?
    var isListHidden = false
    /// Whether the chosen pizza's detail was on top when narrow, rather than the list the user went back to.
    var prefersDetail = true
    var pizzaName: String?
    var sizeLabel: String?

    static func path(stateDirectory: String) -> String { stateDirectory + "/pizza-split/window-state" }

    static func load(from path: String, storage: any MenuStorage = PosixStorage()) -> WindowState {
        let found: [UInt8]?
        do {
            found = try storage.read(path, limit: 65_536, role: .windowState)
        } catch {
            // Translators: on standard error, %s is the window-state file and why it cannot be read.
            Console.printError(String(translating: "pizza-split: the window's size and place are not restored: %s", Messages.fileError(error)))
            return WindowState()
        }
        guard let bytes = found else { return WindowState() }
        var state = WindowState()
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals]
            let value = String(line[line.index(after: equals)...])
            switch key {
            case "width": if let number = Int(value), (200...10_000).contains(number) { state.width = number }
            case "height": if let number = Int(value), (200...10_000).contains(number) { state.height = number }
            case "maximized": state.isMaximized = value == "true"
            case "divider": state.primaryFraction = Double(value).flatMap { $0.isFinite ? $0 : nil }
            case "list-hidden": state.isListHidden = value == "true"
            case "detail-first": state.prefersDetail = value != "false"
            case "pizza": state.pizzaName = value.isEmpty ? nil : value
            case "size": state.sizeLabel = value.isEmpty ? nil : value
            default: continue
            }
        }
        return state
    }

    /// Takes the window's size (unless maximized) and the pizza to choose next time; the size chosen is
    /// kept in `sizeLabel` as the user chooses it.
    @MainActor mutating func record(_ window: Window, pizzaName: String?) {
        let size = window.defaultSize
        isMaximized = window.isMaximized
        if !isMaximized && size.width > 0 && size.height > 0 {
            width = size.width
            height = size.height
        }
        self.pizzaName = pizzaName
    }

    /// Takes what the split view restores: the hidden list, the divider, and the list or detail on top when narrow.
    mutating func record<Selection>(_ split: SplitNavigationState<Selection>) {
        (isListHidden, primaryFraction, prefersDetail) = (split.isPrimaryHidden, split.primaryFraction, split.prefersDetail)
    }

    /// Saves the state; one that cannot be saved (a link, a pipe, a device there) is named on standard error.
    func save(to path: String, storage: any MenuStorage = PosixStorage()) {
        var lines = ["width=\(width)", "height=\(height)", "maximized=\(isMaximized)", "list-hidden=\(isListHidden)",
                     "detail-first=\(prefersDetail)"]
        if let primaryFraction { lines.append("divider=\(primaryFraction)") }
        if let pizzaName { lines.append("pizza=\(pizzaName.filter { $0 != "\n" })") }
        if let sizeLabel { lines.append("size=\(sizeLabel.filter { $0 != "\n" })") }
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        do {
            try storage.writeAtomically(bytes, to: FilePath(path), role: .windowState, expecting: .anything)
        } catch {
            // Translators: on standard error, %s is the window-state file and why it cannot be written.
            Console.printError(String(translating: "pizza-split: the window's size and place are not saved: %s", Messages.fileError(error)))
        }
    }
}
