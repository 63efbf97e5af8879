internal import CGtk

/// Wraps `GtkApplicationWindow`: a window that belongs to an `Application` and holds "win." actions.
@MainActor
public final class ApplicationWindow: Window, ActionMap {
    /// `gtk_application_window_new`. Transfer none: the application and GTK keep the window.
    public convenience init(application: Application) {
        self.init(gtk_application_window_new(application.application), ownership: .none)
    }

    /// `g_action_map_add_action`: adds `action` as "win.<name>".
    public func addAction(_ action: SimpleAction) {
        g_action_map_add_action(c(), action.action)
    }

    /// `gtk_application_window_set_show_menubar`.
    public func setShowMenubar(_ value: Bool) {
        gtk_application_window_set_show_menubar(c(), value ? 1 : 0)
    }
}
