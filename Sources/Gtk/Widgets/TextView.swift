internal import CGtk

/// Wraps `GtkTextView`: a multi-line text editor over a `TextBuffer`.
@MainActor
public final class TextView: Widget {
    var textView: UnsafeMutablePointer<GtkTextView> { c() }

    /// `gtk_text_view_new`, with a buffer of its own. The floating reference is sunk.
    public convenience init() { self.init(gtk_text_view_new(), ownership: .full) }

    /// `gtk_text_view_new_with_buffer`: shows `buffer`, which the view takes its own reference to.
    public convenience init(buffer: TextBuffer) {
        self.init(gtk_text_view_new_with_buffer(buffer.buffer), ownership: .full)
    }

    /// `gtk_text_view_get_buffer` / `gtk_text_view_set_buffer` (transfer none; the view holds its buffer).
    public var buffer: TextBuffer {
        get { Object.wrapper(for: gtk_text_view_get_buffer(textView), ownership: .none)! }
        set { gtk_text_view_set_buffer(textView, newValue.buffer) }
    }

    /// `gtk_text_view_get_editable` / `gtk_text_view_set_editable`.
    public var isEditable: Bool {
        get { gtk_text_view_get_editable(textView) != 0 }
        set { gtk_text_view_set_editable(textView, newValue ? 1 : 0) }
    }

    /// `gtk_text_view_set_wrap_mode`: true wraps lines between words (`GTK_WRAP_WORD_CHAR`), false not at all.
    public var wrapsWords: Bool {
        get { gtk_text_view_get_wrap_mode(textView) != GTK_WRAP_NONE }
        set { gtk_text_view_set_wrap_mode(textView, newValue ? GTK_WRAP_WORD_CHAR : GTK_WRAP_NONE) }
    }

    /// `gtk_text_view_get_monospace` / `gtk_text_view_set_monospace`.
    public var isMonospace: Bool {
        get { gtk_text_view_get_monospace(textView) != 0 }
        set { gtk_text_view_set_monospace(textView, newValue ? 1 : 0) }
    }
}
