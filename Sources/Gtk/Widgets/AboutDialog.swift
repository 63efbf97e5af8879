internal import CGtk

/// Wraps `GtkAboutDialog`.
@MainActor
public final class AboutDialog: Window {
    var about: OpaquePointer { c() }

    /// `gtk_about_dialog_new` (a top-level, transfer none) with its fields set. `license` is shown as it
    /// is (`gtk_about_dialog_set_license`, wrapped): GTK's own line for a known license reads "See the The
    /// MIT License (MIT) for details" in English.
    public convenience init(programName: String, version: String, comments: String, license: String,
                            website: String?, authors: [String]) {
        self.init(gtk_about_dialog_new(), ownership: .none)
        gtk_about_dialog_set_program_name(about, programName)
        gtk_about_dialog_set_version(about, version)
        gtk_about_dialog_set_comments(about, comments)
        gtk_about_dialog_set_license(about, license)
        gtk_about_dialog_set_wrap_license(about, 1)
        if let website { gtk_about_dialog_set_website(about, website) }
        withCStringArray(authors) { gtk_about_dialog_set_authors(about, UnsafeMutablePointer(mutating: $0)) }
    }

    /// `gtk_about_dialog_set_logo_icon_name`: the logo from the icon theme.
    public func setLogo(iconName: String) { gtk_about_dialog_set_logo_icon_name(about, iconName) }

    /// `gtk_about_dialog_set_logo`: the logo from an image in memory.
    public func setLogo(_ texture: Texture) { gtk_about_dialog_set_logo(about, texture.c()) }
}
