import PizzaModel

/// Writing the menu to its file. The app runs a write off the main thread, one at a time, as
/// `AppSession` asks; menus that change meanwhile are written together by the next one. Each write expects
/// the file as it was last read or written, so a file changed on disk by another program is reported, not
/// overwritten.
public enum MenuSaver {
    /// What one write did.
    public typealias Outcome = MenuStore.SaveOutcome

    /// Writes `menu` over the file `expecting` describes (keeping the broken file aside first when asked).
    /// Runs off the main thread.
    public typealias Write = @Sendable (_ menu: Menu, _ keepBrokenFile: Bool, _ expecting: ExpectedFile) -> Outcome
}

extension MenuSaver {
    /// The file writer: the one persistence path, `MenuStore.save`.
    /// `sizeLimit` is the most the reader reads: a larger pretty form is written compact (see `MenuFile.encode`).
    public static func fileWriter(path: FilePath, storage: any MenuStorage = PosixStorage(),
                                  sizeLimit: Int = MenuFile.maximumFileSize) -> Write {
        let store = MenuStore(file: path, storage: storage, sizeLimit: sizeLimit)
        return { menu, keepBrokenFile, expecting in
            store.save(menu, keepingBrokenFile: keepBrokenFile, expecting: expecting)
        }
    }
}
