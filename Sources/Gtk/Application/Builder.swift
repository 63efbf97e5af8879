internal import CGtk

/// Wraps `GtkBuilder`, for the few windows GTK only describes in UI XML (the shortcuts window).
@MainActor
public final class Builder: Object {
    var builder: OpaquePointer { c() }

    /// `gtk_builder_new_from_string`. Transfer full. Invalid XML is a programming error and traps in GTK.
    public convenience init(xml: String) {
        self.init(gtk_builder_new_from_string(xml, -1), ownership: .full)
    }

    /// `gtk_builder_get_object` as a window. Transfer none: the wrapper takes its own reference.
    public func window(named name: String) -> Window? {
        guard let object = gtk_builder_get_object(builder, name) else { return nil }
        return Object.wrapper(for: object, as: Window.self, ownership: .none)
    }
}
