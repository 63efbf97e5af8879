internal import CGtk

/// Wraps `GdkFrameClock`: the clock that drives a surface's frames (update, layout, paint).
@MainActor
public final class FrameClock: Object {
    /// The `layout` signal: a frame's layout phase. The window's surface, which connected when it was
    /// realized, allocates the widgets first, so a handler connected later sees them allocated, before the
    /// frame is painted. Emitted only in frames whose layout was queued.
    @discardableResult
    public func onLayout(_ handler: @escaping @MainActor (FrameClock) -> Void) -> SignalConnection {
        connect(Signal<VoidHandler>("layout")) { handler(emitted($0)) }
    }

    /// The `after-paint` signal: a frame has been drawn.
    @discardableResult
    public func onAfterPaint(_ handler: @escaping @MainActor (FrameClock) -> Void) -> SignalConnection {
        connect(Signal<VoidHandler>("after-paint")) { handler(emitted($0)) }
    }
}

extension Surface {
    /// `gdk_surface_get_frame_clock`.
    public var frameClock: FrameClock? {
        Object.wrapper(for: gdk_surface_get_frame_clock(surface), ownership: .none)
    }
}
