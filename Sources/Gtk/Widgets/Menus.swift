internal import CGtk

/// Wraps `GtkMenuButton`.
@MainActor
public final class MenuButton: Widget {
    var menuButton: OpaquePointer { c() }

    /// `gtk_menu_button_new`. The floating reference is sunk.
    public convenience init() { self.init(gtk_menu_button_new(), ownership: .full) }

    /// `gtk_menu_button_set_icon_name`.
    public func setIconName(_ name: String) { gtk_menu_button_set_icon_name(menuButton, name) }

    /// `gtk_menu_button_set_menu_model`.
    public func setMenu(_ menu: MenuModel) { gtk_menu_button_set_menu_model(menuButton, menu.menuModel) }

    /// `gtk_menu_button_set_primary`: F10 opens this menu.
    public func setPrimary(_ value: Bool) { gtk_menu_button_set_primary(menuButton, value ? 1 : 0) }

    /// `gtk_menu_button_popup`.
    public func popup() { gtk_menu_button_popup(menuButton) }
}

/// Wraps `GtkPopoverMenu`: a context menu built from a `Menu`.
@MainActor
public final class PopoverMenu: Widget {
    var popover: UnsafeMutablePointer<GtkPopover> { c() }

    /// `gtk_popover_menu_new_from_model`. The floating reference is sunk.
    public convenience init(menu: MenuModel) {
        self.init(gtk_popover_menu_new_from_model(menu.menuModel), ownership: .full)
    }

    /// `gtk_widget_set_parent`: attaches the popover to the widget it points at.
    public func attach(to parent: Widget) { gtk_widget_set_parent(widget, parent.widget) }

    /// `gtk_widget_unparent`.
    public func detach() { gtk_widget_unparent(widget) }

    /// `gtk_popover_set_has_arrow`.
    public func setHasArrow(_ value: Bool) { gtk_popover_set_has_arrow(popover, value ? 1 : 0) }

    /// `gtk_popover_set_position(GTK_POS_BOTTOM)`, `gtk_popover_set_pointing_to` a rectangle in the parent's
    /// coordinates, then `gtk_popover_popup`: the popover opens below the rectangle (above it when there is no
    /// room below), so it covers nothing inside it.
    public func popup(below x: Double, _ y: Double, width: Double, height: Double) {
        var rect = GdkRectangle(x: gint(x), y: gint(y), width: gint(max(width, 1)), height: gint(max(height, 1)))
        gtk_popover_set_position(popover, GTK_POS_BOTTOM)
        gtk_popover_set_pointing_to(popover, &rect)
        gtk_popover_popup(popover)
    }

    /// `gtk_popover_popdown`.
    public func popdown() { gtk_popover_popdown(popover) }

    /// The `closed` signal.
    @discardableResult
    public func onClosed(_ handler: @escaping @MainActor (PopoverMenu) -> Void) -> SignalConnection {
        connect(Signal<VoidHandler>("closed")) { handler(emitted($0)) }
    }
}
