internal import CGtk

/// Wraps `GtkProgressBar`: how far a long task (an export) has come.
@MainActor
public final class ProgressBar: Widget {
    var progressBar: OpaquePointer { c() }

    /// `gtk_progress_bar_new`. The floating reference is sunk.
    public convenience init() { self.init(gtk_progress_bar_new(), ownership: .full) }

    /// `gtk_progress_bar_get_fraction` / `gtk_progress_bar_set_fraction`: done, from 0 to 1 (GTK clamps it).
    public var fraction: Double {
        get { gtk_progress_bar_get_fraction(progressBar) }
        set { gtk_progress_bar_set_fraction(progressBar, newValue) }
    }

    /// `gtk_progress_bar_get_text` / `gtk_progress_bar_set_text` with `gtk_progress_bar_set_show_text`: the text
    /// shown on the bar (nil shows none).
    public var text: String? {
        get { gtk_progress_bar_get_text(progressBar).map { String(cString: $0) } }
        set {
            gtk_progress_bar_set_text(progressBar, newValue)
            gtk_progress_bar_set_show_text(progressBar, newValue == nil ? 0 : 1)
        }
    }

    /// `gtk_progress_bar_pulse`: moves the bar's block along, for work of unknown length.
    public func pulse() { gtk_progress_bar_pulse(progressBar) }
}
