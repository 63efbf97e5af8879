internal import CGtk

/// Wraps `GSimpleAction`: a named command that menus, buttons and accelerators trigger.
@MainActor
public final class SimpleAction: Object {
    var action: OpaquePointer { c() }

    /// `g_simple_action_new` without a parameter. Transfer full, not floating.
    public convenience init(name: String) {
        self.init(g_simple_action_new(name, nil), ownership: .full)
    }

    /// The type of an action's parameter.
    public enum Parameter: Sendable {
        /// `G_VARIANT_TYPE_STRING`: menu items give it their target (`MenuModel.append(_:action:target:)`).
        case string
    }

    /// `g_simple_action_new` with a parameter of type `parameter`. Transfer full, not floating.
    public convenience init(name: String, parameter: Parameter) {
        let typeString = switch parameter { case .string: "s" }
        // The type string must outlive the call that reads it, not only `g_variant_type_checked_`.
        self.init(typeString.withCString { g_simple_action_new(name, g_variant_type_checked_($0)) }, ownership: .full)
    }

    /// `g_action_get_name`.
    public var name: String { String(cString: g_action_get_name(action)) }

    /// `g_action_get_enabled` / `g_simple_action_set_enabled`.
    public var isEnabled: Bool {
        get { g_action_get_enabled(action) != 0 }
        set { g_simple_action_set_enabled(action, newValue ? 1 : 0) }
    }

    /// `g_action_activate` with no parameter.
    public func activate() { g_action_activate(action, nil) }

    /// `g_action_activate` with a string parameter (`g_variant_new_string`, floating, sunk by the call).
    public func activate(_ parameter: String) { g_action_activate(action, g_variant_new_string(parameter)) }

    /// The `activate` signal. The string is the parameter for string-parameter actions, else nil.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor (SimpleAction, String?) -> Void) -> SignalConnection {
        connect(Signal<OptionalStringHandler>(stringVariant: "activate")) { handler(emitted($0), $1) }
    }
}

/// Wraps `GSimpleActionGroup`: actions for a widget subtree, under a prefix chosen at insertion.
@MainActor
public final class ActionGroup: Object, ActionMap {
    var actionGroup: OpaquePointer { c() }

    /// `g_simple_action_group_new`. Transfer full.
    public convenience init() { self.init(g_simple_action_group_new(), ownership: .full) }

    /// `g_action_map_add_action`.
    public func addAction(_ action: SimpleAction) { g_action_map_add_action(actionGroup, action.action) }
}
