import MenuSession
import PizzaModel

/// Where the user's own menu is, and where each menu file's window state is kept.
struct MenuFiles {
    let ownMenuPath: FilePath
    let stateDirectory: String

    func isOwnMenu(_ path: FilePath) -> Bool { path == ownMenuPath }

    /// The user's own menu keeps `window-state`; any other file gets its own, named by a hash of its path.
    func statePath(forMenu path: FilePath) -> String {
        let own = WindowState.path(stateDirectory: stateDirectory)
        guard !isOwnMenu(path) else { return own }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return own + "-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Reads the menu at `path` into a new session; an unreadable file gives the default menu and the reason.
    func openSession(at path: FilePath, selectedName: String?) -> MenuSession {
        let store = MenuStore(file: path)
        return MenuSession(path: path, menu: store.menu, loadProblem: store.loadError.map { "\($0)" },
                           selectedName: selectedName)
    }

    /// The file's name without its folder, escaped and shortened for showing.
    static func fileName(of path: FilePath) -> String { FilePath(bytes: path.fileName).description }
}
