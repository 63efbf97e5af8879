internal import CGtk

/// Wraps `GMenu`: a menu model of labelled actions, shown by a menu button or a popover.
@MainActor
public final class MenuModel: Object {
    var menu: OpaquePointer { c() }
    var menuModel: UnsafeMutablePointer<GMenuModel> { c() }

    /// `g_menu_new`. Transfer full.
    public convenience init() { self.init(g_menu_new(), ownership: .full) }

    /// `g_menu_append`: an item that activates `detailedAction` ("app.quit", "win.delete").
    public func append(_ label: String, action detailedAction: String) { g_menu_append(menu, label, detailedAction) }

    /// `g_menu_append_section`: a group of items, drawn with separators.
    public func appendSection(_ section: MenuModel) { g_menu_append_section(menu, nil, section.menuModel) }
}
