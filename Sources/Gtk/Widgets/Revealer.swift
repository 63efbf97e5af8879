internal import CGtk

/// Wraps `GtkRevealer`: shows or hides its child with an animation.
@MainActor
public final class Revealer: Widget {
    var revealer: OpaquePointer { c() }

    /// `GtkRevealerTransitionType`, the cases the app uses.
    public enum Transition: Sendable {
        /// `GTK_REVEALER_TRANSITION_TYPE_NONE`: shown and hidden at once.
        case none
        /// `GTK_REVEALER_TRANSITION_TYPE_CROSSFADE`.
        case crossfade
        /// `GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP`.
        case slideUp
        /// `GTK_REVEALER_TRANSITION_TYPE_SLIDE_RIGHT`.
        case slideRight
        /// `GTK_REVEALER_TRANSITION_TYPE_SLIDE_LEFT`.
        case slideLeft
        var gtk: GtkRevealerTransitionType {
            switch self {
            case .slideRight: GTK_REVEALER_TRANSITION_TYPE_SLIDE_RIGHT
            case .slideLeft: GTK_REVEALER_TRANSITION_TYPE_SLIDE_LEFT
            case .none: GTK_REVEALER_TRANSITION_TYPE_NONE
            case .crossfade: GTK_REVEALER_TRANSITION_TYPE_CROSSFADE
            case .slideUp: GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP
            }
        }
    }

    /// `gtk_revealer_new`. The floating reference is sunk: this wrapper owns the revealer.
    public convenience init() { self.init(gtk_revealer_new(), ownership: .full) }

    /// `gtk_revealer_get_child` / `gtk_revealer_set_child`.
    public var child: Widget? {
        get { Object.wrapper(for: gtk_revealer_get_child(revealer), ownership: .none) }
        set { gtk_revealer_set_child(revealer, newValue?.widget) }
    }

    /// `gtk_revealer_get_reveal_child` / `gtk_revealer_set_reveal_child`: whether the child is (being) shown.
    public var revealsChild: Bool {
        get { gtk_revealer_get_reveal_child(revealer) != 0 }
        set { gtk_revealer_set_reveal_child(revealer, newValue ? 1 : 0) }
    }

    /// `gtk_revealer_get_child_revealed`: whether the animation has finished showing the child.
    public var isChildRevealed: Bool { gtk_revealer_get_child_revealed(revealer) != 0 }

    /// `gtk_revealer_set_transition_type`.
    public func setTransition(_ transition: Transition) { gtk_revealer_set_transition_type(revealer, transition.gtk) }

    /// `gtk_revealer_set_transition_duration` in milliseconds.
    public func setTransitionDuration(_ milliseconds: Int) {
        gtk_revealer_set_transition_duration(revealer, guint(milliseconds))
    }

    /// `notify::child-revealed`: the show or hide animation finished.
    @discardableResult
    public func onChildRevealedChanged(_ handler: @escaping @MainActor (Revealer, Bool) -> Void) -> SignalConnection {
        onNotify("child-revealed") { handler($0, $0.isChildRevealed) }
    }
}
