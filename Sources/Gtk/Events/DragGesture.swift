internal import CGtk

/// Wraps `GtkGestureDrag`: a press and move of the pointer or a finger, reported as offsets from where it began.
@MainActor
public final class DragGesture: EventController {
    /// `gtk_gesture_drag_new`. Sunk here; the widget takes its own reference when added.
    public convenience init() { self.init(gtk_gesture_drag_new(), ownership: .full) }

    /// `gtk_gesture_single_set_touch_only`: only touchscreens start it, not a mouse.
    public func setTouchOnly(_ touchOnly: Bool) { gtk_gesture_single_set_touch_only(c(), touchOnly ? 1 : 0) }

    /// `gtk_gesture_set_state(GTK_EVENT_SEQUENCE_CLAIMED)`: this gesture takes the drag, so the widgets
    /// under it (a list's rows) do not see it as a click.
    public func claim() { _ = gtk_gesture_set_state(c(), GTK_EVENT_SEQUENCE_CLAIMED) }

    /// `gtk_gesture_set_state(GTK_EVENT_SEQUENCE_DENIED)`: not this gesture's drag; the widgets under it get it.
    public func deny() { _ = gtk_gesture_set_state(c(), GTK_EVENT_SEQUENCE_DENIED) }

    /// The `drag-begin` signal: `(x, y)` where it began, in the widget's coordinates.
    @discardableResult
    public func onBegin(_ handler: @escaping @MainActor (DragGesture, Double, Double) -> Void) -> SignalConnection {
        connect(Signal<PointHandler>("drag-begin")) { handler(emitted($0), $1, $2) }
    }

    /// The `drag-update` signal: `(dx, dy)`, the offset from where it began.
    @discardableResult
    public func onUpdate(_ handler: @escaping @MainActor (DragGesture, Double, Double) -> Void) -> SignalConnection {
        connect(Signal<PointHandler>("drag-update")) { handler(emitted($0), $1, $2) }
    }

    /// The `drag-end` signal: `(dx, dy)`, the offset from where it began when the pointer or finger let go.
    @discardableResult
    public func onEnd(_ handler: @escaping @MainActor (DragGesture, Double, Double) -> Void) -> SignalConnection {
        connect(Signal<PointHandler>("drag-end")) { handler(emitted($0), $1, $2) }
    }
}
