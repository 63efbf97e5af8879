/// Why a menu file could not be read: the default menu is shown instead, and the file is a *broken file*,
/// left as it is until the first save keeps it aside (`menu.json.broken`).
public enum LoadProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be read: a pipe, a device, no permission, a link to nothing, too large.
    case unreadable(StorageError)
    /// The file was read but is not a valid menu.
    case invalid(MenuFileError)

    public var description: String {
        switch self {
        case .unreadable(let error): return error.description
        case .invalid(let error): return error.description
        }
    }
}

/// A menu file on disk, and the one way the app reads and writes it.
///
/// - No file there yet is a first run (`Loaded.isNewFile`): the default menu, saved at the first change.
/// - A file that cannot be read or is not a valid menu is a *broken file*: `loadProblem` says why and the
///   default menu is loaded. It is not touched until the first save, which keeps it aside (renamed to
///   `NAME.broken` beside it; for a link, beside the file the link leads to, and the link stays) and
///   then writes the menu.
/// - A save replaces only the file last read or written (`ExpectedFile`): a file changed on disk by another
///   program is reported (`StorageError.Kind.changedOnDisk`), never overwritten. A read-only file is never replaced.
/// - A save never writes more than can be read back (`sizeLimit`).
public struct MenuStore: Sendable {
    /// The file, as bytes (see `FilePath`).
    public let file: FilePath
    private let storage: any MenuStorage
    /// The largest file read or written: the same for both, so every save can be opened again.
    private let sizeLimit: Int

    public init(file: FilePath, storage: any MenuStorage = PosixStorage(), sizeLimit: Int = MenuFile.maximumFileSize) {
        self.file = file
        self.storage = storage
        self.sizeLimit = sizeLimit
    }

    public init(path: String, storage: any MenuStorage = PosixStorage()) {
        self.init(file: FilePath(path), storage: storage)
    }

    /// What reading the file gave.
    public struct Loaded: Sendable {
        /// The file's menu, or the default menu when there is no file or it is broken.
        public var menu: Menu
        /// Why the file could not be read, if it could not.
        public var loadProblem: LoadProblem?
        /// No file is there yet: it is created at the first save.
        public var isNewFile: Bool
        /// The file is read-only: a save will not replace it (a copy may be saved elsewhere).
        public var isReadOnly: Bool
        /// What the first save expects to find on disk: the file as read.
        public var expected: ExpectedFile
    }

    /// Reads the file; `progress` gets the menu read so far from time to time (`MenuFile.Progress`). Reading never writes.
    public func load(progress: MenuFile.Progress = { _ in }) -> Loaded {
        let status = storage.status(of: file)
        var loaded = Loaded(menu: .standard, loadProblem: nil, isNewFile: false, isReadOnly: status.isReadOnly, expected: status.expected)
        do throws(StorageError) {
            guard let source = try storage.open(file, limit: sizeLimit, role: .menu) else {
                loaded.isNewFile = true
                return loaded
            }
            do throws(MenuFileError) {
                loaded.menu = try MenuFile.decode(reading: source, path: file.description, progress: progress)
            } catch {
                loaded.loadProblem = .invalid(error)
            }
        } catch {
            loaded.loadProblem = .unreadable(error)
        }
        return loaded
    }

    /// A large file's first rows, read before the rest (`MenuFile.firstRows`), and the file they came from.
    public struct FirstRows: Sendable {
        public var menu: Menu
        /// The file as it was when they were read: a whole read of another file replaces them, not follows them.
        public var file: ExpectedFile

        public init(menu: Menu, file: ExpectedFile) {
            self.menu = menu
            self.file = file
        }
    }

    /// The file's first `count` rows, read from its first `limit` bytes; nil when there are none to show before the
    /// whole file is read (`load` then says why, if the file is bad). Reading never writes.
    public func loadFirstRows(_ count: Int, limit: Int) -> FirstRows? {
        let status = storage.status(of: file)
        guard let source = try? storage.open(file, limit: sizeLimit, role: .menu),
              let menu = MenuFile.firstRows(reading: source, limit: limit, count: count) else { return nil }
        return FirstRows(menu: menu, file: status.expected)
    }

    /// Whether the file on disk is no longer the one `expected` (the last read or written): another program
    /// changed, replaced, created or deleted it. For a file monitor's events, which the app's own saves cause too.
    public func hasChanged(since expected: ExpectedFile) -> Bool {
        switch (expected, storage.status(of: file).expected) {
        case (.anything, _): return false
        case (let before, let now): return before != now
        }
    }

    /// Whether the first save will keep a broken file aside: a regular file is there (links followed) and may be replaced.
    public var hasBrokenFileToKeep: Bool {
        let status = storage.status(of: file)
        return status.isRegularFile && !status.isReadOnly
    }

    /// What one save did.
    public struct SaveOutcome: Equatable, Sendable {
        /// Where the broken file was kept before the write, if it was.
        public var keptBrokenFileAt: FilePath?
        /// The file as written: what the next save expects to find.
        public var written: FileVersion?
        /// Why the save failed; nothing was overwritten (`kind` tells a file changed on disk or read-only).
        public var error: StorageError?
        /// What the write expected once the broken file was kept: the file still there (kept by a link), or
        /// nothing (kept by a rename, where the file system has no hard links).
        public var expectedAfterKeeping: ExpectedFile?

        public init(keptBrokenFileAt: FilePath? = nil, written: FileVersion? = nil, error: StorageError? = nil) {
            self.keptBrokenFileAt = keptBrokenFileAt
            self.written = written
            self.error = error
        }

        /// What the save after this one expects on disk, when this one expected `previous`: the file it wrote;
        /// else what its write expected once the broken file was kept; else what it expected.
        public func nextExpected(after previous: ExpectedFile) -> ExpectedFile {
            if let written { return .version(written) }
            return expectedAfterKeeping ?? previous
        }
    }

    /// Writes `menu` over the file `expecting` describes, first keeping a broken file aside when asked (a
    /// link to a missing file is not one: the save creates the file it leads to).
    public func save(_ menu: Menu, keepingBrokenFile: Bool, expecting: ExpectedFile) -> SaveOutcome {
        var outcome = SaveOutcome()
        do throws(StorageError) {
            let bytes = MenuFile.encode(menu, limit: sizeLimit)
            guard bytes.count <= sizeLimit else {
                throw StorageError(path: file, reason: .menuTooLargeToWrite(size: bytes.count, limit: sizeLimit))
            }
            var expected = expecting
            if keepingBrokenFile, let kept = try storage.keepAside(file, suffix: "broken", expecting: expecting) {
                outcome.keptBrokenFileAt = kept
                // Kept by a link, it is still there for the write to replace; kept by a rename, it is not.
                if !storage.status(of: file).isRegularFile { expected = .nothing }
                outcome.expectedAfterKeeping = expected
            }
            outcome.written = try storage.writeAtomically(bytes, to: file, role: .menu, expecting: expected)
        } catch {
            outcome.error = error
        }
        return outcome
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
