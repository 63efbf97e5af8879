internal import CGtk

/// Wraps `GtkEventControllerFocus`: tells when keyboard focus enters or leaves a widget and its children.
@MainActor
public final class FocusController: EventController {
    /// `gtk_event_controller_focus_new`. Sunk here; the widget takes its own reference when added.
    public convenience init() { self.init(gtk_event_controller_focus_new(), ownership: .full) }

    /// The `leave` signal: focus left the widget and all of its children.
    @discardableResult
    public func onLeave(_ handler: @escaping @MainActor (FocusController) -> Void) -> SignalConnection {
        connect(Signal<VoidHandler>("leave")) { handler(emitted($0)) }
    }

    /// The `enter` signal: focus came into the widget or one of its children from outside it.
    @discardableResult
    public func onEnter(_ handler: @escaping @MainActor (FocusController) -> Void) -> SignalConnection {
        connect(Signal<VoidHandler>("enter")) { handler(emitted($0)) }
    }
}
