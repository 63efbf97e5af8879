import CGtk

/// The user's XDG folders as GLib resolves them (honouring `XDG_*_HOME`, else the defaults under HOME).
/// A relative `XDG_*_HOME` is ignored, as the XDG Base Directory spec says; GLib 2.74 would return it as it is.
public enum UserDirectories {
    /// `g_get_user_data_dir`: `$XDG_DATA_HOME`, or `~/.local/share`.
    public static var data: String { absolute(g_get_user_data_dir(), else: "/.local/share") }

    /// `g_get_user_state_dir`: `$XDG_STATE_HOME`, or `~/.local/state`.
    public static var state: String { absolute(g_get_user_state_dir(), else: "/.local/state") }

    /// `g_get_home_dir`.
    public static var home: String { String(cString: g_get_home_dir()) }

    private static func absolute(_ folder: UnsafePointer<CChar>, else underHome: String) -> String {
        let path = String(cString: folder)
        return path.hasPrefix("/") ? path : home + underHome
    }
}
