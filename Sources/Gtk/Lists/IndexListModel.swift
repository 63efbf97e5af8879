internal import CGtk

/// A `GListModel` of `count` rows that creates no object per row up front: `g_list_model_get_item`
/// makes a plain `GObject` on demand, only for the rows a list view shows. The row's data is looked up
/// by position (`ListItem.position`) in the app's own storage.
///
/// An item stands for its position, not for what the row shows: while GTK holds the item of row `p`,
/// and no change has moved the rows from `p` on, `g_list_model_get_item(p)` returns that same object. So when rows are replaced (a search narrows the
/// list), GTK's list view finds its row widgets again by item and rebinds them, instead of destroying
/// them and building new ones.
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
        // Rows from here on move: an item kept for one of them would be handed to another row while the
        // first still holds it, and GTK takes two rows with one item for a duplicate. The rows replaced in
        // place keep theirs, so that GTK finds its widgets again.
        if removed != added { storage.forgetItems(from: guint(position + min(removed, added))) }
        g_list_model_items_changed(c(), guint(position), guint(removed), guint(added))
    }

    /// Before every row is replaced by rows that are new (not the old ones moved): the items GTK holds
    /// become those of the first rows, in their order, so that its row widgets are found again there and
    /// rebound, instead of destroyed and built anew for the rows it shows next.
    public func handLiveItemsToFirstRows() {
        IndexListStorage.of(gobject).handLiveItemsToFirstRows()
    }

    /// The `items-changed` signal: `(position, removed, added)`.
    @discardableResult
    public func onItemsChanged(_ handler: @escaping @MainActor (IndexListModel, Int, Int, Int) -> Void) -> SignalConnection {
        connect(Signal<UIntUIntUIntHandler>("items-changed")) { handler(emitted($0), Int($1), Int($2), Int($3)) }
    }

    var listModel: OpaquePointer { c() }
}

/// The row count of one model and the row items GTK holds now, kept in the model's qdata and freed with it.
private final class IndexListStorage: @unchecked Sendable {
    var count: guint = 0
    /// The live item of each position that has one, with the key its weak reference (`g_object_weak_ref`)
    /// carries, so that a finalized item leaves the table.
    private var items: [guint: (object: UnsafeMutablePointer<GObject>, key: UnsafeMutableRawPointer)] = [:]

    private final class ItemKey {
        unowned(unsafe) let storage: IndexListStorage
        var position: guint
        init(storage: IndexListStorage, position: guint) {
            self.storage = storage
            self.position = position
        }
    }

    /// The item for `position`, transfer full: the live one if GTK holds it, otherwise a new `GObject`.
    func item(at position: guint) -> gpointer {
        if let live = items[position] { return g_object_ref(live.object) }
        let object = cgtk_object_new(cgtk_type_object())!.assumingMemoryBound(to: GObject.self)
        let key = Unmanaged.passRetained(ItemKey(storage: self, position: position)).toOpaque()
        g_object_weak_ref(object, Self.itemFinalized, key)
        items[position] = (object, key)
        return UnsafeMutableRawPointer(object)
    }

    func forgetItems(from position: guint) {
        for (key, item) in items where key >= position {
            items[key] = nil
            g_object_weak_unref(item.object, Self.itemFinalized, item.key)
            Unmanaged<ItemKey>.fromOpaque(item.key).release()
        }
    }

    func handLiveItemsToFirstRows() {
        let live = items.sorted { $0.key < $1.key }.map(\.value)
        items.removeAll(keepingCapacity: true)
        for (position, item) in zip(0..., live) {
            Unmanaged<ItemKey>.fromOpaque(item.key).takeUnretainedValue().position = guint(position)
            items[guint(position)] = item
        }
    }

    private static let itemFinalized: GWeakNotify = { key, object in
        let key = Unmanaged<ItemKey>.fromOpaque(key!).takeRetainedValue()
        if key.storage.items[key.position]?.object == object { key.storage.items[key.position] = nil }
    }

    deinit {
        for (object, key) in items.values {
            g_object_weak_unref(object, Self.itemFinalized, key)
            Unmanaged<ItemKey>.fromOpaque(key).release()
        }
    }

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

    static func existing(of model: OpaquePointer?) -> IndexListStorage? {
        guard let model, let data = g_object_get_qdata(model.gobject, quark) else { return nil }
        return Unmanaged<IndexListStorage>.fromOpaque(data).takeUnretainedValue()
    }

    static func count(of model: OpaquePointer?) -> guint { existing(of: model)?.count ?? 0 }
}

/// `g_type_register_static` and `g_type_add_interface_static`, once per process.
let indexListModelType: GType = {
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
            guard let storage = IndexListStorage.existing(of: model), position < storage.count else { return nil }
            return storage.item(at: position)
        }
    }
    g_type_add_interface_static(type, cgtk_type_list_model(), &interface)
    return type
}()
