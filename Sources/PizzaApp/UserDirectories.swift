import Glibc

/// The user's XDG folders as GLib resolves them (honouring `XDG_*_HOME`, else the defaults under HOME).
/// A relative `XDG_*_HOME` is ignored, as the XDG Base Directory spec says.
enum UserDirectories {
    /// As `g_get_user_data_dir`: `$XDG_DATA_HOME`, or `~/.local/share`.
    static var data: String { absoluteVariable("XDG_DATA_HOME") ?? home + "/.local/share" }

    /// As `g_get_user_state_dir`: `$XDG_STATE_HOME`, or `~/.local/state`.
    static var state: String { absoluteVariable("XDG_STATE_HOME") ?? home + "/.local/state" }

    /// As `g_get_home_dir`: `$HOME`, or the password database's entry for this user.
    static var home: String {
        if let home = variable("HOME") { return home }
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return "/" }
        return String(cString: directory)
    }

    /// An environment variable that holds an absolute path, or nil.
    private static func absoluteVariable(_ name: String) -> String? {
        variable(name).flatMap { $0.hasPrefix("/") ? $0 : nil }
    }

    /// An environment variable, or nil when unset or empty.
    private static func variable(_ name: String) -> String? {
        guard let value = getenv(name).map({ String(cString: $0) }), !value.isEmpty else { return nil }
        return value
    }
}
