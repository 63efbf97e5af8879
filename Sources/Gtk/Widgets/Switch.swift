internal import CGtk

/// Wraps `GtkSwitch`: an on/off switch for a setting that takes effect at once.
@MainActor
public final class Switch: Widget {
    var gtkSwitch: OpaquePointer { c() }

    /// `gtk_switch_new`. The floating reference is sunk. It starts off.
    public convenience init() { self.init(gtk_switch_new(), ownership: .full) }

    /// `gtk_switch_get_active` / `gtk_switch_set_active`.
    public var isActive: Bool {
        get { gtk_switch_get_active(gtkSwitch) != 0 }
        set { gtk_switch_set_active(gtkSwitch, newValue ? 1 : 0) }
    }

    /// `notify::active`, typed: the switch was turned on (true) or off (false), by the user or by code.
    @discardableResult
    public func onActiveChanged(_ handler: @escaping @MainActor (Switch, Bool) -> Void) -> SignalConnection {
        onNotify("active") { handler($0, $0.isActive) }
    }
}
