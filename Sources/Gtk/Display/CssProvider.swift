internal import CGtk

/// Wraps `GtkCssProvider`.
@MainActor
public final class CssProvider: Object {
    var provider: UnsafeMutablePointer<GtkCssProvider> { c() }

    /// `gtk_css_provider_new`. Transfer full.
    public convenience init() { self.init(gtk_css_provider_new(), ownership: .full) }

    /// `gtk_css_provider_load_from_data`.
    public func load(_ css: String) {
        let bytes = Array(css.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                gtk_css_provider_load_from_data(provider, $0.baseAddress, gssize($0.count))
            }
        }
    }

    /// `gtk_style_context_add_provider_for_display` on the default display, at application priority.
    public func addToDefaultDisplay() {
        guard let display = gdk_display_get_default() else { return }
        gtk_style_context_add_provider_for_display(
            display, c(), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
}
