internal import CGtk

/// Wraps `GtkWidget`. Open, so that a composite widget can be a subclass of the container at its root (see `Box`).
@MainActor
open class Widget: Object {
    var widget: UnsafeMutablePointer<GtkWidget> { c() }

    /// `gtk_widget_get_visible` / `gtk_widget_set_visible`.
    public var isVisible: Bool {
        get { gtk_widget_get_visible(widget) != 0 }
        set { gtk_widget_set_visible(widget, newValue ? 1 : 0) }
    }

    /// `gtk_widget_get_mapped`: whether the widget is on screen (visible, with all its ancestors, in a shown window).
    public var isMapped: Bool { gtk_widget_get_mapped(widget) != 0 }

    /// `gtk_widget_is_drawable`.
    public var isDrawable: Bool { gtk_widget_is_drawable(widget) != 0 }

    /// `gtk_widget_get_sensitive` / `gtk_widget_set_sensitive`.
    public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(widget) != 0 }
        set { gtk_widget_set_sensitive(widget, newValue ? 1 : 0) }
    }

    /// `gtk_widget_get_focusable` / `gtk_widget_set_focusable`.
    public var isFocusable: Bool {
        get { gtk_widget_get_focusable(widget) != 0 }
        set { gtk_widget_set_focusable(widget, newValue ? 1 : 0) }
    }

    /// `gtk_widget_has_focus`.
    public var hasFocus: Bool { gtk_widget_has_focus(widget) != 0 }

    /// `gtk_widget_is_focus`: whether this is the focus widget of its window.
    public var isFocus: Bool { gtk_widget_is_focus(widget) != 0 }

    /// `gtk_widget_grab_focus`. Returns whether focus moved here (or to a child that takes it).
    @discardableResult
    public func grabFocus() -> Bool { gtk_widget_grab_focus(widget) != 0 }

    /// `gtk_text_grab_focus_without_selecting` when this is a `GtkText` (the editable inside an entry), so that
    /// typing goes on where the cursor was instead of replacing all the text; otherwise `gtk_widget_grab_focus`.
    @discardableResult
    public func grabFocusWithoutSelecting() -> Bool {
        guard cgtk_is_text(widget.raw) != 0 else { return grabFocus() }
        return gtk_text_grab_focus_without_selecting(c()) != 0
    }

    /// `gtk_widget_child_focus(GTK_DIR_TAB_FORWARD)`: focuses the first widget inside this one that takes
    /// focus, as Tab would. Returns whether one did.
    @discardableResult
    public func focusFirstFocusable() -> Bool { gtk_widget_child_focus(widget, GTK_DIR_TAB_FORWARD) != 0 }

    /// `gtk_widget_get_can_focus` / `gtk_widget_set_can_focus`: false keeps focus out of this widget and
    /// everything inside it (unlike `isFocusable`, which is about the widget alone).
    public var canFocus: Bool {
        get { gtk_widget_get_can_focus(widget) != 0 }
        set { gtk_widget_set_can_focus(widget, newValue ? 1 : 0) }
    }

    /// `GtkDirectionType`: the directions keyboard focus moves in.
    public enum FocusDirection: Sendable {
        /// `GTK_DIR_TAB_FORWARD`: as Tab moves.
        case tabForward
        /// `GTK_DIR_TAB_BACKWARD`: as Shift+Tab moves.
        case tabBackward
        var gtk: GtkDirectionType { self == .tabForward ? GTK_DIR_TAB_FORWARD : GTK_DIR_TAB_BACKWARD }
    }

    /// `gtk_widget_child_focus`: moves focus on inside this widget, as Tab does. Returns false when focus
    /// would leave it (on a window: when it wrapped round and found nothing to focus).
    @discardableResult
    public func moveFocus(_ direction: FocusDirection) -> Bool { gtk_widget_child_focus(widget, direction.gtk) != 0 }

    /// `gtk_widget_get_width`: the allocated width.
    public var width: Int { Int(gtk_widget_get_width(widget)) }
    /// `gtk_widget_get_height`: the allocated height.
    public var height: Int { Int(gtk_widget_get_height(widget)) }

    /// `gtk_widget_set_size_request` / `gtk_widget_get_size_request`.
    public var sizeRequest: (width: Int, height: Int) {
        get {
            var w: gint = 0, h: gint = 0
            gtk_widget_get_size_request(widget, &w, &h)
            return (Int(w), Int(h))
        }
        set { gtk_widget_set_size_request(widget, gint(newValue.width), gint(newValue.height)) }
    }

    /// `gtk_widget_measure` in the horizontal orientation: the minimum and natural width.
    public func measureWidth() -> (minimum: Int, natural: Int) {
        var minimum: gint = 0, natural: gint = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        return (Int(minimum), Int(natural))
    }

    /// `gtk_widget_measure` vertically for `width` (-1: for no width in particular): the heights the widget needs.
    public func measureHeight(forWidth width: Int = -1) -> (minimum: Int, natural: Int) {
        var minimum: gint = 0, natural: gint = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, gint(width), &minimum, &natural, nil, nil)
        return (Int(minimum), Int(natural))
    }

    /// `gtk_widget_get_hexpand` / `gtk_widget_set_hexpand`: whether the widget takes the width left over.
    public var expandsHorizontally: Bool {
        get { gtk_widget_get_hexpand(widget) != 0 }
        set { gtk_widget_set_hexpand(widget, newValue ? 1 : 0) }
    }
    /// `gtk_widget_get_vexpand` / `gtk_widget_set_vexpand`: whether the widget takes the height left over.
    public var expandsVertically: Bool {
        get { gtk_widget_get_vexpand(widget) != 0 }
        set { gtk_widget_set_vexpand(widget, newValue ? 1 : 0) }
    }

    /// `GtkAlign`.
    public enum Align: Sendable {
        /// `GTK_ALIGN_FILL`: the whole space given.
        case fill
        /// `GTK_ALIGN_START`: its natural size, at the start (left in left-to-right text, or the top).
        case start
        /// `GTK_ALIGN_END`: its natural size, at the end.
        case end
        /// `GTK_ALIGN_CENTER`: its natural size, centred.
        case center
        var gtk: GtkAlign {
            switch self {
            case .fill: GTK_ALIGN_FILL
            case .start: GTK_ALIGN_START
            case .end: GTK_ALIGN_END
            case .center: GTK_ALIGN_CENTER
            }
        }
    }

    /// `gtk_widget_set_halign` / `gtk_widget_set_valign`.
    public func align(horizontal: Align? = nil, vertical: Align? = nil) {
        if let horizontal { gtk_widget_set_halign(widget, horizontal.gtk) }
        if let vertical { gtk_widget_set_valign(widget, vertical.gtk) }
    }

    /// All four margins the same, as `setMargins(top:bottom:start:end:)` sets them.
    public func setMargins(_ all: Int) { setMargins(top: all, bottom: all, start: all, end: all) }
    /// `gtk_widget_set_margin_top`, `gtk_widget_set_margin_bottom`, `gtk_widget_set_margin_start` and
    /// `gtk_widget_set_margin_end`: the space around the widget, in pixels; start is left in left-to-right text.
    public func setMargins(top: Int, bottom: Int, start: Int, end: Int) {
        gtk_widget_set_margin_top(widget, gint(top))
        gtk_widget_set_margin_bottom(widget, gint(bottom))
        gtk_widget_set_margin_start(widget, gint(start))
        gtk_widget_set_margin_end(widget, gint(end))
    }

    /// `gtk_widget_add_css_class`.
    public func addCSSClass(_ name: String) { gtk_widget_add_css_class(widget, name) }
    /// `gtk_widget_remove_css_class`.
    public func removeCSSClass(_ name: String) { gtk_widget_remove_css_class(widget, name) }
    /// `gtk_widget_has_css_class`.
    public func hasCSSClass(_ name: String) -> Bool { gtk_widget_has_css_class(widget, name) != 0 }

    /// `gtk_style_context_add_provider` on the widget's own style context, at application priority: `provider`
    /// styles this widget alone, not its children nor other widgets.
    public func addStyleProvider(_ provider: CssProvider) {
        gtk_style_context_add_provider(gtk_widget_get_style_context(widget), provider.c(),
                                       guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }

    /// `gtk_widget_get_opacity` / `gtk_widget_set_opacity`: 0 transparent, 1 opaque.
    public var opacity: Double {
        get { gtk_widget_get_opacity(widget) }
        set { gtk_widget_set_opacity(widget, newValue) }
    }

    /// `gtk_widget_get_overflow` / `gtk_widget_set_overflow`: whether children are cut off at the widget's
    /// edges (`GTK_OVERFLOW_HIDDEN`) or may draw beyond them (`GTK_OVERFLOW_VISIBLE`, the default).
    public var clipsChildren: Bool {
        get { gtk_widget_get_overflow(widget) == GTK_OVERFLOW_HIDDEN }
        set { gtk_widget_set_overflow(widget, newValue ? GTK_OVERFLOW_HIDDEN : GTK_OVERFLOW_VISIBLE) }
    }

    /// `gtk_widget_get_can_target` / `gtk_widget_set_can_target`: whether the pointer can pick this widget.
    public var canTarget: Bool {
        get { gtk_widget_get_can_target(widget) != 0 }
        set { gtk_widget_set_can_target(widget, newValue ? 1 : 0) }
    }

    /// `gtk_widget_set_name`: the CSS and debugging name.
    public var name: String {
        get { String(cString: gtk_widget_get_name(widget)) }
        set { gtk_widget_set_name(widget, newValue) }
    }

    /// `gtk_widget_get_tooltip_text` / `gtk_widget_set_tooltip_text`.
    public var tooltip: String? {
        get { gtk_widget_get_tooltip_text(widget).map { String(cString: $0) } }
        set { gtk_widget_set_tooltip_text(widget, newValue) }
    }

    /// `gtk_accessible_update_property(GTK_ACCESSIBLE_PROPERTY_LABEL)`: the name a screen reader reads.
    public func setAccessibleLabel(_ label: String) {
        cgtk_accessible_set_label(c(), label)
    }

    /// `gtk_accessible_reset_relation(GTK_ACCESSIBLE_RELATION_LABELLED_BY)`: the widget is named by its own
    /// label property only (a mnemonic label names the widget it activates too, and GTK 4.8 reads both).
    public func clearAccessibleLabelledBy() {
        gtk_accessible_reset_relation(c(), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
    }

    /// `gtk_accessible_update_property(GTK_ACCESSIBLE_PROPERTY_DESCRIPTION)`.
    public func setAccessibleDescription(_ text: String) {
        cgtk_accessible_set_description(c(), text)
    }

    /// `gtk_accessible_update_relation(GTK_ACCESSIBLE_RELATION_LABELLED_BY)`.
    public func setAccessibleLabelledBy(_ label: Widget) {
        cgtk_accessible_set_labelled_by(c(), label.c())
    }

    /// `gtk_widget_get_parent`.
    public var parent: Widget? { Object.wrapper(for: gtk_widget_get_parent(widget), ownership: .none) }

    /// `gtk_widget_get_first_child`: with `nextSibling`, a walk over the widget's children, GTK's internal ones too.
    public var firstChild: Widget? { Object.wrapper(for: gtk_widget_get_first_child(widget), ownership: .none) }

    /// `gtk_widget_get_next_sibling`.
    public var nextSibling: Widget? { Object.wrapper(for: gtk_widget_get_next_sibling(widget), ownership: .none) }

    /// `gtk_widget_get_focus_child` and `gtk_widget_set_focus_child`: the child on the way to the focus, where
    /// GTK's Tab and arrow keys start looking.
    public var focusChild: Widget? {
        get { Object.wrapper(for: gtk_widget_get_focus_child(widget), ownership: .none) }
        set { gtk_widget_set_focus_child(widget, newValue?.widget) }
    }

    /// `gtk_widget_is_ancestor`.
    public func isDescendant(of ancestor: Widget) -> Bool {
        gtk_widget_is_ancestor(widget, ancestor.widget) != 0
    }

    /// `gtk_widget_get_root` and `gtk_root_get_focus`: the widget that has keyboard focus in this widget's window.
    public var focusInRoot: Widget? {
        guard let root = gtk_widget_get_root(widget) else { return nil }
        return Object.wrapper(for: gtk_root_get_focus(root), ownership: .none)
    }

    /// `gtk_widget_get_root` as a window, if the widget is in one.
    public var window: Window? {
        guard let root = gtk_widget_get_root(widget), cgtk_is_window(root.raw) != 0 else { return nil }
        return Object.wrapper(for: root, as: Window.self, ownership: .none)
    }

    /// `gtk_widget_add_controller`. It takes its argument transfer full, so the widget gets a reference of
    /// its own and the wrapper keeps its one.
    public func addController(_ controller: EventController) {
        g_object_ref(controller.gobject)
        gtk_widget_add_controller(widget, controller.controller)
    }

    /// `gtk_widget_insert_action_group`: makes `group`'s actions available as "prefix.name" here and below.
    public func insertActionGroup(_ prefix: String, _ group: ActionGroup) {
        gtk_widget_insert_action_group(widget, prefix, group.actionGroup)
    }

    /// `gtk_widget_activate_action_variant` with no parameter.
    @discardableResult
    public func activateAction(_ name: String) -> Bool {
        gtk_widget_activate_action_variant(widget, name, nil) != 0
    }

    /// `gtk_widget_add_tick_callback`, once: runs `body` at the next frame, before layout, then removes itself.
    /// The closure is released by the callback's destroy-notify.
    public func onNextFrame(_ body: @escaping @MainActor () -> Void) {
        let box = HandlerBox<@MainActor () -> Void>(body)
        let data = box.retainedForGLib()
        gtk_widget_add_tick_callback(widget, { _, _, data in
            let box = Unmanaged<HandlerBox<@MainActor () -> Void>>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { box.handler?() }
            return 0
        }, data, releaseHandlerBoxData)
    }

    /// `gtk_widget_queue_resize`.
    public func queueResize() { gtk_widget_queue_resize(widget) }
}

/// The signals of every widget, handing the handler the widget as its own class (`view.onRealize { view in … }`).
extension ObjectWrapper where Self: Widget {
    /// The `map` signal.
    @discardableResult
    public func onMap(_ handler: @escaping @MainActor (Self) -> Void) -> SignalConnection {
        connect(Signal<VoidHandler>("map")) { handler(emitted($0)) }
    }

    /// The `realize` signal.
    @discardableResult
    public func onRealize(_ handler: @escaping @MainActor (Self) -> Void) -> SignalConnection {
        connect(Signal<VoidHandler>("realize")) { handler(emitted($0)) }
    }

    /// The `destroy` signal.
    @discardableResult
    public func onDestroy(_ handler: @escaping @MainActor (Self) -> Void) -> SignalConnection {
        connect(Signal<VoidHandler>("destroy")) { handler(emitted($0)) }
    }

    /// The `mnemonic-activate` signal: `(groupCycling) -> handled`.
    @discardableResult
    public func onMnemonicActivate(_ handler: @escaping @MainActor (Self, Bool) -> Bool) -> SignalConnection {
        connect(Signal<BoolToBoolHandler>("mnemonic-activate")) { handler(emitted($0), $1) }
    }
}
