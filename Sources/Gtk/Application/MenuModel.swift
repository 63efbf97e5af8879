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

    /// `g_menu_item_new`, `g_menu_item_set_action_and_target_value` with a string `target`, `g_menu_append_item`:
    /// an item that activates the string-parameter `action` ("win.open-recent") with `target`. The target is
    /// never parsed, so any text is safe in it.
    public func append(_ label: String, action: String, target: String) {
        let item = g_menu_item_new(label, nil)
        g_menu_item_set_action_and_target_value(item, action, g_variant_new_string(target))
        g_menu_append_item(menu, item)
        g_object_unref(item?.raw)
    }

    /// `g_menu_append` with no action: an item shown greyed out, that says something rather than does it
    /// ("No Recent Menus").
    public func appendNote(_ label: String) { g_menu_append(menu, label, nil) }

    /// `g_menu_append_section`: a group of items, drawn with separators.
    public func appendSection(_ section: MenuModel) { g_menu_append_section(menu, nil, section.menuModel) }

    /// `g_menu_append_submenu`: an item labelled `label` that opens `submenu`.
    public func appendSubmenu(_ label: String, _ submenu: MenuModel) { g_menu_append_submenu(menu, label, submenu.menuModel) }

    /// `g_menu_remove_all`.
    public func removeAll() { g_menu_remove_all(menu) }

    /// `g_menu_model_get_n_items`.
    public var itemCount: Int { Int(g_menu_model_get_n_items(menuModel)) }

    /// `g_menu_model_get_item_attribute_value` for the string attribute `attribute` ("label", "action",
    /// "target") of the item at `index`; nil when it has none, or none of type string.
    public func attribute(_ attribute: String, at index: Int) -> String? {
        guard let value = g_menu_model_get_item_attribute_value(menuModel, gint(index), attribute, nil) else { return nil }
        defer { g_variant_unref(value) }
        guard String(cString: g_variant_get_type_string(value)) == "s" else { return nil }
        return String(cString: g_variant_get_string(value, nil))
    }

    /// `g_menu_model_get_item_link` with `G_MENU_LINK_SUBMENU` (transfer full): the submenu the item at `index`
    /// opens, or nil.
    public func submenu(at index: Int) -> MenuModel? {
        Object.wrapper(for: g_menu_model_get_item_link(menuModel, gint(index), G_MENU_LINK_SUBMENU), as: MenuModel.self,
                       ownership: .full)
    }
}
