import Gtk
import PizzaModel

extension Window {
    /// Takes the keyboard back after a window of its own closed (`gtk_window_present`): with no window
    /// manager, or one that does not hand it back, the focus would stay with the window that is gone.
    func takeFocusBack() { present() }

    /// `parent` takes the keyboard back when this window is closed (Escape, its close button).
    func givesFocusBack(to parent: Window) {
        onCloseRequest { [weak parent] _ in
            parent?.takeFocusBack()
            return false
        }
    }
}

extension ActionMap {
    /// Adds a `SimpleAction` for each name, running its body when activated; returns them by name.
    @discardableResult
    func addActions(_ handlers: [(String, @MainActor () -> Void)]) -> [String: SimpleAction] {
        var actions: [String: SimpleAction] = [:]
        for (name, body) in handlers {
            let action = SimpleAction(name: name)
            action.onActivate { _, _ in body() }
            addAction(action)
            actions[name] = action
        }
        return actions
    }
}

extension Window {
    /// Makes this window a modal dialog over `parent`, closed with it, titled `title`, `width` px wide.
    func makeDialog(over parent: Window, title: String, width: Int) {
        self.title = title
        isModal = true
        setTransientFor(parent)
        setDestroyWithParent(true)
        defaultSize = (width, -1)
    }
}

extension FileChooserNative {
    /// Asks for a menu file to open (`.json` first, any file if the user wants); `then` gets the chosen one.
    static func chooseMenuFile(parent: Window, then open: @escaping @MainActor (FilePath) -> Void) {
        let chooser = FileChooserNative(title: String(translating: "Open Menu File"), parent: parent, acceptLabel: String(translating: "_Open"))
        chooser.addFilter(name: String(translating: "Menu files"), patterns: ["*.json"])
        chooser.addFilter(name: String(translating: "All files"), patterns: ["*"])
        chooser.show { path in if let path { open(FilePath(bytes: path)) } }
    }

    /// Save As: asks for a file to save the menu open from `original` to, suggesting a name beside it;
    /// `chosen` gets the file, or nil when the user cancelled. The dialog asks before replacing a file.
    static func chooseSaveAsFile(parent: Window, from original: FilePath, then chosen: @escaping @MainActor (FilePath?) -> Void) {
        let chooser = FileChooserNative(savingWithTitle: String(translating: "Save Menu As"), parent: parent,
                                        acceptLabel: String(translating: "_Save"), suggestedName: Messages.copyName(of: original))
        chooser.addFilter(name: String(translating: "Menu files"), patterns: ["*.json"])
        chooser.setCurrentFolder(original.folder.bytes)
        chooser.show { path in chosen(path.map { FilePath(bytes: $0) }) }
    }
}

extension Button {
    /// Shows `label` with its mnemonic (`_Undo`: Alt+U), and names the button for assistive technologies
    /// without the underscore, once: GTK 4.8 would read the raw label and the shown one both (`_Undo Undo`),
    /// and the label's own text again through the mnemonic label's labelled-by relation (`Undo Undo`).
    func setMnemonicLabel(_ label: String?) {
        self.label = label
        setUseUnderline(true)
        setAccessibleLabel((label ?? "").filter { $0 != "_" })
        clearAccessibleLabelledBy()
    }
}
