internal import CGtk

/// Wraps `GtkButton`.
@MainActor
public class Button: Widget {
    var button: UnsafeMutablePointer<GtkButton> { c() }

    /// `gtk_button_new_with_label`. The floating reference is sunk: this wrapper owns the button.
    public convenience init(label: String) { self.init(gtk_button_new_with_label(label), ownership: .full) }

    /// `gtk_button_new_from_icon_name`.
    public convenience init(iconName: String) { self.init(gtk_button_new_from_icon_name(iconName), ownership: .full) }

    /// `gtk_button_get_label` / `gtk_button_set_label`.
    public var label: String? {
        get { gtk_button_get_label(button).map { String(cString: $0) } }
        set { gtk_button_set_label(button, newValue) }
    }

    /// `gtk_button_get_child`: the label or icon the button shows.
    public var child: Widget? { Object.wrapper(for: gtk_button_get_child(button), ownership: .none) }

    /// `gtk_button_set_icon_name`.
    public func setIconName(_ name: String) { gtk_button_set_icon_name(button, name) }

    /// `gtk_button_set_has_frame`.
    public var hasFrame: Bool {
        get { gtk_button_get_has_frame(button) != 0 }
        set { gtk_button_set_has_frame(button, newValue ? 1 : 0) }
    }

    /// `gtk_button_set_use_underline`.
    public func setUseUnderline(_ value: Bool) { gtk_button_set_use_underline(button, value ? 1 : 0) }

    /// `gtk_actionable_set_action_name`: clicking activates the named action ("win.add-item").
    public func setActionName(_ name: String?) { gtk_actionable_set_action_name(c(), name) }

    /// The `clicked` signal. The handler lives until the connection is disconnected or the button finalized.
    @discardableResult
    public func onClicked(_ handler: @escaping @MainActor (Button) -> Void) -> SignalConnection {
        connect(Signal<VoidHandler>("clicked")) { handler(emitted($0)) }
    }
}
