internal import CGtk

/// Wraps `GdkSurface`: the window-system window under a `GtkWindow`.
@MainActor
public final class Surface: Object {
    var surface: OpaquePointer { c() }

    /// `gdk_surface_get_width`: the surface's real width, including when maximized or tiled.
    public var width: Int { Int(gdk_surface_get_width(surface)) }

    /// `gdk_surface_get_height`.
    public var height: Int { Int(gdk_surface_get_height(surface)) }

    /// The `layout` signal: the surface got a new size `(width, height)` from the window system.
    @discardableResult
    public func onLayout(_ handler: @escaping @MainActor (Surface, Int, Int) -> Void) -> SignalConnection {
        connect(Signal<IntIntHandler>("layout")) { handler(emitted($0), Int($1), Int($2)) }
    }
}
