internal import CGtk

/// Wraps `GtkCheckButton`: a check box with a label; in a group, a radio button.
@MainActor
public final class CheckButton: Widget {
    var checkButton: UnsafeMutablePointer<GtkCheckButton> { c() }

    /// `gtk_check_button_new_with_label`. The floating reference is sunk.
    public convenience init(label: String) { self.init(gtk_check_button_new_with_label(label), ownership: .full) }

    /// `gtk_check_button_get_active` / `gtk_check_button_set_active` (setting emits `toggled`).
    public var isActive: Bool {
        get { gtk_check_button_get_active(checkButton) != 0 }
        set { gtk_check_button_set_active(checkButton, newValue ? 1 : 0) }
    }

    /// `gtk_check_button_get_label` / `gtk_check_button_set_label`.
    public var label: String? {
        get { gtk_check_button_get_label(checkButton).map { String(cString: $0) } }
        set { gtk_check_button_set_label(checkButton, newValue) }
    }

    /// `gtk_check_button_set_group`: joins `other`'s group, whose buttons are exclusive (radio buttons).
    public func setGroup(_ other: CheckButton?) { gtk_check_button_set_group(checkButton, other?.checkButton) }

    /// The `toggled` signal: `isActive` changed.
    @discardableResult
    public func onToggled(_ handler: @escaping @MainActor (CheckButton) -> Void) -> SignalConnection {
        connect(Signal<VoidHandler>("toggled")) { handler(emitted($0)) }
    }
}
