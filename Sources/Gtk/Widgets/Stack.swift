internal import CGtk

/// Wraps `GtkStack`: one visible child at a time, with an animated transition.
@MainActor
public final class Stack: Widget {
    var stack: OpaquePointer { c() }

    /// `GtkStackTransitionType`, the cases the app uses.
    public enum Transition: Sendable {
        /// `GTK_STACK_TRANSITION_TYPE_NONE`: the new page at once.
        case none
        /// `GTK_STACK_TRANSITION_TYPE_CROSSFADE`.
        case crossfade
        /// `GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT_RIGHT`: slides by the pages' order.
        case slideLeftRight
        var gtk: GtkStackTransitionType {
            switch self {
            case .none: GTK_STACK_TRANSITION_TYPE_NONE
            case .crossfade: GTK_STACK_TRANSITION_TYPE_CROSSFADE
            case .slideLeftRight: GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT_RIGHT
            }
        }
    }

    /// `gtk_stack_new`. The floating reference is sunk: this wrapper owns the stack.
    public convenience init() { self.init(gtk_stack_new(), ownership: .full) }

    /// `gtk_stack_add_named`. The stack takes its own reference.
    public func addNamed(_ child: Widget, name: String) { gtk_stack_add_named(stack, child.widget, name) }

    /// `gtk_stack_remove`.
    public func remove(_ child: Widget) { gtk_stack_remove(stack, child.widget) }

    /// `gtk_stack_get_child_by_name`.
    public func child(named name: String) -> Widget? {
        Object.wrapper(for: gtk_stack_get_child_by_name(stack, name), ownership: .none)
    }

    /// `gtk_stack_get_visible_child_name` / `gtk_stack_set_visible_child_name` (with the stack's transition).
    public var visibleChildName: String? {
        get { gtk_stack_get_visible_child_name(stack).map { String(cString: $0) } }
        set { if let newValue { gtk_stack_set_visible_child_name(stack, newValue) } }
    }

    /// `gtk_stack_set_visible_child_full`: shows `name` with an explicit transition.
    public func showChild(named name: String, transition: Transition) {
        gtk_stack_set_visible_child_full(stack, name, transition.gtk)
    }

    /// `gtk_stack_get_visible_child`.
    public var visibleChild: Widget? { Object.wrapper(for: gtk_stack_get_visible_child(stack), ownership: .none) }

    /// `gtk_stack_set_transition_type`.
    public var transition: Transition {
        get {
            switch gtk_stack_get_transition_type(stack) {
            case GTK_STACK_TRANSITION_TYPE_CROSSFADE: .crossfade
            case GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT_RIGHT: .slideLeftRight
            default: .none
            }
        }
        set { gtk_stack_set_transition_type(stack, newValue.gtk) }
    }

    /// `gtk_stack_set_transition_duration` in milliseconds.
    public var transitionDuration: Int {
        get { Int(gtk_stack_get_transition_duration(stack)) }
        set { gtk_stack_set_transition_duration(stack, guint(newValue)) }
    }

    /// `gtk_stack_set_hhomogeneous`: whether all children get the widest child's width request.
    public func setHorizontallyHomogeneous(_ value: Bool) { gtk_stack_set_hhomogeneous(stack, value ? 1 : 0) }

    /// `gtk_stack_set_interpolate_size`.
    public func setInterpolateSize(_ value: Bool) { gtk_stack_set_interpolate_size(stack, value ? 1 : 0) }

    /// `notify::visible-child-name`, typed.
    @discardableResult
    public func onVisibleChildChanged(_ handler: @escaping @MainActor (Stack, String?) -> Void) -> SignalConnection {
        onNotify("visible-child-name") { handler($0, $0.visibleChildName) }
    }
}
