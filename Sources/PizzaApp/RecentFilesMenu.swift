import Gtk
import MenuSession
import PizzaModel

/// Open Recent in the main menu: the files the state offers, each opened the way Open… opens a file. The list
/// is kept between runs in `$XDG_STATE_HOME/pizza-split/recent-files`, saved like the window state: only over a
/// regular file, never through a symbolic link.
@MainActor
final class RecentFilesMenu {
    let submenu = MenuModel()
    private let statePath: String
    private let ownMenuPath: FilePath
    /// The files listed, in order: each item's target is its index here.
    private var listed: [FilePath]?

    init(files: MenuFiles) {
        statePath = files.stateDirectory + "/pizza-split/recent-files"
        ownMenuPath = files.ownMenuPath
    }

    /// The files opened last in earlier runs, newest first; none when the list cannot be read (said on standard error).
    func kept(storage: any MenuStorage = PosixStorage()) -> [FilePath] {
        do {
            let bytes = try storage.read(statePath, limit: 65_536, role: .recentFiles) ?? []
            return RecentFiles(ownMenuPath: ownMenuPath, encoded: bytes).others
        } catch {
            // Translators: on standard error, %s is the recent-files list and why it cannot be read.
            Console.printError(String(translating: "pizza-split: the recent files are not listed: %s", Messages.fileError(error)))
            return []
        }
    }

    func keep(_ files: RecentFiles, storage: any MenuStorage = PosixStorage()) {
        do {
            try storage.writeAtomically(files.encoded, to: FilePath(statePath), role: .recentFiles, expecting: .anything)
        } catch {
            // Translators: on standard error, %s is the recent-files list and why it cannot be written.
            Console.printError(String(translating: "pizza-split: the recent files are not kept: %s", Messages.fileError(error)))
        }
    }

    /// Adds the `open-recent` action that the items activate; `open` opens the chosen file.
    func install(in window: ActionMap, open: @escaping @MainActor (FilePath) -> Void) {
        let action = SimpleAction(name: "open-recent", parameter: .string)
        action.onActivate { [weak self] _, target in
            guard let self, let index = target.flatMap({ Int($0) }), let listed = self.listed, listed.indices.contains(index)
            else { return }
            open(listed[index])
        }
        window.addAction(action)
    }

    /// Lists `offered`, less the files that are no longer there (the user's own menu is always offered: its
    /// first change creates it). Each render looks again, and the items change only when the list does.
    func render(_ offered: [FilePath]) {
        let present = offered.filter { $0 == ownMenuPath || PosixStorage.regularFileSize($0) != nil }
        guard present != listed else { return }
        listed = present
        submenu.removeAll()
        for (index, path) in present.enumerated() {
            submenu.append(Messages.recentFile(path, isOwnMenu: path == ownMenuPath), action: "win.open-recent", target: String(index))
        }
    }
}
