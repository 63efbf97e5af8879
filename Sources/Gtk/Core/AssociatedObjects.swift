internal import CGtk

extension Object {
    /// `g_object_set_qdata_full`: keeps a Swift object alive as long as the GObject, under `key`.
    /// GLib releases it when the GObject is finalized or the key is set again, so state kept beside a
    /// reused GTK object (a list item's row widgets) lives exactly as long as that object.
    public func setAssociated(_ value: AnyObject?, key: String) {
        let quark = g_quark_from_string(key)
        guard let value else {
            g_object_set_qdata(gobject, quark, nil)
            return
        }
        g_object_set_qdata_full(gobject, quark, Unmanaged.passRetained(value).toOpaque()) { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
    }

    /// `g_object_get_qdata`: the Swift object stored under `key`, if any.
    public func associated(key: String) -> AnyObject? {
        guard let data = g_object_get_qdata(gobject, g_quark_from_string(key)) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue()
    }
}
