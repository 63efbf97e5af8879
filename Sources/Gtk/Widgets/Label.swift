internal import CGtk

/// Wraps `GtkLabel`.
@MainActor
public final class Label: Widget {
    var label: OpaquePointer { c() }

    /// `gtk_label_new`. The floating reference is sunk: this wrapper owns the label.
    public convenience init(_ text: String = "") { self.init(gtk_label_new(text), ownership: .full) }

    /// `gtk_label_get_text` / `gtk_label_set_text`.
    public var text: String {
        get { String(cString: gtk_label_get_text(label)) }
        set { gtk_label_set_text(label, newValue) }
    }

    /// `gtk_label_set_markup`: text with Pango markup (`<b>`, links).
    public func setMarkup(_ markup: String) { gtk_label_set_markup(label, markup) }

    /// `gtk_label_set_xalign`: 0 is the start, 1 the end.
    public var xAlign: Float {
        get { gtk_label_get_xalign(label) }
        set { gtk_label_set_xalign(label, newValue) }
    }

    /// `gtk_label_set_wrap`.
    public var wraps: Bool {
        get { gtk_label_get_wrap(label) != 0 }
        set { gtk_label_set_wrap(label, newValue ? 1 : 0) }
    }

    /// `gtk_label_set_wrap_mode`: `PANGO_WRAP_WORD_CHAR` when true, so that a word too long for a line (a name
    /// with no spaces) breaks between its characters instead of widening the label; `PANGO_WRAP_WORD`, GTK's
    /// default, when false. Only matters while `wraps` is on.
    public var breaksLongWords: Bool {
        get { gtk_label_get_wrap_mode(label) == PANGO_WRAP_WORD_CHAR }
        set { gtk_label_set_wrap_mode(label, newValue ? PANGO_WRAP_WORD_CHAR : PANGO_WRAP_WORD) }
    }

    /// `gtk_label_set_selectable`.
    public var isSelectable: Bool {
        get { gtk_label_get_selectable(label) != 0 }
        set { gtk_label_set_selectable(label, newValue ? 1 : 0) }
    }

    /// `gtk_widget_grab_focus`, then `gtk_label_select_region(0, 0)`: a selectable label takes focus
    /// without selecting its whole text.
    @discardableResult
    override public func grabFocusWithoutSelecting() -> Bool {
        let focused = grabFocus()
        gtk_label_select_region(label, 0, 0)
        return focused
    }

    /// `gtk_label_set_justify(GTK_JUSTIFY_CENTER)`: wrapped lines are centred.
    public func justifyCenter() { gtk_label_set_justify(label, GTK_JUSTIFY_CENTER) }

    /// `gtk_label_set_ellipsize(PANGO_ELLIPSIZE_END)`.
    public func ellipsizeAtEnd() { gtk_label_set_ellipsize(label, PANGO_ELLIPSIZE_END) }

    /// `gtk_label_set_width_chars`.
    public func setWidthChars(_ count: Int) { gtk_label_set_width_chars(label, gint(count)) }

    /// `gtk_label_set_mnemonic_widget`.
    public func setMnemonicWidget(_ widget: Widget?) { gtk_label_set_mnemonic_widget(label, widget?.widget) }

    /// The `activate-link` signal: `(uri) -> handled`.
    @discardableResult
    public func onActivateLink(_ handler: @escaping @MainActor (Label, String?) -> Bool) -> SignalConnection {
        connect(Signal<StringToBoolHandler>("activate-link")) { handler(emitted($0), $1) }
    }
}
