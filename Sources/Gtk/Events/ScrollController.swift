internal import CGtk

/// Wraps `GtkEventControllerScroll` watching both axes: a mouse wheel's clicks and a touchpad's two-finger scrolls.
///
/// A touchpad's scroll is a run of smooth `scroll`s, then `scroll-end` when the fingers lift (where the window
/// system says so; X11 does not). `isFromTouchpad` tells it from a wheel's.
@MainActor
public final class ScrollController: EventController {
    /// `gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES)`. Sunk here.
    public convenience init() {
        self.init(gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES), ownership: .full)
    }

    /// The `scroll` signal: `(dx, dy) -> handled`, the deltas of one step (a touchpad's in pixels' worth).
    @discardableResult
    public func onScroll(_ handler: @escaping @MainActor (ScrollController, Double, Double) -> Bool) -> SignalConnection {
        connect(Signal<PointToBoolHandler>("scroll")) { handler(emitted($0), $1, $2) }
    }

    /// The `scroll-end` signal: the fingers lifted.
    @discardableResult
    public func onEnd(_ handler: @escaping @MainActor (ScrollController) -> Void) -> SignalConnection {
        connect(Signal<VoidHandler>("scroll-end")) { handler(emitted($0)) }
    }

    /// `gtk_event_controller_get_current_event`, then `gdk_event_get_device` and `gdk_device_get_source`: whether
    /// the event being handled comes from a touchpad or a trackpoint. Nil outside an event's handling (a signal
    /// emitted by a program).
    public var isFromTouchpad: Bool? {
        guard let event = gtk_event_controller_get_current_event(controller),
              let device = gdk_event_get_device(event) else { return nil }
        let source = gdk_device_get_source(device)
        return source == GDK_SOURCE_TOUCHPAD || source == GDK_SOURCE_TRACKPOINT
    }
}
