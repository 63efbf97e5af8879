/// What a split view shows, and every rule for how that changes. It knows nothing of widgets: the GTK view
/// renders `visiblePanes`, `focusedPane` and `isCollapsed` after each event.
public struct SplitNavigationState<Selection: Equatable & Sendable>: Equatable, Sendable {
    public let layout: SplitLayout
    public private(set) var widthClass: WidthClass
    /// Which pane is on top while collapsed.
    public private(set) var topPane: Pane
    /// Whether collapsing puts the detail on top: the user chose a row, showed its detail or worked in it, and
    /// has not gone back to the list since. Narrow on the list, wide, then narrow again returns to the list.
    public private(set) var prefersDetail: Bool
    public private(set) var selection: Selection?
    /// Whether the user hid the primary pane while side by side (the tablet demo's "Master" button).
    public private(set) var isPrimaryHidden: Bool
    /// Which pane should hold keyboard focus: always one that is visible.
    public private(set) var focusedPane: Pane
    /// The primary pane's share of the width when side by side.
    public private(set) var primaryFraction: Double

    public init(layout: SplitLayout = .standard, width: Int, selection: Selection? = nil,
                isPrimaryHidden: Bool = false, primaryFraction: Double? = nil) {
        self.layout = layout
        self.selection = selection
        self.isPrimaryHidden = isPrimaryHidden
        let range = layout.primaryFractionRange
        self.primaryFraction = min(max(primaryFraction ?? layout.defaultPrimaryFraction, range.lowerBound), range.upperBound)
        widthClass = width < layout.collapseBelow ? .compact : .regular
        prefersDetail = selection != nil
        topPane = Self.collapsedTopPane(selection: selection, prefersDetail: prefersDetail)
        focusedPane = .primary
        if !visiblePanes.contains(.primary) { focusedPane = .secondary }
    }

    public var isCollapsed: Bool { widthClass == .compact }

    /// The panes on screen.
    public var visiblePanes: Set<Pane> {
        switch widthClass {
        case .compact: [topPane]
        case .regular: isPrimaryHidden ? [.secondary] : [.primary, .secondary]
        }
    }

    /// Whether a back button belongs on screen: collapsed with the detail on top.
    public var canGoBack: Bool { isCollapsed && topPane == .secondary }

    // MARK: The rules UIKit's delegate decides, as pure functions

    /// Collapsing keeps the detail on top only if it has content and the user was not back on the list;
    /// otherwise the list shows (`splitViewController(_:collapseSecondary:onto:)` returning true discards an
    /// empty secondary).
    public static func collapsedTopPane(selection: Selection?, prefersDetail: Bool = true) -> Pane {
        selection != nil && prefersDetail ? .secondary : .primary
    }

    // MARK: Events

    /// Something that happens to a split view.
    public enum Event: Equatable, Sendable {
        /// The view was allocated this width (the window resized, maximized or tiled, or a neighbour changed).
        case resize(Int)
        /// The user chose a row, or cleared the choice (nil). Collapsed, choosing shows the detail.
        case select(Selection?)
        /// The selection moved without the user asking to see it (arrow keys in the list). Collapsed,
        /// the list stays on top; clearing the selection still brings the list back.
        case highlight(Selection?)
        /// The user activated the chosen row (Enter): collapsed, the detail is pushed.
        case showDetail
        /// Back (button, Alt+Left, Escape, mouse back button): collapsed, the list returns.
        case back
        /// Show or hide the primary pane while side by side (F9, the header-bar toggle).
        case togglePrimary
        /// The user dragged the divider to `position` of `total` pixels.
        case dividerMoved(position: Int, total: Int)
        /// Focus came into the detail while side by side (the user works there): collapsing shows it.
        case detailFocused
    }

    /// What an event changed, for the view to render.
    public struct Change: Equatable, Sendable {
        /// The width class flipped (collapse or expand).
        public var layoutChanged = false
        /// The set of visible panes changed.
        public var panesChanged = false
        /// Focus must move to `focusedPane` (it was hidden, or the user navigated).
        public var focusMoved = false
        /// The event did something at all (Back when there is nowhere to go does not).
        public var handled = false

        public init(layoutChanged: Bool = false, panesChanged: Bool = false, focusMoved: Bool = false, handled: Bool = false) {
            self.layoutChanged = layoutChanged
            self.panesChanged = panesChanged
            self.focusMoved = focusMoved
            self.handled = handled
        }
    }

    @discardableResult
    public mutating func apply(_ event: Event) -> Change {
        let before = self
        var change = Change()
        switch event {
        case .resize(let width):
            let newClass = layout.widthClass(for: width, current: widthClass)
            change.handled = true
            guard newClass != widthClass else { break }
            widthClass = newClass
            if newClass == .compact {
                topPane = Self.collapsedTopPane(selection: selection, prefersDetail: prefersDetail)
                focusedPane = topPane
            } else if !visiblePanes.contains(focusedPane) {
                focusedPane = .secondary
            }
        case .select(let newSelection):
            change.handled = true
            selection = newSelection
            prefersDetail = newSelection != nil
            if isCollapsed {
                topPane = Self.collapsedTopPane(selection: newSelection)
                focusedPane = topPane
            }
        case .highlight(let newSelection):
            change.handled = true
            selection = newSelection
            if newSelection == nil { prefersDetail = false }
            if isCollapsed && newSelection == nil && topPane == .secondary {
                topPane = .primary
                focusedPane = .primary
            }
        case .showDetail:
            if selection != nil { prefersDetail = true }
            guard isCollapsed, selection != nil, topPane == .primary else {
                change.handled = !isCollapsed && selection != nil
                if change.handled { focusedPane = .secondary }
                break
            }
            topPane = .secondary
            focusedPane = .secondary
            change.handled = true
        case .back:
            guard canGoBack else { break }
            topPane = .primary
            prefersDetail = false
            focusedPane = .primary
            change.handled = true
        case .togglePrimary:
            guard !isCollapsed else { break }
            isPrimaryHidden.toggle()
            focusedPane = isPrimaryHidden ? .secondary : .primary
            change.handled = true
        case .detailFocused:
            guard !isCollapsed, selection != nil else { break }
            prefersDetail = true
            change.handled = true
        case .dividerMoved(let position, let total):
            guard !isCollapsed, !isPrimaryHidden else { break }
            primaryFraction = layout.fraction(position: position, total: total)
            change.handled = true
        }
        change.layoutChanged = before.widthClass != widthClass
        change.panesChanged = before.visiblePanes != visiblePanes
        change.focusMoved = before.focusedPane != focusedPane || change.panesChanged
            || (event == .back && change.handled)
        return change
    }
}
