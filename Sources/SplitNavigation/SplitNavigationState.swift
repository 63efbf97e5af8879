/// What a split view shows, and every rule for how that changes. It knows nothing of widgets: the GTK view
/// renders `arrangement`, `visiblePanes`, `focusedPane` and `isCollapsed` after each event.
public struct SplitNavigationState<Selection: Equatable & Sendable>: Equatable, Sendable {
    public let layout: SplitLayout
    /// The layout the width alone chooses (with hysteresis); `arrangement` adds the client's preference.
    public private(set) var widthClass: WidthClass
    /// The view's width, as last given.
    public private(set) var width: Int
    /// What the panes really need, as last measured (zero until then: the layout's minimums count).
    public private(set) var minimums = PaneMinimums(primary: 0, secondary: 0)
    /// The layout the client asked for (UIKit's `preferredDisplayMode`); `.automatic` follows the width.
    public private(set) var preferredDisplayMode: PreferredDisplayMode
    /// Whether the list lies over the detail (the middle layout's overlay, open).
    public private(set) var isOverlayOpen: Bool
    /// Which pane is on top while collapsed.
    public private(set) var topPane: Pane
    /// Whether collapsing puts the detail on top: the user chose a row, showed its detail or worked in it, and
    /// has not gone back to the list since. Narrow on the list, wide, then narrow again returns to the list.
    public private(set) var prefersDetail: Bool
    public private(set) var selection: Selection?
    /// Whether the user hid the primary pane while side by side (F9, the header toggle). The middle layout and
    /// the stack keep it, so a list hidden when wide is hidden again when wide.
    public private(set) var isPrimaryHidden: Bool
    /// Which pane should hold keyboard focus: always one that is visible.
    public private(set) var focusedPane: Pane
    /// The primary pane's share of the width when side by side.
    public private(set) var primaryFraction: Double
    /// The focus is in the list's pane outside its rows (a search field) while the width changes: a new container
    /// keeps the list on screen, on top of the stack or over the detail. Any other event ends it.
    public private(set) var isWorkingOnPrimaryControls = false

    /// `prefersDetail` restores where the user was when narrow: false when they had gone back to the list from a
    /// selection's detail, so the list comes first again.
    public init(layout: SplitLayout = .standard, width: Int, selection: Selection? = nil, prefersDetail: Bool = true,
                isPrimaryHidden: Bool = false, primaryFraction: Double? = nil,
                preferredDisplayMode: PreferredDisplayMode = .automatic) {
        self.layout = layout
        self.width = width
        self.selection = selection
        self.isPrimaryHidden = isPrimaryHidden
        self.preferredDisplayMode = preferredDisplayMode
        let range = layout.primaryFractionRange
        self.primaryFraction = min(max(primaryFraction ?? layout.defaultPrimaryFraction, range.lowerBound), range.upperBound)
        widthClass = layout.freshWidthClass(for: width)
        self.prefersDetail = selection != nil && prefersDetail
        topPane = Self.collapsedTopPane(selection: selection, prefersDetail: self.prefersDetail)
        // Above the collapse, the client's `.listOverDetail` is the overlay layout, opened.
        isOverlayOpen = widthClass != .compact && preferredDisplayMode == .listOverDetail
        focusedPane = .primary
        if !visiblePanes.contains(.primary) { focusedPane = .secondary }
    }

    public var isCollapsed: Bool { widthClass == .compact }

    /// Which container holds the panes: decided by the width and the client's preferred mode.
    public var arrangement: Arrangement {
        switch (widthClass, preferredDisplayMode) {
        case (.compact, _): .stack
        case (_, .listOverDetail), (_, .detailOnly): .overlay
        case (.regular, _): .sideBySide
        case (.medium, .sideBySide): fitsSideBySide ? .sideBySide : .overlay
        case (.medium, .automatic): .overlay
        }
    }

    /// Whether both panes fit beside each other at the current width.
    private var fitsSideBySide: Bool {
        width >= max(layout.primaryMinimumWidth, minimums.primary) + max(layout.secondaryMinimumWidth, minimums.secondary)
    }

    /// What is on screen, in UISplitViewController's terms.
    public var displayMode: DisplayMode {
        switch arrangement {
        case .stack: .stack
        case .sideBySide: isPrimaryHidden ? .detailOnly : .sideBySide
        case .overlay: isOverlayOpen ? .listOverDetail : .detailOnly
        }
    }

    /// The panes on screen.
    public var visiblePanes: Set<Pane> {
        switch displayMode {
        case .stack: [topPane]
        case .detailOnly: [.secondary]
        case .sideBySide, .listOverDetail: [.primary, .secondary]
        }
    }

    /// Whether a back button belongs on screen: collapsed with the detail on top.
    public var canGoBack: Bool { isCollapsed && topPane == .secondary }

    /// Whether the list button (and F9) shows the list: side by side or in the middle layout, not stacked.
    public var canTogglePrimary: Bool { !isCollapsed }

    /// The primary pane's width side by side in `total` pixels: the user's fraction within every bound,
    /// the panes' measured minimums among them.
    public func primaryWidth(total: Int) -> Int {
        layout.primaryWidth(total: total, fraction: primaryFraction, minimums: minimums)
    }

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
        /// The panes' widgets need at least these widths (measured): a layout they do not fit is left.
        case measured(PaneMinimums)
        /// The client asks for a layout (UIKit's `preferredDisplayMode`); `.automatic` follows the width again.
        case setPreferredDisplayMode(PreferredDisplayMode)
        /// The list over the detail is dismissed (a click on the detail); Escape and Alt+Left are `back`,
        /// choosing a row is `select`, the list button is `togglePrimary`.
        case dismissOverlay
        /// The user chose a row, or cleared the choice (nil). Collapsed, choosing shows the detail.
        case select(Selection?)
        /// The selection moved without the user asking to see it (arrow keys in the list). Collapsed,
        /// the list stays on top; clearing the selection still brings the list back.
        case highlight(Selection?)
        /// The user activated the chosen row (Enter): collapsed, the detail is pushed.
        case showDetail
        /// Back (button, Alt+Left, Escape, mouse back button): collapsed, the list returns; the list over the
        /// detail closes.
        case back
        /// Show or hide the primary pane (F9, the header-bar toggle): side by side it gives its width to the
        /// detail; in the middle layout it slides over the detail.
        case togglePrimary
        /// The user dragged the divider to `position` of `total` pixels.
        case dividerMoved(position: Int, total: Int)
        /// Focus came into the detail while side by side (the user works there): collapsing shows it.
        case detailFocused
        /// Focus is in the list's pane outside its rows (a search field above the list): the user works on the
        /// list, so collapsing keeps it on top and typing goes on there.
        case primaryControlsFocused
    }

    /// What an event changed, for the view to render.
    public struct Change: Equatable, Sendable {
        /// The view collapsed or expanded.
        public var layoutChanged = false
        /// The container changed (side by side, overlay, stack).
        public var arrangementChanged = false
        /// The list over the detail opened or closed.
        public var overlayChanged = false
        /// The set of visible panes changed.
        public var panesChanged = false
        /// Focus must move to `focusedPane` (it was hidden, or the user navigated).
        public var focusMoved = false
        /// The event did something at all (Back when there is nowhere to go does not).
        public var handled = false

        public init(layoutChanged: Bool = false, arrangementChanged: Bool = false, overlayChanged: Bool = false,
                    panesChanged: Bool = false, focusMoved: Bool = false, handled: Bool = false) {
            self.layoutChanged = layoutChanged
            self.arrangementChanged = arrangementChanged
            self.overlayChanged = overlayChanged
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
        case .resize, .measured, .primaryControlsFocused: break
        default: isWorkingOnPrimaryControls = false
        }
        switch event {
        case .resize(let newWidth):
            width = newWidth
            change.handled = true
            settleWidthClass()
        case .measured(let newMinimums):
            minimums = newMinimums
            change.handled = true
            settleWidthClass()
        case .setPreferredDisplayMode(let mode):
            preferredDisplayMode = mode
            change.handled = true
            switch mode {
            case .listOverDetail: isOverlayOpen = arrangement == .overlay
            case .detailOnly: isOverlayOpen = false
            case .sideBySide: isPrimaryHidden = false
            case .automatic: break
            }
        case .dismissOverlay:
            change.handled = isOverlayOpen
            isOverlayOpen = false
        case .select(let newSelection):
            change.handled = true
            selection = newSelection
            prefersDetail = newSelection != nil
            if newSelection != nil { isOverlayOpen = false }
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
            if isOverlayOpen {
                isOverlayOpen = false
                change.handled = true
                break
            }
            guard canGoBack else { break }
            topPane = .primary
            prefersDetail = false
            focusedPane = .primary
            change.handled = true
        case .togglePrimary:
            switch arrangement {
            case .stack: break
            case .overlay: isOverlayOpen.toggle()
            case .sideBySide: isPrimaryHidden.toggle()
            }
            change.handled = !isCollapsed
        case .detailFocused:
            guard !isCollapsed, selection != nil else { break }
            prefersDetail = true
            change.handled = true
        case .primaryControlsFocused:
            guard visiblePanes.contains(.primary) else { break }
            prefersDetail = false
            isWorkingOnPrimaryControls = true
            change.handled = true
        case .dividerMoved(let position, let total):
            guard displayMode == .sideBySide else { break }
            primaryFraction = layout.fraction(position: position, total: total)
            change.handled = true
        }
        if arrangement != before.arrangement { enter(arrangement) }
        if isOverlayOpen != before.isOverlayOpen || before.isPrimaryHidden != isPrimaryHidden {
            // The list shown (over the detail or beside it) takes focus; hidden, focus goes back to the detail.
            if visiblePanes.contains(.primary) && !before.visiblePanes.contains(.primary) { focusedPane = .primary }
        }
        if !visiblePanes.contains(focusedPane) { focusedPane = isCollapsed ? topPane : .secondary }
        change.layoutChanged = before.isCollapsed != isCollapsed
        change.arrangementChanged = before.arrangement != arrangement
        change.overlayChanged = before.isOverlayOpen != isOverlayOpen
        change.panesChanged = before.visiblePanes != visiblePanes
        change.focusMoved = before.focusedPane != focusedPane || change.panesChanged
            || (event == .back && change.handled)
        return change
    }

    /// Chooses the width class for the current width and minimums.
    private mutating func settleWidthClass() {
        widthClass = layout.widthClass(for: width, current: widthClass, minimums: minimums)
    }

    /// What a new container starts with: collapsing puts the pane the collapse rules choose on top, and the
    /// list over the detail starts closed unless the client asked for it open or the user works in its controls.
    private mutating func enter(_ newArrangement: Arrangement) {
        isOverlayOpen = newArrangement == .overlay && (preferredDisplayMode == .listOverDetail || isWorkingOnPrimaryControls)
        if newArrangement == .stack {
            topPane = Self.collapsedTopPane(selection: selection, prefersDetail: prefersDetail)
            focusedPane = topPane
        }
    }
}

/// Which container holds the two panes.
public enum Arrangement: Equatable, Sendable {
    /// A paned: both side by side (the list may be hidden, giving its width to the detail).
    case sideBySide
    /// The detail at full width, the list sliding over it on demand.
    case overlay
    /// A navigation stack: one pane at a time.
    case stack
}

/// What a split view shows, in UISplitViewController's terms.
public enum DisplayMode: Equatable, Sendable {
    /// Both panes side by side (`oneBesideSecondary`).
    case sideBySide
    /// The list over the detail, which keeps its place and size (`oneOverSecondary`).
    case listOverDetail
    /// The detail alone, the list a button away (`secondaryOnly`).
    case detailOnly
    /// Collapsed: one pane at a time, Back between them.
    case stack
}

/// The layout a client asks for (UIKit's `preferredDisplayMode`). The collapse always follows the width.
public enum PreferredDisplayMode: Equatable, Sendable {
    /// Side by side, the list over the detail or the stack, by the view's width.
    case automatic
    /// Side by side wherever both panes fit, even in the middle layout's widths.
    case sideBySide
    /// The middle layout at every width above the collapse, with the list open over the detail.
    case listOverDetail
    /// The middle layout at every width above the collapse, with the list closed.
    case detailOnly
}
