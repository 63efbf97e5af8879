import CGtk

/// Wraps `GtkSignalListItemFactory`: builds and fills row widgets through Swift closures.
@MainActor
public final class SignalListItemFactory: Object {
    var factory: OpaquePointer { OpaquePointer(gobject) }

    /// `gtk_signal_list_item_factory_new`. Transfer full.
    public convenience init() { self.init(gtk_signal_list_item_factory_new(), ownership: .full) }

    private func connectItem(_ signal: String, _ handler: @escaping @MainActor (ListItem) -> Void) -> SignalConnection {
        let typed: PointerHandler = { pointer in
            guard let item: ListItem = Object.wrapper(
                for: pointer.map { UnsafeMutablePointer<GObject>(OpaquePointer($0)) }, ownership: .borrowed)
            else { return }
            handler(item)
        }
        return connect(signal, trampoline: Trampoline.pointer, handler: typed)
    }

    /// The `setup` signal: create the row's widgets and set the item's child.
    @discardableResult
    public func onSetup(_ handler: @escaping @MainActor (ListItem) -> Void) -> SignalConnection {
        connectItem("setup", handler)
    }

    /// The `bind` signal: fill the row's widgets for `item.position`.
    @discardableResult
    public func onBind(_ handler: @escaping @MainActor (ListItem) -> Void) -> SignalConnection {
        connectItem("bind", handler)
    }

    /// The `unbind` signal.
    @discardableResult
    public func onUnbind(_ handler: @escaping @MainActor (ListItem) -> Void) -> SignalConnection {
        connectItem("unbind", handler)
    }
}
