internal import CGtk

/// Wraps `GdkTexture`: an image in memory, e.g. an app icon embedded in the binary.
@MainActor
public final class Texture: Object {
    /// `gdk_texture_new_from_bytes` (transfer full): PNG, JPEG and TIFF are decoded by GTK, other formats
    /// (SVG) by the gdk-pixbuf loaders installed. Returns nil when no decoder reads `data`.
    public convenience init?(data: [UInt8]) {
        var error: UnsafeMutablePointer<GError>?
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        guard let texture = gdk_texture_new_from_bytes(bytes, &error) else {
            g_error_free(error)
            return nil
        }
        self.init(texture, ownership: .full)
    }

    /// `gdk_texture_get_width`.
    public var width: Int { Int(gdk_texture_get_width(c())) }
}
