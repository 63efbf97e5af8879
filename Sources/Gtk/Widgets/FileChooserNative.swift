internal import CGtk

/// Wraps `GtkFileChooserNative` in open or save mode: the desktop's own file dialog where there is one.
@MainActor
public final class FileChooserNative: Object {
    var chooser: OpaquePointer { c() }
    var nativeDialog: UnsafeMutablePointer<GtkNativeDialog> { c() }

    /// `gtk_file_chooser_native_new` with `GTK_FILE_CHOOSER_ACTION_OPEN`. Transfer full. The cancel label is
    /// GTK's own (NULL), so that GTK's catalogue translates it.
    public convenience init(title: String, parent: Window?, acceptLabel: String) {
        self.init(gtk_file_chooser_native_new(title, parent?.gtkWindow, GTK_FILE_CHOOSER_ACTION_OPEN, acceptLabel, nil),
                  ownership: .full)
        gtk_native_dialog_set_modal(nativeDialog, 1)
    }

    /// `gtk_file_chooser_native_new` with `GTK_FILE_CHOOSER_ACTION_SAVE`, and `gtk_file_chooser_set_current_name`
    /// with `suggestedName`. Transfer full. GTK 4 asks before it lets the user choose a file that exists. The
    /// cancel label is GTK's own, translated by GTK.
    public convenience init(savingWithTitle title: String, parent: Window?, acceptLabel: String, suggestedName: String) {
        self.init(gtk_file_chooser_native_new(title, parent?.gtkWindow, GTK_FILE_CHOOSER_ACTION_SAVE, acceptLabel, nil),
                  ownership: .full)
        gtk_native_dialog_set_modal(nativeDialog, 1)
        gtk_file_chooser_set_current_name(chooser, suggestedName)
    }

    /// Whether the dialog chooses a file to open, or a name to save to.
    public enum Mode: Sendable {
        /// `GTK_FILE_CHOOSER_ACTION_OPEN`: an existing file to open.
        case open
        /// `GTK_FILE_CHOOSER_ACTION_SAVE`: a name to save to, new or existing.
        case save
    }

    /// `gtk_file_chooser_get_action`.
    public var mode: Mode { gtk_file_chooser_get_action(chooser) == GTK_FILE_CHOOSER_ACTION_SAVE ? .save : .open }

    /// `gtk_file_chooser_get_current_name`: the name typed in a save dialog (nil when none is).
    public var currentName: String? {
        guard let name = gtk_file_chooser_get_current_name(chooser) else { return nil }
        defer { g_free(name) }
        return String(cString: name)
    }

    /// `g_file_new_for_path`, `gtk_file_chooser_set_current_folder`: the folder the dialog shows first. Returns
    /// whether the dialog took it.
    @discardableResult
    public func setCurrentFolder(_ path: [UInt8]) -> Bool {
        guard !path.contains(0) else { return false }
        let file = (path + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { g_file_new_for_path($0.baseAddress!) } }
        defer { g_object_unref(file?.raw) }
        return gtk_file_chooser_set_current_folder(chooser, file, nil) != 0
    }

    /// `gtk_file_filter_new`, `gtk_file_filter_add_pattern`, `gtk_file_chooser_add_filter` (which takes
    /// its own reference, so ours is dropped).
    public func addFilter(name: String, patterns: [String]) {
        let filter = gtk_file_filter_new()
        gtk_file_filter_set_name(filter, name)
        for pattern in patterns { gtk_file_filter_add_pattern(filter, pattern) }
        gtk_file_chooser_add_filter(chooser, filter)
        g_object_unref(filter?.raw)
    }

    /// `gtk_native_dialog_show`; the handler gets the chosen path as the bytes the system has (a file name
    /// need not be UTF-8), or nil if cancelled. Until it answers,
    /// the dialog's own `response` handler keeps this wrapper alive; answering disconnects it.
    public func show(_ handler: @escaping @MainActor ([UInt8]?) -> Void) {
        final class Pending { var connection: SignalConnection? }
        let pending = Pending()
        pending.connection = connect(Signal<IntHandler>("response")) { _, response in
            var path: [UInt8]?
            if response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(self.chooser) {
                if let cPath = g_file_get_path(file) {
                    path = Array(UnsafeRawBufferPointer(start: cPath, count: strlen(cPath)))
                    g_free(cPath)
                }
                g_object_unref(file.raw)
            }
            pending.connection?.disconnect()
            handler(path)
        }
        gtk_native_dialog_show(nativeDialog)
    }
}
