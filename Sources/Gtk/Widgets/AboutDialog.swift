internal import CGtk

/// Wraps `GtkAboutDialog`.
@MainActor
public final class AboutDialog: Window {
    var about: OpaquePointer { c() }

    /// `gtk_about_dialog_new` (a top-level, transfer none) with its fields set.
    public convenience init(programName: String, version: String, comments: String, iconName: String,
                            website: String?, authors: [String]) {
        self.init(gtk_about_dialog_new(), ownership: .none)
        gtk_about_dialog_set_program_name(about, programName)
        gtk_about_dialog_set_version(about, version)
        gtk_about_dialog_set_comments(about, comments)
        gtk_about_dialog_set_logo_icon_name(about, iconName)
        gtk_about_dialog_set_license_type(about, GTK_LICENSE_MIT_X11)
        if let website { gtk_about_dialog_set_website(about, website) }
        withCStringArray(authors) { gtk_about_dialog_set_authors(about, UnsafeMutablePointer(mutating: $0)) }
    }
}
