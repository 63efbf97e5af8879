/// The user's menu on disk: loaded once, saved after every edit, never silently lost.
///
/// - A missing file means a first run: the default menu, saved at the first edit.
/// - A file that cannot be read or is not a valid menu leaves `loadError` set and the default menu in
///   memory. The bad file is not touched until the user edits; then it is kept beside the new one
///   (`menu.json.broken`) and the edited menu is saved.
/// - A save that fails keeps the edit in memory and returns the reason; the next edit tries again.
public final class MenuStore {
    /// The file, as bytes (see `FilePath`).
    public let file: FilePath
    /// The file's name as shown to people.
    public var path: String { file.description }
    public private(set) var menu: Menu
    /// Why the file at `path` could not be loaded, if it could not.
    public private(set) var loadError: (any Error & CustomStringConvertible)?
    /// Where the unreadable file was kept once the user's first edit replaced it.
    public private(set) var keptBadFilePath: String?
    /// Whether the menu in memory differs from the file (a save failed, or nothing was saved yet).
    public private(set) var hasUnsavedChanges = false

    private let storage: any MenuStorage
    /// The largest file read or written: the same for both, so every save can be opened again.
    private let sizeLimit: Int
    /// A link to a missing file is not a bad file: the first save creates the file it leads to.
    private var setsAsideBadFile = true

    public convenience init(path: String, storage: any MenuStorage = PosixStorage()) {
        self.init(file: FilePath(path), storage: storage)
    }

    public init(file: FilePath, storage: any MenuStorage = PosixStorage(), sizeLimit: Int = MenuFile.maximumFileSize) {
        self.file = file
        self.storage = storage
        self.sizeLimit = sizeLimit
        let path = file.description
        do {
            if let source = try storage.open(file, limit: sizeLimit) {
                menu = try MenuFile.decode(reading: source, path: path)
            } else {
                menu = .standard
            }
        } catch let error as MenuFileError {
            menu = .standard
            loadError = error
        } catch let error as StorageError {
            menu = .standard
            loadError = error
            setsAsideBadFile = PosixStorage.danglingLinkTarget(file) == nil
        } catch {
            menu = .standard
            loadError = StorageError(path: path, reason: "\(error)")
        }
    }

    /// The outcome of an edit that was valid and is now in memory.
    public struct Saved<Value> {
        public let value: Value
        /// Why writing the file failed, if it did; the edit stays in memory either way.
        public let saveError: StorageError?
    }

    /// Applies `change` to the menu and saves. An invalid change, or one that would make the file larger
    /// than can be read back (`MenuError.menuTooLarge`), throws and leaves the menu as it was.
    @discardableResult
    public func edit<Value>(_ change: (inout Menu) throws(MenuError) -> Value) throws(MenuError) -> Saved<Value> {
        var edited = menu
        let value = try change(&edited)
        try MenuFile.checkFits(edited, limit: sizeLimit)
        menu = edited
        hasUnsavedChanges = true
        return Saved(value: value, saveError: save())
    }

    /// Writes the menu now. Returns why it failed, or nil.
    @discardableResult
    public func save() -> StorageError? {
        do {
            if loadError != nil && setsAsideBadFile && keptBadFilePath == nil && storage.fileExists(file) {
                keptBadFilePath = try storage.moveAside(file, suffix: "broken").description
            }
            try storage.writeAtomically(MenuFile.encode(menu, limit: sizeLimit), to: file)
            hasUnsavedChanges = false
            return nil
        } catch {
            return error
        }
    }

    /// `$XDG_DATA_HOME/pizza-split/menu.json`, or `$HOME/.local/share/pizza-split/menu.json` when
    /// `XDG_DATA_HOME` is unset, empty or relative (the XDG spec says to ignore a relative one).
    public static func defaultPath(environment: [String: String], home: String) -> String {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return data + "/pizza-split/menu.json"
        }
        return home + "/.local/share/pizza-split/menu.json"
    }
}

extension Menu {
    /// The menu shipped in `Resources/default-menu.json`, embedded in the binary.
    public static let standard: Menu = {
        do {
            return try MenuFile.decode(PackageResources.default_menu_json, path: "default-menu.json")
        } catch {
            preconditionFailure("the embedded default menu is invalid: \(error)")
        }
    }()
}
