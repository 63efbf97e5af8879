internal import CGtk

/// `GtkTextDirection`: which way text runs, and so which way a layout is mirrored.
public enum TextDirection: Sendable {
    /// Follows the default direction (`none` is only ever set, never read from a widget).
    case none, leftToRight, rightToLeft

    init(_ gtk: GtkTextDirection) {
        switch gtk {
        case GTK_TEXT_DIR_LTR: self = .leftToRight
        case GTK_TEXT_DIR_RTL: self = .rightToLeft
        default: self = .none
        }
    }

    var gtk: GtkTextDirection {
        switch self {
        case .none: GTK_TEXT_DIR_NONE
        case .leftToRight: GTK_TEXT_DIR_LTR
        case .rightToLeft: GTK_TEXT_DIR_RTL
        }
    }
}

extension Widget {
    /// `gtk_widget_get_direction` / `gtk_widget_set_direction`. A widget left at `.none` reads as the default.
    public var direction: TextDirection {
        get { TextDirection(gtk_widget_get_direction(widget)) }
        set { gtk_widget_set_direction(widget, newValue.gtk) }
    }

    /// `gtk_widget_get_default_direction` / `gtk_widget_set_default_direction`: the direction of every widget
    /// that has none of its own. GTK takes it from the locale's language; setting it relays out every window.
    public static var defaultDirection: TextDirection {
        get { TextDirection(gtk_widget_get_default_direction()) }
        set { gtk_widget_set_default_direction(newValue.gtk) }
    }
}

/// Wraps `GtkIconTheme` lookups on the default display.
@MainActor
public enum IconTheme {
    /// `gtk_icon_theme_has_icon` on the default display's theme: false without a display.
    public static func hasIcon(_ name: String) -> Bool {
        guard let display = gdk_display_get_default(), let theme = gtk_icon_theme_get_for_display(display) else {
            return false
        }
        return gtk_icon_theme_has_icon(theme, name) != 0
    }

    /// `gtk_icon_theme_lookup_icon` with `direction`, then `gtk_icon_paintable_get_file`: the file's base name
    /// of the icon GTK would draw for `name` (e.g. "go-previous-symbolic-rtl.symbolic.png" right to left), or
    /// nil without a display or when the icon comes from no file.
    public static func resolvedFileName(of name: String, size: Int, direction: TextDirection) -> String? {
        guard let display = gdk_display_get_default(), let theme = gtk_icon_theme_get_for_display(display),
              let paintable = gtk_icon_theme_lookup_icon(theme, name, nil, gint(size), 1, direction.gtk,
                                                         GtkIconLookupFlags(rawValue: 0)) else { return nil }
        defer { g_object_unref(paintable.raw) }
        guard let file = gtk_icon_paintable_get_file(paintable) else { return nil }
        defer { g_object_unref(file.raw) }
        guard let name = g_file_get_basename(file) else { return nil }
        defer { g_free(name) }
        return String(cString: name)
    }
}
