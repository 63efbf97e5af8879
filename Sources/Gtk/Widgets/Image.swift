internal import CGtk

/// Wraps `GtkImage`: an icon from the theme, drawn at a fixed size.
@MainActor
public final class Image: Widget {
    var image: OpaquePointer { c() }

    /// `gtk_image_new_from_icon_name`. The floating reference is sunk: this wrapper owns the image.
    public convenience init(iconName: String? = nil) {
        self.init(gtk_image_new_from_icon_name(iconName), ownership: .full)
    }

    /// `gtk_image_set_from_icon_name`; nil shows nothing.
    public func setIconName(_ name: String?) { gtk_image_set_from_icon_name(image, name) }

    /// `gtk_image_get_pixel_size` / `gtk_image_set_pixel_size`: the icon's size in pixels.
    public var pixelSize: Int {
        get { Int(gtk_image_get_pixel_size(image)) }
        set { gtk_image_set_pixel_size(image, gint(newValue)) }
    }
}
