internal import CGtk

/// The Swift side of one connected signal handler: the closure, boxed.
///
/// `Object.connect` retains the box once for GLib (`Unmanaged.passRetained`) and hands GLib
/// `releaseHandlerBox` as the destroy-notify, which GLib calls exactly once, when the handler is
/// disconnected or the object is finalized. That call drops the closure (and what it captured)
/// and balances the retain.
class HandlerBoxBase: @unchecked Sendable {
    private(set) var isConnected = true

    /// Drops the closure; called once, by the destroy-notify.
    func detach() { isConnected = false }

    /// The destroy-notify's work: balances the retain taken for GLib and drops the closure. A plain
    /// class (no protocol cast) keeps this free of runtime conformance lookups.
    static func release(_ data: UnsafeMutableRawPointer?) {
        guard let data else { return }
        Unmanaged<HandlerBoxBase>.fromOpaque(data).takeRetainedValue().detach()
    }

    /// The pointer handed to GLib: one retain, balanced by `release`.
    func retainedForGLib() -> UnsafeMutableRawPointer { Unmanaged.passRetained(self).toOpaque() }
}

final class HandlerBox<Handler>: HandlerBoxBase, @unchecked Sendable {
    private(set) var handler: Handler?

    init(_ handler: Handler) { self.handler = handler }

    override func detach() {
        handler = nil
        super.detach()
    }
}

/// A connected signal handler. Disconnecting it frees its closure; it can disconnect once, and
/// disconnecting again, or after the object was finalized, does nothing.
@MainActor
public final class SignalConnection {
    private let instance: ObjectReference
    private let handlerID: gulong
    private let isStillConnected: () -> Bool

    init<Handler>(instance: UnsafeMutablePointer<GObject>, handlerID: gulong, box: HandlerBox<Handler>) {
        self.instance = ObjectReference(pointer: instance)
        self.handlerID = handlerID
        self.isStillConnected = { box.isConnected }
    }

    /// Whether the handler still runs: neither disconnected nor dropped by finalization.
    public var isConnected: Bool { isStillConnected() }

    /// `g_signal_handler_disconnect`. The box's `isConnected` flag is cleared by the destroy-notify,
    /// which also runs when the object is finalized, so a finalized object is never touched here.
    public func disconnect() {
        guard isStillConnected() else { return }
        g_signal_handler_disconnect(instance.pointer, handlerID)
    }

    /// `g_signal_handler_block` and `g_signal_handler_unblock` around `body`: what `body` does to the object
    /// (setting an entry's text from the app's state) does not reach the handler, which hears only the user.
    public func whileBlocked(_ body: () -> Void) {
        guard isStillConnected() else { return body() }
        g_signal_handler_block(instance.pointer, handlerID)
        defer { g_signal_handler_unblock(instance.pointer, handlerID) }
        body()
    }
}

/// The destroy-notify for every signal handler box: balances the retain taken in `Object.connect`.
let releaseHandlerBox: GClosureNotify = { data, _ in HandlerBoxBase.release(data) }

/// The same for sources and tick callbacks, whose destroy-notify has no closure argument.
let releaseHandlerBoxData: GDestroyNotify = { data in HandlerBoxBase.release(data) }

extension Object {
    /// `g_signal_connect_data`: runs `handler` each time `signal` is emitted on this object. `Signal<Handler>`
    /// ties the closure type to the C trampoline (see `Signal.swift`), so only a matching closure compiles.
    /// In debug builds (every test run), a signal whose registered C signature differs from its declaration
    /// traps here, before any call.
    /// The handler lives until the returned connection is disconnected or the object is finalized.
    @discardableResult
    public func connect<Handler>(_ signal: Signal<Handler>, after: Bool = false, _ handler: Handler) -> SignalConnection {
        #if DEBUG
        if let mismatch = signal.signatureMismatch(on: self) { preconditionFailure(mismatch) }
        #endif
        let box = HandlerBox(handler)
        let data = box.retainedForGLib()
        let flags = after ? G_CONNECT_AFTER : GConnectFlags(rawValue: 0)
        let id = g_signal_connect_data(gobject, signal.name, signal.trampoline, data, releaseHandlerBox, flags)
        precondition(id != 0, "\(typeName) has no signal \"\(signal.name)\"")
        return SignalConnection(instance: gobject, handlerID: id, box: box)
    }

    /// `g_signal_emitv`: emits `signal` on this object with `arguments` and returns the handlers' result,
    /// read as `returnKind`, for signals that have one. Mostly for tests and for synthesizing events.
    @discardableResult
    public func emit(_ signal: String, _ arguments: Value..., returning returnKind: Value.Kind? = nil) -> Value? {
        var signalID: guint = 0
        var detail: GQuark = 0
        guard g_signal_parse_name(signal, G_OBJECT_TYPE(gobject), &signalID, &detail, 1) != 0 else {
            preconditionFailure("\(typeName) has no signal \"\(signal)\"")
        }
        let values = [Value.object(self)] + arguments
        return GValueArray.with(values) { gvalues in
            guard let returnKind else {
                g_signal_emitv(gvalues, signalID, detail, nil)
                return nil
            }
            return GValueArray.with([Value.zero(of: returnKind)]) { result in
                g_signal_emitv(gvalues, signalID, detail, result)
                return Value(reading: result)
            }
        }
    }
}

/// Every wrapper class, so that a signal of `Object` hands its handler the instance as its own class.
@MainActor
public protocol ObjectWrapper: Object {}

extension Object: ObjectWrapper {}

extension ObjectWrapper {
    /// `notify::property`: the handler runs after the property changed, with the object.
    @discardableResult
    public func onNotify(_ property: String, _ handler: @escaping @MainActor (Self) -> Void) -> SignalConnection {
        connect(.notify(property)) { handler(emitted($0)) }
    }
}

/// The emitting instance as the class of the wrapper that connected the handler. A GObject has one wrapper
/// for its whole life (see `Ownership`), so it is always that class.
@MainActor
func emitted<T: Object>(_ instance: Object) -> T { unsafeDowncast(instance, to: T.self) }
