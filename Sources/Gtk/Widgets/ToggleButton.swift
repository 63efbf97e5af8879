internal import CGtk

/// Wraps `GtkToggleButton`.
@MainActor
public final class ToggleButton: Button {
    var toggle: UnsafeMutablePointer<GtkToggleButton> { c() }

    /// `gtk_toggle_button_new_with_label`. The floating reference is sunk.
    public convenience init(toggleLabel label: String) {
        self.init(gtk_toggle_button_new_with_label(label), ownership: .full)
    }

    /// `gtk_toggle_button_new` with `gtk_button_set_icon_name`.
    public convenience init(toggleIconName iconName: String) {
        self.init(gtk_toggle_button_new(), ownership: .full)
        setIconName(iconName)
    }

    /// `gtk_toggle_button_get_active` / `gtk_toggle_button_set_active` (setting emits `toggled`).
    public var isActive: Bool {
        get { gtk_toggle_button_get_active(toggle) != 0 }
        set { gtk_toggle_button_set_active(toggle, newValue ? 1 : 0) }
    }

    /// `gtk_toggle_button_set_group`: makes the buttons of a group exclusive, like radio buttons.
    public func setGroup(_ other: ToggleButton?) { gtk_toggle_button_set_group(toggle, other?.toggle) }

    /// The `toggled` signal.
    @discardableResult
    public func onToggled(_ handler: @escaping @MainActor (ToggleButton) -> Void) -> SignalConnection {
        connect(Signal<VoidHandler>("toggled")) { handler(emitted($0)) }
    }
}
