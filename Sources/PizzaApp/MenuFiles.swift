import MenuSession
import PizzaModel

/// Where the user's own menu is, and where each menu file's window state is kept.
struct MenuFiles {
    let ownMenuPath: FilePath
    let stateDirectory: String

    /// From this size (about 20,000 pizzas) a menu file is read off the main thread while the window maps.
    /// Smaller ones, the default menu among them, are read before it: they take less than a frame.
    static let backgroundReadSize = 1 << 20

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

    /// Reads the menu at `path`; an unreadable file gives the default menu and the reason. `progress` gets the
    /// menu read so far from time to time (`MenuFile.Progress`). Safe off the main thread.
    static func read(_ path: FilePath, progress: MenuFile.Progress = { _ in }) -> MenuReading {
        let loaded = MenuStore(file: path).load(progress: progress)
        return MenuReading(menu: loaded.menu, problem: loaded.loadProblem.map(Messages.loadProblem), expected: loaded.expected,
                           isNewFile: loaded.isNewFile, isReadOnly: loaded.isReadOnly)
    }

    /// Whether the file at `path` is large enough to be read while the window maps.
    static func readsInBackground(_ path: FilePath) -> Bool {
        (PosixStorage.regularFileSize(path) ?? 0) >= backgroundReadSize
    }

    /// What the window starts with: the whole menu of a small file, or a large file's first screen of rows (read
    /// from its first bytes, well under a millisecond), so that its first frame shows rows while the rest is read.
    static func readAtStart(_ path: FilePath) -> (reading: MenuReading?, firstRows: MenuStore.FirstRows?) {
        guard readsInBackground(path) else { return (read(path), nil) }
        return (nil, MenuStore(file: path).loadFirstRows(firstScreenRows, limit: firstScreenRows * 1024))
    }

    /// More rows than a window as tall as a 4K screen shows. Only these make the first frame: GTK's list view builds
    /// a widget for up to 200 rows before it draws, 25 ms of CPU where a screen of them takes a few.
    static let firstScreenRows = 64

    /// The file's name without its folder, escaped and shortened for showing.
    static func fileName(of path: FilePath) -> String { FilePath(bytes: path.fileName).description }
}
