internal import CGtk

/// Wraps `GtkTextBuffer`: the text a `TextView` shows and edits; several views may share one.
@MainActor
public final class TextBuffer: Object {
    var buffer: UnsafeMutablePointer<GtkTextBuffer> { c() }

    /// `gtk_text_buffer_new` with no tag table. Transfer full, not floating: adopted as is.
    public convenience init() { self.init(gtk_text_buffer_new(nil), ownership: .full) }

    /// `gtk_text_buffer_get_start_iter`, `gtk_text_buffer_get_end_iter` and `gtk_text_buffer_get_text` (hidden text
    /// included) / `gtk_text_buffer_set_text`: the whole text.
    public var text: String {
        get {
            var start = GtkTextIter()
            var end = GtkTextIter()
            gtk_text_buffer_get_start_iter(buffer, &start)
            gtk_text_buffer_get_end_iter(buffer, &end)
            guard let text = gtk_text_buffer_get_text(buffer, &start, &end, 1) else { return "" }
            defer { g_free(text) }
            return String(cString: text)
        }
        set { gtk_text_buffer_set_text(buffer, newValue, -1) }
    }

    /// `gtk_text_buffer_get_char_count`: the number of characters.
    public var characterCount: Int { Int(gtk_text_buffer_get_char_count(buffer)) }

    /// `gtk_text_buffer_get_modified` / `gtk_text_buffer_set_modified`: whether the text changed since it was
    /// last marked unmodified (e.g. after saving).
    public var isModified: Bool {
        get { gtk_text_buffer_get_modified(buffer) != 0 }
        set { gtk_text_buffer_set_modified(buffer, newValue ? 1 : 0) }
    }

    /// The `changed` signal: the text changed, by the user or by code.
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor (TextBuffer) -> Void) -> SignalConnection {
        connect(Signal<VoidHandler>("changed")) { handler(emitted($0)) }
    }
}
