import Gtk

extension Window {
    /// Takes the keyboard back after a window of its own closed (`gtk_window_present`): with no window
    /// manager, or one that does not hand it back, the focus would stay with the window that is gone.
    func takeFocusBack() { present() }

    /// `parent` takes the keyboard back when this window is closed (Escape, its close button).
    func givesFocusBack(to parent: Window) {
        onCloseRequest { [weak parent] in
            parent?.takeFocusBack()
            return false
        }
    }
}
