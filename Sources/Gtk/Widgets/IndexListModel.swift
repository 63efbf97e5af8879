internal import CGtk

/// A `GListModel` of `count` rows that creates no object per row up front: `g_list_model_get_item`
/// makes a plain `GObject` on demand, only for the rows a list view shows. The row's data is looked up
/// by position (`ListItem.position`) in the app's own storage.
///
/// Registered from Swift as the GType `SwiftGtkIndexListModel`, a `GObject` implementing `GListModel`.
@MainActor
public final class IndexListModel: Object {
    /// `g_object_new(SwiftGtkIndexListModel)`. Transfer full, not floating.
    public convenience init(count: Int) {
        self.init(cgtk_object_new(indexListModelType), ownership: .full)
        IndexListStorage.of(gobject).count = guint(count)
    }

    /// `g_list_model_get_n_items`.
    public var count: Int { Int(g_list_model_get_n_items(c())) }

    /// Changes the row count and emits `items-changed` (`g_list_model_items_changed`): `removed` rows at
    /// `position` were replaced by `added` rows.
    public func replace(at position: Int, removed: Int, added: Int) {
        let storage = IndexListStorage.of(gobject)
        precondition(position + removed <= Int(storage.count), "rows \(position)..<\(position + removed) out of range")
        storage.count = guint(Int(storage.count) - removed + added)
        g_list_model_items_changed(c(), guint(position), guint(removed), guint(added))
    }

    /// The `items-changed` signal: `(position, removed, added)`.
    @discardableResult
    public func onItemsChanged(_ handler: @escaping @MainActor (Int, Int, Int) -> Void) -> SignalConnection {
        connect(Signal<UIntUIntUIntHandler>("items-changed")) { handler(Int($0), Int($1), Int($2)) }
    }

    var listModel: OpaquePointer { c() }
}

/// The row count of one model, kept in its qdata and freed with it.
private final class IndexListStorage: @unchecked Sendable {
    var count: guint = 0

    static let quark = g_quark_from_string("swift-gtk-index-list-storage")

    static func of(_ object: UnsafeMutablePointer<GObject>) -> IndexListStorage {
        if let data = g_object_get_qdata(object, quark) {
            return Unmanaged<IndexListStorage>.fromOpaque(data).takeUnretainedValue()
        }
        let storage = IndexListStorage()
        g_object_set_qdata_full(object, quark, Unmanaged.passRetained(storage).toOpaque()) { data in
            Unmanaged<IndexListStorage>.fromOpaque(data!).release()
        }
        return storage
    }

    static func count(of model: OpaquePointer?) -> guint {
        guard let model, let data = g_object_get_qdata(model.gobject, quark) else { return 0 }
        return Unmanaged<IndexListStorage>.fromOpaque(data).takeUnretainedValue().count
    }
}

/// `g_type_register_static` and `g_type_add_interface_static`, once per process.
private let indexListModelType: GType = {
    var info = GTypeInfo()
    info.class_size = guint16(MemoryLayout<GObjectClass>.size)
    info.instance_size = guint16(MemoryLayout<GObject>.size)
    let type = g_type_register_static(cgtk_type_object(), "SwiftGtkIndexListModel", &info, GTypeFlags(rawValue: 0))
    var interface = GInterfaceInfo()
    interface.interface_init = { iface, _ in
        let listModel = iface!.assumingMemoryBound(to: GListModelInterface.self)
        listModel.pointee.get_item_type = { _ in cgtk_type_object() }
        listModel.pointee.get_n_items = { model in IndexListStorage.count(of: model) }
        listModel.pointee.get_item = { model, position in
            guard position < IndexListStorage.count(of: model) else { return nil }
            return cgtk_object_new(cgtk_type_object())
        }
    }
    g_type_add_interface_static(type, cgtk_type_list_model(), &interface)
    return type
}()
