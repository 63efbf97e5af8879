internal import CGtk

/// Wraps `GtkSignalListItemFactory`: builds and fills row widgets through Swift closures.
@MainActor
public final class SignalListItemFactory: Object {
    var factory: OpaquePointer { c() }

    /// `gtk_signal_list_item_factory_new`. Transfer full.
    public convenience init() { self.init(gtk_signal_list_item_factory_new(), ownership: .full) }

    private func connectItem(
        _ signal: String, _ handler: @escaping @MainActor (SignalListItemFactory, ListItem) -> Void
    ) -> SignalConnection {
        connect(Signal<ObjectHandler>(object: signal)) { factory, object in
            if let item = object.wrapper(as: ListItem.self) { handler(emitted(factory), item) }
        }
    }

    /// The `setup` signal: create the row's widgets and set the item's child.
    @discardableResult
    public func onSetup(_ handler: @escaping @MainActor (SignalListItemFactory, ListItem) -> Void) -> SignalConnection {
        connectItem("setup", handler)
    }

    /// The `bind` signal: fill the row's widgets for `item.position`.
    @discardableResult
    public func onBind(_ handler: @escaping @MainActor (SignalListItemFactory, ListItem) -> Void) -> SignalConnection {
        connectItem("bind", handler)
    }

    /// The `unbind` signal.
    @discardableResult
    public func onUnbind(_ handler: @escaping @MainActor (SignalListItemFactory, ListItem) -> Void) -> SignalConnection {
        connectItem("unbind", handler)
    }

    /// The `teardown` signal: the row's widgets are about to be destroyed.
    @discardableResult
    public func onTeardown(_ handler: @escaping @MainActor (SignalListItemFactory, ListItem) -> Void) -> SignalConnection {
        connectItem("teardown", handler)
    }
}
