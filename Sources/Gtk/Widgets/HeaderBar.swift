internal import CGtk

/// Wraps `GtkHeaderBar`.
@MainActor
public final class HeaderBar: Widget {
    var headerBar: OpaquePointer { c() }

    /// `gtk_header_bar_new`. The floating reference is sunk: this wrapper owns the header bar.
    public convenience init() { self.init(gtk_header_bar_new(), ownership: .full) }

    /// `gtk_header_bar_pack_start`.
    public func packStart(_ child: Widget) { gtk_header_bar_pack_start(headerBar, child.widget) }

    /// `gtk_header_bar_pack_end`.
    public func packEnd(_ child: Widget) { gtk_header_bar_pack_end(headerBar, child.widget) }

    /// `gtk_header_bar_set_title_widget`.
    public func setTitleWidget(_ widget: Widget?) { gtk_header_bar_set_title_widget(headerBar, widget?.widget) }

    /// `gtk_header_bar_set_show_title_buttons`.
    public func setShowTitleButtons(_ value: Bool) { gtk_header_bar_set_show_title_buttons(headerBar, value ? 1 : 0) }

    /// `gtk_header_bar_get_show_title_buttons`: whether the bar shows the window's controls (close and the like).
    public var showsTitleButtons: Bool { gtk_header_bar_get_show_title_buttons(headerBar) != 0 }

    /// `gtk_header_bar_get_decoration_layout` / `gtk_header_bar_set_decoration_layout`: which window controls the
    /// bar shows, before the colon at its start and after it at its end, e.g. "icon:minimize,close"; nil follows
    /// the desktop's (`DisplaySettings.decorationLayout`).
    public var decorationLayout: String? {
        get { gtk_header_bar_get_decoration_layout(headerBar).map { String(cString: $0) } }
        set { gtk_header_bar_set_decoration_layout(headerBar, newValue) }
    }
}
