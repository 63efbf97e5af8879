internal import CGtk

/// Wraps `GFileMonitor`: tells when the file at a path changes on disk, whoever changed it.
@MainActor
public final class FileMonitor: Object {
    /// What happened to the file (`GFileMonitorEvent`).
    public enum Event: Sendable {
        /// Written to, and more may follow (`G_FILE_MONITOR_EVENT_CHANGED`).
        case changing
        /// A series of writes ended (`G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT`).
        case changesDone
        /// Created, or another file renamed onto it (`G_FILE_MONITOR_EVENT_CREATED`).
        case created
        /// Deleted, or renamed away (`G_FILE_MONITOR_EVENT_DELETED`).
        case deleted
        /// Anything else: its mode or owner, a move, an unmount.
        case other
    }

    /// `g_file_new_for_path`, then `g_file_monitor_file` without flags (transfer full; the `GFile` is
    /// released with `g_object_unref`). Nil when the file cannot be watched. The file need not exist.
    public convenience init?(path: [UInt8]) {
        let file = g_file_new_for_path((path + [0]).map { CChar(bitPattern: $0) })
        defer { g_object_unref(file?.raw) }
        guard let monitor = g_file_monitor_file(file, G_FILE_MONITOR_NONE, nil, nil) else { return nil }
        self.init(monitor, ownership: .full)
    }

    /// The `changed` signal. Dropping the monitor's last reference cancels it (`g_file_monitor_cancel`).
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor (FileMonitor, Event) -> Void) -> SignalConnection {
        connect(Signal<IntHandler>(fileMonitorEvent: "changed")) { monitor, raw in
            let event: Event = switch GFileMonitorEvent(UInt32(raw)) {
            case G_FILE_MONITOR_EVENT_CHANGED: .changing
            case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT: .changesDone
            case G_FILE_MONITOR_EVENT_CREATED: .created
            case G_FILE_MONITOR_EVENT_DELETED: .deleted
            default: .other
            }
            handler(emitted(monitor), event)
        }
    }
}
