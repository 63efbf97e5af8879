import Glibc

/// Wall-clock time in the local time zone, through the C library (no Foundation).
enum LocalTime {
    /// `clock_gettime(CLOCK_REALTIME)`: microseconds since the Unix epoch.
    static func nowMicroseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1_000
    }

    /// `localtime_r` and `strftime`, e.g. `"%Y-%m-%d %H:%M:%S %Z"`.
    static func format(microseconds: Int64, _ pattern: String) -> String {
        var seconds = time_t(microseconds / 1_000_000)
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return "" }
        var buffer = [CChar](repeating: 0, count: 128)
        let length = strftime(&buffer, buffer.count, pattern, &parts)
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
