import Gtk

/// Makes a group of focusable widgets one Tab stop, as GNOME's lists and button groups are: Tab and
/// Shift+Tab leave the group in one press, and the arrow keys move inside it. GTK 4.8's list view and
/// flow box make each of their children a Tab stop instead.
///
/// While the group cannot take focus, the window's own Tab handling passes over it, so focus goes to the
/// widget before or after the group, and wraps round to the header bar as usual.
@MainActor
public enum TabStop {
    /// Makes `group` one Tab stop while `isEnabled()` says so.
    public static func make(_ group: Widget, isEnabled: @escaping @MainActor () -> Bool = { true }) {
        let keys = KeyController()
        keys.setPhase(.capture)
        keys.onKeyPressed { [weak group] _, keyval, _, modifiers in
            guard let group, isEnabled(), let direction = direction(of: keyval, modifiers: modifiers) else { return false }
            return leave(group, direction)
        }
        group.addController(keys)
    }

    /// Tab (forward) or Shift+Tab (backward); nil for any other key or with Ctrl or Alt, which GTK keeps.
    static func direction(of keyval: UInt32, modifiers: UInt32) -> Widget.FocusDirection? {
        guard modifiers & (Key.controlMask | Key.altMask) == 0 else { return nil }
        let shifted = modifiers & Key.shiftMask != 0
        switch keyval {
        case Key.isoLeftTab: return .tabBackward
        case Key.tab, Key.keypadTab: return shifted ? .tabBackward : .tabForward
        default: return nil
        }
    }

    /// Moves focus to the widget before or after `group`. Returns whether the key was used.
    @discardableResult
    public static func leave(_ group: Widget, _ direction: Widget.FocusDirection) -> Bool {
        guard let window = group.window else { return false }
        group.canFocus = false
        defer { group.canFocus = true }
        if !window.moveFocus(direction) { window.focus = nil }
        return true
    }
}
