internal import CGtk

/// Wraps `GtkWindow`. GTK's window list owns a top-level window (it is never floating), so dropping the
/// wrapper does not close it: `close()` or `destroy()` does, and the wrapper's own reference goes in `deinit`.
@MainActor
public class Window: Widget {
    var gtkWindow: UnsafeMutablePointer<GtkWindow> { c() }

    /// `gtk_window_new`. The returned pointer is transfer none (GTK keeps the window); the wrapper refs it.
    public convenience init() {
        self.init(gtk_window_new(), ownership: .none)
    }

    /// `gtk_window_get_title` / `gtk_window_set_title`.
    public var title: String? {
        get { gtk_window_get_title(gtkWindow).map { String(cString: $0) } }
        set { gtk_window_set_title(gtkWindow, newValue) }
    }

    /// `gtk_window_get_child` / `gtk_window_set_child`.
    public var child: Widget? {
        get { Object.wrapper(for: gtk_window_get_child(gtkWindow), ownership: .none) }
        set { gtk_window_set_child(gtkWindow, newValue?.widget) }
    }

    /// `gtk_window_set_titlebar`.
    public func setTitlebar(_ titlebar: Widget?) { gtk_window_set_titlebar(gtkWindow, titlebar?.widget) }

    /// `gtk_window_set_titlebar` with a hidden, empty widget, as libadwaita's `AdwWindow` does: the window draws
    /// its own decorations but no title bar, and the window manager adds none, so header bars inside the content
    /// (a split view's, one per pane) take its place. The window's `title` still names it to the window manager.
    /// Call it before the window is shown.
    public func hideTitlebar() {
        let empty = Box(.horizontal)
        empty.isVisible = false
        setTitlebar(empty)
    }

    /// `gtk_window_get_focus_visible` / `gtk_window_set_focus_visible`: whether the focus ring is drawn. GTK
    /// turns it on for Tab and the arrow keys; keys that an app binds to move the focus turn it on themselves.
    public var isFocusVisible: Bool {
        get { gtk_window_get_focus_visible(gtkWindow) != 0 }
        set { gtk_window_set_focus_visible(gtkWindow, newValue ? 1 : 0) }
    }

    /// `gtk_window_get_titlebar`: the header bar, if the window has one.
    public var titlebar: Widget? { Object.wrapper(for: gtk_window_get_titlebar(gtkWindow), ownership: .none) }

    /// `gtk_window_get_default_size` / `gtk_window_set_default_size`.
    public var defaultSize: (width: Int, height: Int) {
        get {
            var w: gint = 0, h: gint = 0
            gtk_window_get_default_size(gtkWindow, &w, &h)
            return (Int(w), Int(h))
        }
        set { gtk_window_set_default_size(gtkWindow, gint(newValue.width), gint(newValue.height)) }
    }

    /// `gtk_window_is_maximized`, `gtk_window_maximize`, `gtk_window_unmaximize`.
    public var isMaximized: Bool {
        get { gtk_window_is_maximized(gtkWindow) != 0 }
        set { newValue ? gtk_window_maximize(gtkWindow) : gtk_window_unmaximize(gtkWindow) }
    }

    /// `gtk_window_set_modal`.
    public var isModal: Bool {
        get { gtk_window_get_modal(gtkWindow) != 0 }
        set { gtk_window_set_modal(gtkWindow, newValue ? 1 : 0) }
    }

    /// `gtk_window_get_resizable` / `gtk_window_set_resizable`. A window that is not resizable takes its
    /// content's natural size again whenever that changes.
    public var isResizable: Bool {
        get { gtk_window_get_resizable(gtkWindow) != 0 }
        set { gtk_window_set_resizable(gtkWindow, newValue ? 1 : 0) }
    }

    /// `gtk_window_set_transient_for`.
    public func setTransientFor(_ parent: Window?) { gtk_window_set_transient_for(gtkWindow, parent?.gtkWindow) }

    /// `gtk_window_set_destroy_with_parent`.
    public func setDestroyWithParent(_ value: Bool) { gtk_window_set_destroy_with_parent(gtkWindow, value ? 1 : 0) }

    /// `gtk_window_set_hide_on_close`.
    public func setHideOnClose(_ value: Bool) { gtk_window_set_hide_on_close(gtkWindow, value ? 1 : 0) }

    /// `gtk_window_get_focus` / `gtk_window_set_focus`.
    public var focus: Widget? {
        get { Object.wrapper(for: gtk_window_get_focus(gtkWindow), ownership: .none) }
        set { gtk_window_set_focus(gtkWindow, newValue?.widget) }
    }

    /// `notify::focus-widget`, typed: the widget that has the keyboard focus now (`gtk_window_get_focus`), or nil.
    @discardableResult
    public func onFocusChanged(_ handler: @escaping @MainActor (Window, Widget?) -> Void) -> SignalConnection {
        onNotify("focus-widget") { handler($0, $0.focus) }
    }

    /// `gtk_window_set_default_widget`.
    public func setDefaultWidget(_ widget: Widget?) { gtk_window_set_default_widget(gtkWindow, widget?.widget) }

    /// `gtk_window_present`.
    public func present() { gtk_window_present(gtkWindow) }

    /// `gtk_window_close`: asks to close, as the close button does (emits `close-request`).
    public func close() { gtk_window_close(gtkWindow) }

    /// `gtk_window_destroy`: drops GTK's reference; the window is finalized once no wrapper holds it.
    public func destroy() { gtk_window_destroy(gtkWindow) }

    /// `gtk_native_get_surface`: the window's surface, once realized.
    public var surface: Surface? {
        Object.wrapper(for: gtk_native_get_surface(c()), ownership: .none)
    }

    /// The `close-request` signal. Return true to keep the window open.
    @discardableResult
    public func onCloseRequest(_ handler: @escaping @MainActor (Window) -> Bool) -> SignalConnection {
        connect(Signal<BoolHandler>("close-request")) { handler(emitted($0)) }
    }

    /// `gtk_window_set_default_icon_name`: the icon every window of the app shows (from the icon theme).
    public static func setDefaultIconName(_ name: String) { gtk_window_set_default_icon_name(name) }

    /// `gtk_window_list_toplevels`: the number of top-level windows GTK holds.
    public static var toplevelCount: Int {
        let list = gtk_window_list_toplevels()
        defer { g_list_free(list) }
        return Int(g_list_length(list))
    }
}
