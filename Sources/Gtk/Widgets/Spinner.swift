internal import CGtk

/// Wraps `GtkSpinner`: shows that work of unknown length is going on.
@MainActor
public final class Spinner: Widget {
    var spinner: OpaquePointer { c() }

    /// `gtk_spinner_new`. The floating reference is sunk. It does not spin until told to.
    public convenience init() { self.init(gtk_spinner_new(), ownership: .full) }

    /// `gtk_spinner_get_spinning` / `gtk_spinner_set_spinning` (`gtk_spinner_start`, `gtk_spinner_stop`).
    public var isSpinning: Bool {
        get { gtk_spinner_get_spinning(spinner) != 0 }
        set { gtk_spinner_set_spinning(spinner, newValue ? 1 : 0) }
    }
}
