internal import CGtk

/// Wraps `GtkPicture`: an image shown at the size it is given (unlike `Image`, an icon of a fixed size).
@MainActor
public final class Picture: Widget {
    var picture: OpaquePointer { c() }

    /// `gtk_picture_new`, empty. The floating reference is sunk.
    public convenience init() { self.init(gtk_picture_new(), ownership: .full) }

    /// `gtk_picture_new_for_paintable`: shows `texture`, which the picture takes its own reference to.
    public convenience init(texture: Texture) {
        self.init(gtk_picture_new_for_paintable(texture.c()), ownership: .full)
    }

    /// `gtk_picture_set_paintable`: shows `texture`, or nothing.
    public func setTexture(_ texture: Texture?) { gtk_picture_set_paintable(picture, texture?.c()) }

    /// `gtk_picture_set_paintable`: shows a still image of a widget, or nothing.
    public func setImage(_ image: WidgetImage?) { gtk_picture_set_paintable(picture, image?.c()) }

    /// `gtk_picture_get_can_shrink` / `gtk_picture_set_can_shrink`: whether it may be drawn smaller than the image.
    public var canShrink: Bool {
        get { gtk_picture_get_can_shrink(picture) != 0 }
        set { gtk_picture_set_can_shrink(picture, newValue ? 1 : 0) }
    }

    /// `gtk_picture_get_alternative_text` / `gtk_picture_set_alternative_text`: what a screen reader says instead.
    public var alternativeText: String? {
        get { gtk_picture_get_alternative_text(picture).map { String(cString: $0) } }
        set { gtk_picture_set_alternative_text(picture, newValue) }
    }
}
