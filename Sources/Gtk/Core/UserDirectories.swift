internal import CGtk

/// The user's XDG folders as GLib resolves them (honouring `XDG_*_HOME`, else the defaults under HOME).
public enum UserDirectories {
    /// `g_get_user_data_dir`: `$XDG_DATA_HOME`, or `~/.local/share`.
    public static var data: String { String(cString: g_get_user_data_dir()) }

    /// `g_get_user_state_dir`: `$XDG_STATE_HOME`, or `~/.local/state`.
    public static var state: String { String(cString: g_get_user_state_dir()) }

    /// `g_get_home_dir`.
    public static var home: String { String(cString: g_get_home_dir()) }
}
