internal import CGtk

/// Wraps `GdkFrameClock`: the clock that drives a surface's frames (update, layout, paint).
@MainActor
public final class FrameClock: Object {
    /// The `after-paint` signal: a frame has been drawn.
    @discardableResult
    public func onAfterPaint(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect(Signal<VoidHandler>("after-paint"), handler)
    }
}

extension Surface {
    /// `gdk_surface_get_frame_clock`.
    public var frameClock: FrameClock? {
        Object.wrapper(for: gdk_surface_get_frame_clock(surface), ownership: .none)
    }
}
