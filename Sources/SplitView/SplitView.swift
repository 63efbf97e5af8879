import Gtk
import SplitNavigation

/// An adaptive master-detail view: UISplitViewController's behaviour on GTK 4.
///
/// Wide, a `GtkPaned` shows the primary pane (a list) and the secondary pane (its detail) side by side.
/// At middle widths (`SplitLayout.overlayBelow`), the detail takes the whole width and the list slides over it
/// on demand (the list button, F9, a drag from the leading edge), as the seeds' iPad portrait does.
/// Narrow, a `GtkStack` shows one at a time with a slide, like a navigation stack. The same two pane
/// widgets move between the containers, so nothing typed, scrolled or selected in them is lost. By default each
/// pane has a header bar above it that moves with it (`primaryHeader`, `secondaryHeader`; see `SplitViewHeaderBars`).
///
/// The decisions live in `SplitNavigationState`; this class only renders them. The width that counts is
/// the view's own allocation, so a split view beside a sidebar or in a tab collapses when it is narrow,
/// whatever the window's width; filling a window, that is the window's width. A width change is applied
/// at the next frame tick, never from inside size allocation.
///
/// The view is the `GtkBox` at its root, so it lives as long as GTK holds that box (see `Ownership` in Gtk):
/// a client may drop its reference once the view is in a window.
@MainActor
public final class SplitView<Selection: Equatable & Sendable>: Box {
    /// The view itself, the box to put in a window.
    public var widget: Box { self }
    /// The back button, at the start of the detail's header bar (or of the client's, without per-pane bars);
    /// shown only when it has somewhere to go.
    public let backButton: Button
    /// The show/hide-list toggle (the seeds' "Master" button), beside the back button; shown unless collapsed.
    /// Side by side it hides the list; in the middle layout it slides the list over the detail.
    public let primaryToggle: ToggleButton
    /// Where the header bars go: one per pane (the default), or none in the view.
    public let headerBars: SplitViewHeaderBars
    /// The list's header bar, above the list: the client packs the list's actions in it (Add, search) and sets
    /// its title. Nil unless `headerBars` is `.perPane`.
    public let primaryHeader: HeaderBar?
    /// The detail's header bar, above the detail: Back and the list button at its start; the client sets its title
    /// and packs the detail's actions. Nil unless `headerBars` is `.perPane`.
    public let secondaryHeader: HeaderBar?

    /// What the view shows now: the layout, the pane on top, the selection. Changed only through the view's
    /// methods, each of which renders the change.
    public private(set) var state: SplitNavigationState<Selection>

    /// Called after every change the view rendered, with the new state.
    public var onChange: (@MainActor (SplitNavigationState<Selection>) -> Void)?
    /// Moves keyboard focus into the primary pane (e.g. onto the selected row). Default: its first focusable widget.
    public var focusPrimary: (@MainActor () -> Void)?
    /// The list in the primary pane whose row widgets are recycled for other rows: focus that was in it goes back
    /// through `focusPrimary`, while focus elsewhere in the pane (a search field above the list) goes back to
    /// the widget that had it. Nil: `focusPrimary` is trusted for the whole pane.
    public var recycledRows: Widget?
    /// Moves keyboard focus into the secondary pane (e.g. its heading). Default: its first focusable widget.
    public var focusSecondary: (@MainActor () -> Void)?
    /// The keys and buttons the view answers to by itself: all of them unless the client turns some off.
    public var bindings: SplitViewBindings = .all

    private let primary: Widget
    private let secondary: Widget
    /// A pane under its header bar (the pane itself without per-pane bars): what the containers hold and move.
    private let primaryPage: Widget
    private let secondaryPage: Widget
    private let paned = Paned(.horizontal)
    private let stack = Stack()
    let listOverlay = ListOverlay()
    /// Swipes that follow the finger: the list in and out over the detail, back in the stack.
    private(set) var swipes: [SwipeGesture] = []
    /// The stack, with a still image of the detail above it while a swipe goes back.
    private let stackOverlay = Overlay()
    /// The detail's image, moved with the finger over the list while a swipe goes back.
    let backLayer = Box(.vertical)
    private let backPicture = Picture()
    private lazy var backShift = HorizontalShift(backLayer)
    /// Where focus was in the detail when a swipe back began, to give back if it is cancelled.
    private var focusBeforeBackSwipe: Widget?
    /// Where focus was when the list slid over the detail, to give back when it closes.
    private var focusBeforeOverlay: Widget?
    /// Spans the view under its panes, zero pixels high, and reports the width the view was allocated.
    private let sizeProbe = DrawingArea()
    private var allocatedWidth: Int?
    private let initialWidth: Int
    private var isSettingDivider = false
    /// The width the divider was last placed for. GTK moves the divider by itself when the paned gets another
    /// width (it clamps it to the panes' minimums); such a move happens at a width other than this one, and is
    /// not the user's: only a move at the width the divider was placed for (a drag, the keyboard) changes the fraction.
    private var dividerPlacedForWidth: Int?
    /// Where the divider was last placed. GTK also clamps the divider at the width it was placed for, when a
    /// pane's real minimum is wider than the layout says: a move from beyond a bound onto it is not the user's.
    private var placedDividerPosition: Int?
    private var resizeScheduled = false
    private var trackedSurface: Surface?

    /// With English strings that name the primary pane: "Back to Items", "Show Items List".
    public convenience init(primary: Widget, secondary: Widget, primaryTitle: String, layout: SplitLayout = .standard,
                            width: Int? = nil, selection: Selection? = nil, isPrimaryHidden: Bool = false,
                            primaryFraction: Double? = nil, headerBars: SplitViewHeaderBars = .perPane) {
        self.init(primary: primary, secondary: secondary, strings: .english(primaryTitle: primaryTitle), layout: layout,
                  width: width, selection: selection, isPrimaryHidden: isPrimaryHidden, primaryFraction: primaryFraction,
                  headerBars: headerBars)
    }

    /// - Parameters:
    ///   - primary: the list pane: any widget without a parent.
    ///   - secondary: the detail pane: any widget without a parent.
    ///   - strings: what the back button and the list toggle say.
    ///   - layout: the widths at which the view changes layout.
    ///   - width: the width to start with, until the view is allocated its own; by default, side by side.
    ///   - selection: the item shown at first (a restored selection), or none.
    ///   - prefersDetail: whether the selection's detail comes first when narrow; false when the user had gone back
    ///     to the list (restored).
    ///   - isPrimaryHidden: whether the user hid the list side by side (restored).
    ///   - primaryFraction: the list's share of the width side by side (restored); nil for the layout's.
    ///   - preferredDisplayMode: the layout asked for above the collapse (UIKit's `preferredDisplayMode`).
    ///   - headerBars: a header bar above each pane (the default), or none (the client's own for the window).
    public init(primary: Widget, secondary: Widget, strings: SplitViewStrings, layout: SplitLayout = .standard,
                width: Int? = nil, selection: Selection? = nil, prefersDetail: Bool = true, isPrimaryHidden: Bool = false,
                primaryFraction: Double? = nil, preferredDisplayMode: PreferredDisplayMode = .automatic,
                headerBars: SplitViewHeaderBars = .perPane) {
        precondition(primary.parent == nil && secondary.parent == nil,
                     "SplitView: a pane is already in another container; give the view widgets without a parent, it moves them between its own")
        self.primary = primary
        self.secondary = secondary
        initialWidth = width ?? (layout.overlayBelow ?? layout.collapseBelow) + layout.hysteresis
        state = SplitNavigationState(layout: layout, width: initialWidth, selection: selection, prefersDetail: prefersDetail,
                                     isPrimaryHidden: isPrimaryHidden, primaryFraction: primaryFraction,
                                     preferredDisplayMode: preferredDisplayMode)
        backButton = Button(iconName: "go-previous-symbolic")
        primaryToggle = ToggleButton(toggleIconName: "sidebar-show-symbolic")
        self.headerBars = headerBars
        if headerBars == .perPane {
            let headers = (HeaderBar(), HeaderBar())
            (primaryHeader, secondaryHeader) = headers
            primaryPage = Self.page(headers.0, over: primary)
            secondaryPage = Self.page(headers.1, over: secondary)
        } else {
            (primaryHeader, secondaryHeader) = (nil, nil)
            (primaryPage, secondaryPage) = (primary, secondary)
        }
        super.init(.vertical)
        name = "split-view"
        expandsHorizontally = true
        expandsVertically = true
        sizeProbe.expandsHorizontally = true
        append(sizeProbe)

        backButton.tooltip = strings.back
        backButton.setAccessibleLabel(strings.back)
        primaryToggle.tooltip = strings.toggleTooltip
        primaryToggle.setAccessibleLabel(strings.toggleLabel)
        secondaryHeader?.packStart(backButton)
        secondaryHeader?.packStart(primaryToggle)

        paned.setChildBehaviour(startResizes: false, startShrinks: false, endResizes: true, endShrinks: false)
        paned.expandsHorizontally = true
        paned.expandsVertically = true
        stack.transition = .slideLeftRight
        stack.transitionDuration = 200
        stack.setHorizontallyHomogeneous(false)
        stack.setInterpolateSize(false)
        stack.expandsHorizontally = true
        stack.expandsVertically = true
        stackOverlay.child = stack
        stackOverlay.clipsChildren = true
        backPicture.expandsHorizontally = true
        backPicture.expandsVertically = true
        backLayer.append(backPicture)
        backLayer.addCSSClass("background")
        backLayer.addCSSClass("split-view-page")
        backLayer.canTarget = false
        backLayer.isVisible = false
        stackOverlay.addOverlay(backLayer)

        installContainer(for: state.arrangement)
        render(SplitNavigationState.Change(layoutChanged: false, panesChanged: true, focusMoved: false, handled: true),
               animated: false, resized: false)
        connectControls()
        onRealize { view in
            if let window = view.window { view.track(window) }
        }
    }

    /// A box with `header` above `pane`, filling whatever the container gives it.
    private static func page(_ header: HeaderBar, over pane: Widget) -> Box {
        let page = Box(.vertical)
        page.append(header)
        page.append(pane)
        page.expandsHorizontally = true
        page.expandsVertically = true
        return page
    }

    /// A split view is made by its own initializers, never from a pointer: GTK hands back this very object.
    public required init(handle: GObjectHandle) {
        preconditionFailure("a SplitView is made with init(primary:secondary:…)")
    }

    // MARK: Public operations

    /// The user chose `selection` (or cleared it). Narrow, choosing pushes the detail.
    public func select(_ selection: Selection?) { send(.select(selection)) }

    /// The selection moved without the user asking to see it (arrow keys): narrow, the list stays on top.
    public func highlight(_ selection: Selection?) { send(.highlight(selection)) }

    /// The user activated the chosen row (Enter). Narrow, this pushes the detail; wide, it focuses it.
    public func showDetail() { send(.showDetail) }

    /// Back to the primary pane when collapsed. Returns whether there was somewhere to go.
    @discardableResult
    public func goBack() -> Bool { send(.back).handled }

    /// Shows or hides the primary pane: side by side beside the detail, in the middle layout over it.
    @discardableResult
    public func togglePrimary() -> Bool { send(.togglePrimary).handled }

    /// Closes the list over the detail, if it is open. Returns whether it was.
    @discardableResult
    public func dismissOverlay() -> Bool { send(.dismissOverlay).handled }

    /// Asks for a layout above the collapse (UIKit's `preferredDisplayMode`); `.automatic` follows the width.
    public func setPreferredDisplayMode(_ mode: PreferredDisplayMode) { send(.setPreferredDisplayMode(mode)) }

    /// Follows `window` now rather than once the view is realized (it finds its window by itself). The
    /// window's surface tells when the user asked for a width below the window's minimum.
    public func track(_ window: Window) {
        guard let surface = window.surface else {
            window.onRealize { [weak self] window in self?.track(window) }
            return
        }
        guard trackedSurface !== surface else { return }
        trackedSurface = surface
        surface.onLayout { [weak self] _, width, _ in self?.surfaceReported(width) }
        surface.frameClock?.onLayout { [weak self] _ in self?.windowLaidOut() }
        listenForWindowKeys(in: window)
    }

    /// The windows whose F6 this view answers, held weakly (a window's wrapper is the same for its whole life).
    private var windowsWithKeys: [() -> Window?] = []

    /// F6 is the window's key: it has to work from the header bar too, which is outside the view. Before
    /// the widgets' own bindings, so that GtkPaned's F6 (side by side only) does not answer instead. Back
    /// (Alt+Left, Escape) and F9 also answer from the header bar, after its widgets had their turn.
    private func listenForWindowKeys(in window: Window) {
        guard !windowsWithKeys.contains(where: { $0() === window }) else { return }
        windowsWithKeys.append { [weak window] in window }
        let paneKeys = KeyController()
        paneKeys.setPhase(.capture)
        paneKeys.onKeyPressed { [weak self] _, keyval, _, modifiers in
            guard let self, keyval == Key.f6, modifiers & (Key.altMask | Key.controlMask) == 0 else { return false }
            return self.bindings.contains(.f6) && self.cycleFocus(backwards: modifiers & Key.shiftMask != 0)
        }
        window.addController(paneKeys)
        let headerKeys = KeyController()
        headerKeys.onKeyPressed { [weak self, weak window] _, keyval, _, modifiers in
            guard let self, let window, self.widget.isMapped,
                  let focus = window.focusInRoot, !focus.isDescendant(of: self.widget) else { return false }
            return self.keyPressed(keyval, modifiers: modifiers)
        }
        window.addController(headerKeys)
    }

    /// Applies a width now, as if the view had been allocated it. For embedders without a window, and tests.
    /// The panes are measured first, as for an allocated width.
    public func resize(to width: Int) {
        measurePanes()
        send(.resize(width))
    }

    // MARK: Rendering

    /// - Parameter animated: nil for the usual (animated unless the layout changed); false after a swipe, which
    ///   already drew the way there.
    @discardableResult
    private func send(_ event: SplitNavigationState<Selection>.Event,
                      animated: Bool? = nil) -> SplitNavigationState<Selection>.Change {
        let before = state
        let change = state.apply(event)
        // A width that changes nothing renders nothing: no relayout, no repaint.
        guard change.handled && (state != before || change.focusMoved) else { return change }
        var resized = false
        if case .resize = event { resized = true }
        if case .measured = event { resized = true }
        render(change, animated: animated ?? !change.arrangementChanged, resized: resized)
        return change
    }

    /// The narrowest width the window system gave the window's surface since the last frame. When a user
    /// shrinks a wide window below the side-by-side minimum, X reports that width and GTK then grows the window
    /// back to its minimum; the user's width is the one that counts, and is restored once collapsed.
    private var narrowestReportedWidth: Int?

    private func surfaceReported(_ width: Int) {
        narrowestReportedWidth = min(narrowestReportedWidth ?? width, width)
        if let keep = widthToKeep {
            // GTK's growth has arrived (the width is given back in applyWidth), or the kept width is back.
            if width > keep.width { widthToKeep?.grown = true } else if keep.grown { widthToKeep = nil }
        }
        scheduleResize()
    }

    /// The window surface's width when the window was last laid out.
    private var surfaceWidthAtLastLayout: Int?
    /// The user's width while GTK grows the window for a pane that came to need more width, and whether the
    /// grown width has arrived yet: until the window has that width again, it is the width that counts.
    private var widthToKeep: (width: Int, grown: Bool)?

    /// A pane that came to need more width while the window kept its own (the client changed what is in it) is
    /// noticed once the window is laid out. GTK then grows the window to fit it, at once or a few frames later;
    /// the view takes the layout that fits the width the user gave the window, and gives it back.
    private func windowLaidOut() {
        let surfaceWidth = window?.surface?.width
        defer { surfaceWidthAtLastLayout = surfaceWidth }
        guard let userWidth = surfaceWidthAtLastLayout, let window, !window.isMaximized, widthToKeep == nil,
              aPaneOnScreenGrew else { return }
        if window.measureWidth().minimum > window.width { widthToKeep = (userWidth, false) }
        narrowestReportedWidth = min(narrowestReportedWidth ?? userWidth, userWidth)
        scheduleResize()
    }

    /// The window's width that is not this view's (a sidebar beside it, borders), as of the last allocation.
    private var widthAroundView = 0

    private func allocated(_ width: Int) {
        allocatedWidth = width
        // At its minimum the view may be wider than the window left it (GTK clips it): what is around it is
        // only known from a width with room to spare.
        if let windowWidth = window?.surface?.width, width > widget.measureWidth().minimum {
            widthAroundView = max(windowWidth - width, 0)
        }
        scheduleResize()
    }

    /// Allocation happens inside layout; the switch waits for the next frame tick.
    private func scheduleResize() {
        guard !resizeScheduled else { return }
        resizeScheduled = true
        widget.onNextFrame { [weak self] in
            guard let self else { return }
            self.resizeScheduled = false
            self.applyWidth()
        }
    }

    private func applyWidth() {
        let keep = widthToKeep?.width
        let reported = [narrowestReportedWidth, keep].compactMap { $0 }.min()
        narrowestReportedWidth = nil
        guard let allocated = allocatedWidth, allocated > 0 else { return }
        // A width the user gave the window is this view's too, less what sits around the view, even when GTK
        // grew the window back to its minimum (or has not laid out the new width yet).
        var width = allocated
        if let window, !window.isMaximized, let reported { width = max(min(allocated, reported - widthAroundView), 1) }
        let arrangementBefore = state.arrangement
        if isFocusOnPrimaryControls { state.apply(.primaryControlsFocused) }
        measurePanes()
        send(.resize(width))
        // GTK grew the window back to the minimum of the layout the view has left, or for a pane that came to need
        // more (widthToKeep): the user's width is restored, whichever narrower layout (the list over the detail,
        // or the stack) took its place.
        if state.arrangement != arrangementBefore || keep != nil, let window, let reported,
           let current = window.surface?.width, reported < current, !window.isMaximized {
            window.defaultSize = (reported, window.surface?.height ?? window.defaultSize.height)
        }
        placeDivider(total: allocated)
    }

    /// What the panes' widgets need, margins and all (`gtk_widget_measure`): a layout they would be clipped
    /// in is never chosen. Side by side, the size requests the layout sets are part of it.
    private func measurePanes() {
        let minimums = PaneMinimums(primary: minimumWidth(of: .primary, last: state.minimums.primary),
                                    secondary: minimumWidth(of: .secondary, last: state.minimums.secondary))
        if minimums != state.minimums { send(.measured(minimums)) }
    }

    /// Whether a pane on screen needs more width than when the view last measured it (a pane that needs less,
    /// or one out of sight, is never cut off). Measures without changing what `measurePanes` keeps.
    private var aPaneOnScreenGrew: Bool {
        (primaryPage.isMapped && primaryPage.measureWidth().minimum > state.minimums.primary)
            || (secondaryPage.isMapped && secondaryPage.measureWidth().minimum > state.minimums.secondary)
    }

    /// The panes measured since the view was made.
    private var measuredPanes: Set<Pane> = []

    /// A pane out of sight in a shown view (the list under the closed overlay, the stack's other page) keeps what it
    /// last needed: GTK does not lay it out, so after each move to another container measuring it would size its
    /// whole tree again, at every resize. It is measured again at the first resize that finds it on screen.
    private func minimumWidth(of pane: Pane, last: Int) -> Int {
        let page = pane == .primary ? primaryPage : secondaryPage
        if measuredPanes.contains(pane), widget.isMapped, !page.isMapped { return last }
        measuredPanes.insert(pane)
        return page.measureWidth().minimum
    }

    /// - Parameter resized: the window's width changed it, not the user's action in the view.
    private func render(_ change: SplitNavigationState<Selection>.Change, animated: Bool, resized: Bool) {
        endSwipes()
        if change.arrangementChanged { installContainer(for: state.arrangement) }
        switch state.arrangement {
        case .stack:
            let name = state.topPane == .primary ? PageName.primary : PageName.secondary
            // GtkStack 4.8 keeps the widget focused in a page it hides and gives focus back to it when the page
            // shows again, even after a list recycled and freed it (criticals without end). Going from page to
            // page, focus leaves the stack first, so GtkStack never keeps one; moveFocus places it in the page
            // that shows. Pages just added (a layout change) keep nothing, and focusToRestore is given back.
            if !change.layoutChanged, stack.visibleChildName != name, let window, let focus = window.focus,
               focus.isDescendant(of: stack) {
                window.focus = nil
            }
            stack.showChild(named: name, transition: animated ? .slideLeftRight : .none)
        case .sideBySide:
            primaryPage.isVisible = !state.isPrimaryHidden
        case .overlay:
            renderOverlay(change, animated: animated)
        }
        backButton.isVisible = state.canGoBack
        primaryToggle.isVisible = state.canTogglePrimary
        renderWindowControls(for: state.displayMode, showing: state.visiblePanes)
        let listShown = state.visiblePanes.contains(.primary)
        if primaryToggle.isActive != listShown { primaryToggle.isActive = listShown }
        // A resize leaves focus that is on a shown widget outside the panes (a header bar button) where it is.
        // A new container took the focus from the panes (moving them), even where the same panes show.
        let focusTaken = change.arrangementChanged && focusToRestore != nil
        if (change.focusMoved || change.layoutChanged || focusTaken) && !(resized && focusIsShownOutsidePanes) && !focusStays(change) {
            moveFocus()
            markFocusPath()
        }
        focusToRestore = nil
        onChange?(state)
    }

    /// Makes each container between the view and the focus name the child the focus is in. GTK's Tab starts
    /// from those focus children, and after panes have moved from container to container quickly (a window
    /// dragged back and forth across the threshold) the paned could name none while focus was in the detail,
    /// so Tab went to the list.
    private func markFocusPath() {
        guard let focus = window?.focus, focus.isDescendant(of: widget) else { return }
        var child = focus
        while child !== widget, let parent = child.parent {
            if parent.focusChild !== child { parent.focusChild = child }
            child = parent
        }
    }

    /// Whether focus is already on a shown widget of the pane that is to have it, and may stay there: the other
    /// pane was hidden or shown beside it (F9 while typing in the detail), and no pane moved to another container.
    private func focusStays(_ change: SplitNavigationState<Selection>.Change) -> Bool {
        guard !change.layoutChanged, !change.arrangementChanged, !change.overlayChanged,
              let focus = window?.focus, focus.isMapped else { return false }
        return focus.isDescendant(of: state.focusedPane == .primary ? primary : secondary)
    }

    /// Whether the window's focus is on a widget outside the panes (a header bar's button) that is on screen.
    private var focusIsShownOutsidePanes: Bool {
        guard let focus = window?.focus else { return false }
        return !isInPanes(focus) && focus.isMapped
    }

    /// Whether `widget` is one of the panes or inside one (not a header bar, not outside the view).
    private func isInPanes(_ widget: Widget) -> Bool {
        [primary, secondary].contains { widget === $0 || widget.isDescendant(of: $0) }
    }

    /// The desktop's window controls, split between the panes' header bars (see `WindowControls`), as `mode` has
    /// them. Only the bars of the panes in `panes` (those on screen) are set: a new layout makes GTK build a bar's
    /// controls again, so a hidden bar gets its own when its pane shows (a swipe shows one before the state does).
    private func renderWindowControls(for mode: DisplayMode, showing panes: Set<Pane>) {
        guard let primaryHeader, let secondaryHeader else { return }
        let controls = WindowControls(layout: DisplaySettings.default?.decorationLayout ?? ":close", mode: mode)
        if panes.contains(.primary), primaryHeader.decorationLayout != controls.primary {
            primaryHeader.decorationLayout = controls.primary
        }
        if panes.contains(.secondary), secondaryHeader.decorationLayout != controls.secondary {
            secondaryHeader.decorationLayout = controls.secondary
        }
    }

    /// The list slides over the detail or away. While it is open, the detail it covers takes no focus (Tab
    /// stays in the list and the header bar); when it closes, focus goes back where it was.
    private func renderOverlay(_ change: SplitNavigationState<Selection>.Change, animated: Bool) {
        let open = state.isOverlayOpen
        if change.overlayChanged && open {
            focusBeforeOverlay = window?.focus.flatMap { $0.isDescendant(of: primaryPage) ? nil : $0 }
        }
        secondaryPage.canFocus = !open
        primaryPage.isVisible = true
        listOverlay.setOpen(open, width: overlayListWidth, animated: animated)
        if change.overlayChanged && !open, let previous = focusBeforeOverlay {
            if focusToRestore == nil { focusToRestore = previous }
            focusBeforeOverlay = nil
        }
    }

    /// How wide the list is over the detail: its width side by side, leaving some of the detail in sight.
    private var overlayListWidth: Int {
        let total = allocatedWidth ?? initialWidth
        return min(state.primaryWidth(total: total), max(total - 48, 1))
    }

    /// Which container holds the panes now; nil before the first install.
    private var installedArrangement: Arrangement?

    /// Moves the same two pane widgets into the paned, the overlay or the stack, above the size probe.
    private func installContainer(for arrangement: Arrangement) {
        guard installedArrangement != arrangement else { return }
        let focusBefore = widget.focusInRoot.flatMap { $0.isDescendant(of: widget) ? $0 : nil }
        // GtkPaned 4.8 warns when the pane it last had focus in leaves it while the focus is outside it (a header
        // bar button after the last row was deleted): "Error finding last focus widget". That focus is set aside
        // while the panes move, and given back.
        var focusOutside: Widget?
        if installedArrangement == .sideBySide, paned.focusChild != nil, let window, let focus = window.focus,
           !focus.isDescendant(of: paned) {
            focusOutside = focus
            window.focus = nil
        }
        defer { if let focusOutside, let window { window.focus = focusOutside } }
        // Focus on a pane's header bar moves with its page: GTK would send it on (Tab-wise, into a pane) once the
        // page leaves its container, so it is taken off first and given back by moveFocus.
        if let focusBefore, !isInPanes(focusBefore), let window { window.focus = nil }
        switch installedArrangement {
        case .sideBySide?:
            paned.startChild = nil
            paned.endChild = nil
            widget.remove(paned)
        case .stack?:
            stack.remove(primaryPage)
            stack.remove(secondaryPage)
            widget.remove(stackOverlay)
        case .overlay?:
            listOverlay.uninstall(primary: primaryPage)
            secondaryPage.canFocus = true
            widget.remove(listOverlay.overlay)
        case nil:
            break
        }
        switch arrangement {
        case .stack:
            primaryPage.isVisible = true
            primary.sizeRequest = (-1, -1)
            secondary.sizeRequest = (-1, -1)
            stack.addNamed(primaryPage, name: PageName.primary)
            stack.addNamed(secondaryPage, name: PageName.secondary)
            widget.prepend(stackOverlay)
        case .overlay:
            primary.sizeRequest = (-1, -1)
            secondary.sizeRequest = (state.layout.secondaryMinimumWidth, -1)
            listOverlay.install(primary: primaryPage, secondary: secondaryPage)
            widget.prepend(listOverlay.overlay)
        case .sideBySide:
            primary.sizeRequest = (state.layout.primaryMinimumWidth, -1)
            secondary.sizeRequest = (state.layout.secondaryMinimumWidth, -1)
            paned.startChild = primaryPage
            paned.endChild = secondaryPage
            widget.prepend(paned)
            placeDivider(total: allocatedWidth ?? initialWidth)
        }
        installedArrangement = arrangement
        // Moving the panes takes focus from the widget that had it. The user was working there, so render's
        // moveFocus gives it back once its pane shows; nothing is focused before then, while no pane shows.
        focusToRestore = focusBefore
    }

    /// The widget that had focus before the panes moved to the other container, until moveFocus uses it.
    private var focusToRestore: Widget?

    /// Puts the divider where the fraction says; a position that is already right is not set again, since
    /// setting it relays out (and repaints) the whole paned.
    private func placeDivider(total: Int) {
        guard state.arrangement == .sideBySide, total > 0 else { return }
        dividerPlacedForWidth = total
        let position = state.primaryWidth(total: total)
        placedDividerPosition = position
        guard paned.position != position else { return }
        isSettingDivider = true
        paned.position = position
        isSettingDivider = false
    }

    /// Focuses the pane the state says should have focus. If the embedder's focus function could not put
    /// focus inside that pane, the pane's first focusable widget takes it; if none can, focus is cleared
    /// rather than left on a widget that is now hidden.
    private func moveFocus() {
        let pane = state.focusedPane == .primary ? primary : secondary
        // As in focus(_:in:), a list's recycled row widgets are left to the list's own focus function.
        let recycles = state.focusedPane == .primary && focusPrimary != nil && focusToRestore.map(isInRecycledRows) ?? true
        // The list over the detail closed: focus goes back where it was, the header bar's list button too.
        if let previous = focusToRestore, !isInPanes(previous), previous.isMapped, previous.grabFocus() {
            return
        }
        if !recycles, let previous = focusToRestore, previous.isDescendant(of: pane), previous.isMapped,
           previous.grabFocusWithoutSelecting() {
            return
        }
        switch state.focusedPane {
        case .primary: if let focusPrimary { focusPrimary() } else { primary.focusFirstFocusable() }
        case .secondary: if let focusSecondary { focusSecondary() } else { secondary.focusFirstFocusable() }
        }
        guard let window = widget.window else { return }
        let focus = window.focus
        if let focus, focus === pane || focus.isDescendant(of: pane) { return }
        if let focus, !isInPanes(focus), focus.isMapped { return }
        if !pane.focusFirstFocusable() && focus != nil { window.focus = nil }
    }

    // MARK: F6

    /// The parts of the window F6 moves between, in order: both panes side by side; otherwise the shown
    /// pane and the header bar (with per-pane bars, the shown one's).
    private enum Region { case primary, secondary, header }

    private var regions: [Region] {
        switch state.displayMode {
        case .stack: [state.topPane == .primary ? .primary : .secondary, .header]
        case .detailOnly: [.secondary, .header]
        case .listOverDetail: [.primary, .header]
        case .sideBySide: [.primary, .secondary]
        }
    }

    /// Where focus was in each region when F6 last left it, to come back to.
    private var lastFocus: [Region: Widget] = [:]

    /// Moves focus to the next region (or the previous one), F6 style. Returns whether focus moved.
    func cycleFocus(backwards: Bool) -> Bool {
        guard let window else { return false }
        let order = regions
        let current = window.focus.flatMap { focus in order.first { contains($0, focus, in: window) } }
        if let current, let focus = window.focus { lastFocus[current] = focus }
        let start = current.flatMap { order.firstIndex(of: $0) } ?? (backwards ? 0 : order.count - 1)
        for step in 1...order.count {
            let next = order[(start + (backwards ? order.count - step : step)) % order.count]
            if next != current, focus(next, in: window) {
                // As after Tab, the focus ring shows where the focus went.
                window.isFocusVisible = true
                return true
            }
        }
        return false
    }

    private func root(of region: Region, in window: Window) -> Widget? {
        switch region {
        case .primary: primary
        case .secondary: secondary
        case .header: shownHeader ?? window.titlebar
        }
    }

    /// The one pane header bar on screen when a single pane shows: the list's over the detail, or the shown page's.
    private var shownHeader: HeaderBar? {
        switch state.displayMode {
        case .listOverDetail: primaryHeader
        case .stack where state.topPane == .primary: primaryHeader
        default: secondaryHeader
        }
    }

    private func contains(_ region: Region, _ focus: Widget, in window: Window) -> Bool {
        guard let root = root(of: region, in: window) else { return false }
        return focus === root || focus.isDescendant(of: root)
    }

    /// Whether the focus is in the list's pane but not on its rows: a search field above the list.
    private var isFocusOnPrimaryControls: Bool {
        guard recycledRows != nil, let focus = window?.focus, focus.isDescendant(of: primary) else { return false }
        return !isInRecycledRows(focus)
    }

    private func isInRecycledRows(_ widget: Widget) -> Bool {
        recycledRows.map { widget === $0 || widget.isDescendant(of: $0) } ?? true
    }

    private func focus(_ region: Region, in window: Window) -> Bool {
        guard let root = root(of: region, in: window) else { return false }
        // A list's row widgets are recycled for other rows, so the list's own focus function (the selected
        // row) is trusted over the widget that had focus.
        let recycles = region == .primary && focusPrimary != nil && lastFocus[region].map(isInRecycledRows) ?? true
        if !recycles, let last = lastFocus[region], last.isDescendant(of: root), last.isMapped, last.grabFocus() {
            return true
        }
        switch region {
        case .primary: focusPrimary?()
        case .secondary: focusSecondary?()
        case .header: break
        }
        if let focus = window.focus, contains(region, focus, in: window) { return true }
        return root.focusFirstFocusable()
    }

    // MARK: Input and lifetime

    private func connectControls() {
        backButton.onClicked { [weak self] _ in self?.goBack() }
        primaryToggle.onToggled { [weak self] toggle in
            guard let self, toggle.isActive != self.state.visiblePanes.contains(.primary) else { return }
            self.togglePrimary()
        }
        paned.onPositionChanged { [weak self] paned, position in
            guard let self, !self.isSettingDivider, paned.width > 0,
                  paned.width == self.dividerPlacedForWidth, !self.isClampedByGtk(position) else { return }
            self.state.apply(.dividerMoved(position: position, total: paned.width))
            self.onChange?(self.state)
        }
        listOverlay.onScrimClicked = { [weak self] in self?.dismissOverlay() }
        connectSwipes()
        sizeProbe.onResize { [weak self] _, width, _ in self?.allocated(width) }
        // Side by side, focus in the detail means the user works there: narrowing should keep it on screen.
        let detailFocus = FocusController()
        detailFocus.onEnter { [weak self] _ in self?.state.apply(.detailFocused) }
        secondary.addController(detailFocus)

        let keys = KeyController()
        keys.onKeyPressed { [weak self] _, keyval, _, modifiers in self?.keyPressed(keyval, modifiers: modifiers) ?? false }
        widget.addController(keys)

        let mouseBack = ClickGesture()
        mouseBack.setButton(8)
        mouseBack.onPressed { [weak self] _, _, _, _ in
            guard let self, self.bindings.contains(.mouseBack) else { return }
            self.goBack()
        }
        widget.addController(mouseBack)
    }

    /// Alt+Left and Escape go back, F9 toggles the list, each unless turned off. Returns whether it was handled.
    func keyPressed(_ keyval: UInt32, modifiers: UInt32) -> Bool {
        let relevant = modifiers & (Key.altMask | Key.controlMask | Key.shiftMask)
        switch (keyval, relevant) {
        case (Key.left, Key.altMask): return bindings.contains(.altLeft) && goBack()
        case (Key.escape, 0): return bindings.contains(.escape) && goBack()
        case (Key.f9, 0): return bindings.contains(.f9) && togglePrimary()
        default: return false
        }
    }

    /// Whether GTK moved the divider onto one of its bounds from a placement beyond it (a pane whose real
    /// minimum is wider than the layout's); the user's own drag never starts beyond a bound.
    private func isClampedByGtk(_ position: Int) -> Bool {
        guard let placed = placedDividerPosition, placed != position else { return false }
        let lowest = Int(paned.property("min-position").intValue ?? 0)
        let highest = Int(paned.property("max-position").intValue ?? Int32.max)
        return (position == highest && placed > highest) || (position == lowest && placed < lowest)
    }

    // MARK: Swipes

    /// A swipe inwards from the leading edge (a drag there, or a touchpad's anywhere) opens the list over the
    /// detail and goes back in the stack; a swipe outwards closes the open list.
    private func connectSwipes() {
        let overlaySwipe = SwipeGesture(on: listOverlay.overlay)
        overlaySwipe.start = { [weak self] inwards, fromEdge in self?.overlaySwipe(inwards: inwards, fromEdge: fromEdge) }
        let backSwipe = SwipeGesture(on: stackOverlay)
        backSwipe.start = { [weak self] inwards, fromEdge in self?.backSwipe(inwards: inwards, fromEdge: fromEdge) }
        swipes = [overlaySwipe, backSwipe]
    }

    /// The list follows the finger in over the detail (or out of it, when open); completed, the state opens
    /// (or closes) it with nothing more to animate.
    private func overlaySwipe(inwards: Bool, fromEdge: Bool) -> SwipeMove? {
        guard state.arrangement == .overlay else { return nil }
        let width = overlayListWidth
        let closing = state.isOverlayOpen
        guard closing ? !inwards : inwards && fromEdge else { return nil }
        renderWindowControls(for: .listOverDetail, showing: [.primary])
        return SwipeMove(length: Double(width), draw: { [weak self] progress in
            self?.listOverlay.drawSwipe(openFraction: closing ? 1 - progress : progress, width: width)
        }, finish: { [weak self] completed in
            guard let self else { return }
            if completed { self.send(closing ? .dismissOverlay : .togglePrimary, animated: false) }
            if self.state.arrangement == .overlay {
                self.listOverlay.setOpen(self.state.isOverlayOpen, width: width, animated: false)
            }
            self.listOverlay.endSwipe()
        })
    }

    /// The detail follows the finger off the list, which shows underneath: the stack shows the list at once,
    /// under a still image of the detail (with its header bar) that moves. Completed, the state goes back; cancelled, the detail
    /// shows again with the focus it had.
    private func backSwipe(inwards: Bool, fromEdge: Bool) -> SwipeMove? {
        guard inwards, fromEdge, state.arrangement == .stack, state.canGoBack, state.topPane == .secondary else { return nil }
        let width = Double(stack.width)
        backPicture.setImage(WidgetImage(of: secondaryPage))
        backLayer.isVisible = true
        if let window, let focus = window.focus, focus.isDescendant(of: stack) {
            focusBeforeBackSwipe = focus
            window.focus = nil
        }
        renderWindowControls(for: .stack, showing: [.primary])
        stack.showChild(named: PageName.primary, transition: .none)
        let sign: Double = widget.direction == .rightToLeft ? -1 : 1
        return SwipeMove(length: width, draw: { [weak self] progress in
            self?.backShift.set(sign * progress * width)
        }, finish: { [weak self] completed in
            guard let self else { return }
            if completed { self.send(.back, animated: false) }
            if self.state.arrangement == .stack && self.state.topPane == .secondary {
                self.stack.showChild(named: PageName.secondary, transition: .none)
                if let focus = self.focusBeforeBackSwipe, focus.isMapped { _ = focus.grabFocusWithoutSelecting() }
            }
            self.focusBeforeBackSwipe = nil
            self.endSwipes()
        })
    }

    /// Stops any swipe and takes away what it drew; the state's rendering takes over.
    private func endSwipes() {
        for swipe in swipes where swipe.isActive { swipe.abandon() }
        listOverlay.endSwipe()
        guard backLayer.isVisible else { return }
        backLayer.isVisible = false
        backPicture.setImage(nil)
        backShift.set(0)
    }
}

/// The stack page names of the two panes when collapsed.
private enum PageName {
    static let primary = "primary"
    static let secondary = "secondary"
}
