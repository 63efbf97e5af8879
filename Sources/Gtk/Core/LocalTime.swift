internal import CGtk

/// Wall-clock time through GLib's `GDateTime`, in the local time zone (no Foundation).
public enum LocalTime {
    /// `g_get_real_time`: microseconds since the Unix epoch.
    public static func nowMicroseconds() -> Int64 { Int64(g_get_real_time()) }

    /// `g_date_time_new_from_unix_local` and `g_date_time_format`, e.g. `"%Y-%m-%d %H:%M:%S %Z"`.
    public static func format(microseconds: Int64, _ pattern: String) -> String {
        guard let dateTime = g_date_time_new_from_unix_local(gint64(microseconds / 1_000_000)) else { return "" }
        defer { g_date_time_unref(dateTime) }
        guard let text = g_date_time_format(dateTime, pattern) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }
}
