import PizzaModel

/// Writing the menu to its file. The app runs a write off the main thread, one at a time, as
/// `AppSession` asks; menus that change meanwhile are written together by the next one.
public enum MenuSaver {
    /// What one write did.
    public struct Outcome: Sendable {
        /// Where the unreadable file was moved before the write, if it was.
        public var keptBrokenFileAt: FilePath?
        public var error: StorageError?

        public init(keptBrokenFileAt: FilePath? = nil, error: StorageError? = nil) {
            self.keptBrokenFileAt = keptBrokenFileAt
            self.error = error
        }
    }

    /// Writes `menu` (moving the unreadable file aside first when asked). Runs off the main thread.
    public typealias Write = @Sendable (_ menu: Menu, _ keepBrokenFile: Bool) -> Outcome
}

extension MenuSaver {
    /// The file writer: moves an unreadable file aside once if asked (a link to a missing file is not one: the
    /// save creates the file it leads to), then replaces the file atomically.
    public static func fileWriter(path: FilePath, storage: any MenuStorage = PosixStorage()) -> Write {
        { menu, keepBrokenFile in
            var outcome = Outcome()
            do throws(StorageError) {
                if keepBrokenFile && hasBrokenFileToKeep(at: path, storage: storage) {
                    outcome.keptBrokenFileAt = try storage.moveAside(path, suffix: "broken")
                }
                try storage.writeAtomically(MenuFile.encode(menu), to: path)
            } catch {
                outcome.error = error
            }
            return outcome
        }
    }

    /// Whether a save would keep the unreadable file at `path` aside: there is something there to move
    /// (a file, or a link that leads nowhere readable), and it is not a link to a missing file, nor a folder.
    public nonisolated static func hasBrokenFileToKeep(at path: FilePath, storage: any MenuStorage = PosixStorage()) -> Bool {
        storage.fileExists(path) && PosixStorage.danglingLinkTarget(path) == nil
    }
}
