internal import CGtk

/// Wraps `GtkEventController`, the base of key and gesture controllers.
@MainActor
public class EventController: Object {
    var controller: OpaquePointer { c() }

    /// `GtkPropagationPhase`.
    public enum Phase: Sendable {
        /// `GTK_PHASE_CAPTURE`: from the window down to the target, before the target's own handlers.
        case capture
        /// `GTK_PHASE_BUBBLE`: from the target up to the window, after the target's own handlers.
        case bubble
        var gtk: GtkPropagationPhase { self == .capture ? GTK_PHASE_CAPTURE : GTK_PHASE_BUBBLE }
    }

    /// `gtk_event_controller_set_propagation_phase`.
    public func setPhase(_ phase: Phase) { gtk_event_controller_set_propagation_phase(controller, phase.gtk) }

    /// `gtk_event_controller_get_current_event_time`: when the event being handled happened, in milliseconds of
    /// the window system's clock; nil outside an event's handling (a signal emitted by a program).
    public var currentEventTime: UInt32? {
        let time = gtk_event_controller_get_current_event_time(controller)
        return time == 0 ? nil : time
    }
}

/// Wraps `GtkEventControllerKey`.
@MainActor
public final class KeyController: EventController {
    /// `gtk_event_controller_key_new`. Controllers are floating until a widget takes them; sunk here.
    public convenience init() { self.init(gtk_event_controller_key_new(), ownership: .full) }

    /// The `key-pressed` signal: `(keyval, keycode, modifier state) -> handled`.
    @discardableResult
    public func onKeyPressed(_ handler: @escaping @MainActor (KeyController, UInt32, UInt32, UInt32) -> Bool) -> SignalConnection {
        connect(Signal<KeyHandler>("key-pressed")) { handler(emitted($0), $1, $2, $3) }
    }
}

/// Wraps `GtkGestureClick`.
@MainActor
public final class ClickGesture: EventController {
    /// `gtk_gesture_click_new`. Sunk here; the widget takes its own reference when added.
    public convenience init() { self.init(gtk_gesture_click_new(), ownership: .full) }

    /// `gtk_gesture_single_set_button`: 0 listens to every button; 3 is the secondary, 8 the "back" button.
    public func setButton(_ button: UInt32) { gtk_gesture_single_set_button(c(), button) }

    /// `gtk_gesture_single_get_current_button`: the button of the press being handled.
    public var currentButton: UInt32 { gtk_gesture_single_get_current_button(c()) }

    /// The `pressed` signal: `(press count, x, y)`.
    @discardableResult
    public func onPressed(_ handler: @escaping @MainActor (ClickGesture, Int32, Double, Double) -> Void) -> SignalConnection {
        connect(Signal<PressHandler>("pressed")) { handler(emitted($0), $1, $2, $3) }
    }

    /// The `released` signal: `(press count, x, y)`.
    @discardableResult
    public func onReleased(_ handler: @escaping @MainActor (ClickGesture, Int32, Double, Double) -> Void) -> SignalConnection {
        connect(Signal<PressHandler>("released")) { handler(emitted($0), $1, $2, $3) }
    }
}

/// Wraps `GtkEventControllerMotion`: whether the pointer is over the widget.
@MainActor
public final class MotionController: EventController {
    /// `gtk_event_controller_motion_new`. Sunk here; the widget takes its own reference when added.
    public convenience init() { self.init(gtk_event_controller_motion_new(), ownership: .full) }

    /// `gtk_event_controller_motion_contains_pointer`: the pointer is over the widget or one of its children.
    public var containsPointer: Bool { gtk_event_controller_motion_contains_pointer(c()) != 0 }

    /// `notify::contains-pointer`: the pointer came onto the widget or left it.
    @discardableResult
    public func onContainsPointerChanged(_ handler: @escaping @MainActor (MotionController, Bool) -> Void) -> SignalConnection {
        onNotify("contains-pointer") { handler($0, $0.containsPointer) }
    }
}

/// GDK key values and modifier masks the app binds.
public enum Key {
    /// `GDK_KEY_Escape`.
    public static let escape: UInt32 = 0xff1b
    /// `GDK_KEY_Left`.
    public static let left: UInt32 = 0xff51
    /// `GDK_KEY_Up`.
    public static let up: UInt32 = 0xff52
    /// `GDK_KEY_Right`.
    public static let right: UInt32 = 0xff53
    /// `GDK_KEY_Down`.
    public static let down: UInt32 = 0xff54
    /// `GDK_KEY_Delete`.
    public static let delete: UInt32 = 0xffff
    /// `GDK_KEY_Return`.
    public static let returnKey: UInt32 = 0xff0d
    /// `GDK_KEY_F6`.
    public static let f6: UInt32 = 0xffc3
    /// `GDK_KEY_F9`.
    public static let f9: UInt32 = 0xffc6
    /// `GDK_KEY_F10`.
    public static let f10: UInt32 = 0xffc7
    /// `GDK_KEY_Tab`.
    public static let tab: UInt32 = 0xff09
    /// Shift+Tab, as X reports it.
    public static let isoLeftTab: UInt32 = 0xfe20
    /// `GDK_KEY_KP_Tab`.
    public static let keypadTab: UInt32 = 0xff89
    /// `GDK_KEY_space`.
    public static let space: UInt32 = 0x20
    /// `GDK_KEY_KP_Space`.
    public static let keypadSpace: UInt32 = 0xff80
    /// The Menu (context menu) key.
    public static let menu: UInt32 = 0xff67
    /// `GDK_KEY_q`, as Ctrl+Q sends it (with Shift or Caps Lock, `GDK_KEY_Q`).
    public static let q: UInt32 = 0x71
    /// `GDK_KEY_Q`: Q with Shift or Caps Lock.
    public static let capitalQ: UInt32 = 0x51
    /// `GDK_KEY_w`, as Ctrl+W sends it (with Shift or Caps Lock, `GDK_KEY_W`).
    public static let w: UInt32 = 0x77
    /// `GDK_KEY_W`: W with Shift or Caps Lock.
    public static let capitalW: UInt32 = 0x57
    /// `gdk_keyval_to_unicode`: the character `keyval` types, or nil for a key that types none: arrows and F keys,
    /// and the keys GDK maps to control characters (Delete, BackSpace, Return, Tab, Escape).
    public static func character(_ keyval: UInt32) -> Character? {
        guard let scalar = Unicode.Scalar(gdk_keyval_to_unicode(keyval)), scalar.properties.generalCategory != .control
        else { return nil }
        return Character(scalar)
    }
    /// `GDK_ALT_MASK`, in a key event's modifier state.
    public static let altMask: UInt32 = GDK_ALT_MASK.rawValue
    /// `GDK_CONTROL_MASK`, in a key event's modifier state.
    public static let controlMask: UInt32 = GDK_CONTROL_MASK.rawValue
    /// `GDK_SHIFT_MASK`, in a key event's modifier state.
    public static let shiftMask: UInt32 = GDK_SHIFT_MASK.rawValue
}
