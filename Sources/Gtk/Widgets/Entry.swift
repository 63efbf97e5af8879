internal import CGtk

/// Wraps `GtkEntry`.
@MainActor
public final class Entry: Widget {
    var entry: UnsafeMutablePointer<GtkEntry> { c() }

    /// `gtk_entry_new`. The floating reference is sunk.
    public convenience init() { self.init(gtk_entry_new(), ownership: .full) }

    /// `gtk_editable_get_text` / `gtk_editable_set_text`.
    public var text: String {
        get { String(cString: gtk_editable_get_text(c())) }
        set { gtk_editable_set_text(c(), newValue) }
    }

    /// `gtk_entry_set_placeholder_text`.
    public func setPlaceholder(_ text: String) { gtk_entry_set_placeholder_text(entry, text) }

    /// `gtk_entry_set_activates_default`: Enter activates the window's default widget.
    public func setActivatesDefault(_ value: Bool) { gtk_entry_set_activates_default(entry, value ? 1 : 0) }

    /// `gtk_entry_set_input_purpose(GTK_INPUT_PURPOSE_NUMBER)`.
    public func setNumericInput() { gtk_entry_set_input_purpose(entry, GTK_INPUT_PURPOSE_NUMBER) }

    /// `gtk_editable_set_position(-1)`: the caret after the last character.
    public func moveCaretToEnd() { gtk_editable_set_position(c(), -1) }

    /// `gtk_editable_get_position` / `gtk_editable_set_position`: the caret, in characters from the start.
    public var caretPosition: Int {
        get { Int(gtk_editable_get_position(c())) }
        set { gtk_editable_set_position(c(), gint(newValue)) }
    }

    /// `gtk_editable_get_enable_undo` / `gtk_editable_set_enable_undo`: whether Ctrl+Z in the entry undoes its
    /// own typing (on by default), from a history that text set by the program does not end.
    public var enablesUndo: Bool {
        get { gtk_editable_get_enable_undo(c()) != 0 }
        set { gtk_editable_set_enable_undo(c(), newValue ? 1 : 0) }
    }

    /// `gtk_editable_select_region` over the whole text.
    public func selectAll() { gtk_editable_select_region(c(), 0, -1) }

    /// The `changed` signal (from `GtkEditable`).
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor (Entry) -> Void) -> SignalConnection {
        connect(Signal<VoidHandler>("changed")) { handler(emitted($0)) }
    }

    /// The `activate` signal: Enter was pressed.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor (Entry) -> Void) -> SignalConnection {
        connect(Signal<VoidHandler>("activate")) { handler(emitted($0)) }
    }
}
