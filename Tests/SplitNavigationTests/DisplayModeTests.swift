import Testing
@testable import SplitNavigation

/// The seeds' iPad layouts: side by side when wide, the list over the detail in between, the stack when narrow.
@Suite struct DisplayModeRuleTests {
    /// The pizza app's widths: side by side from 900 px, the overlay below 860, collapsed below 720, expanded at 760.
    let layout = SplitLayout(collapseBelow: 720, overlayBelow: 860, hysteresis: 40,
                             primaryMinimumWidth: 240, secondaryMinimumWidth: 460)

    @Test func eachWidthHasItsLayoutWithHysteresisAtBothThresholds() {
        var state = State(layout: layout, width: 1200)
        #expect(state.displayMode == .sideBySide)
        state.apply(.resize(860))
        #expect(state.arrangement == .sideBySide, "860 itself is still side by side")
        state.apply(.resize(859))
        #expect(state.arrangement == .overlay)
        #expect(state.displayMode == .detailOnly, "the overlay starts closed")
        state.apply(.resize(899))
        #expect(state.arrangement == .overlay, "inside the band the overlay stays")
        state.apply(.resize(900))
        #expect(state.arrangement == .sideBySide)
        state.apply(.resize(719))
        #expect(state.displayMode == .stack)
        state.apply(.resize(759))
        #expect(state.displayMode == .stack, "inside the collapse band the stack stays")
        state.apply(.resize(760))
        #expect(state.arrangement == .overlay)
        state.apply(.resize(720))
        #expect(state.arrangement == .overlay, "the collapse threshold itself is not collapsed")
    }

    @Test func turningTheMiddleLayoutOffKeepsSideBySideDownToTheCollapse() {
        var state = State(layout: layout.withoutOverlay, width: 1200)
        for width in [859, 800, 720] {
            state.apply(.resize(width))
            #expect(state.arrangement == .sideBySide, "at \(width)")
        }
        state.apply(.resize(719))
        #expect(state.arrangement == .stack)
        state.apply(.resize(760))
        #expect(state.arrangement == .sideBySide)
    }

    @Test func theListButtonOpensTheOverlayAndEachDismissalClosesIt() {
        let dismissals: [State.Event] = [.select(2), .back, .dismissOverlay, .togglePrimary]
        for dismissal in dismissals {
            var state = State(layout: layout, width: 800, selection: 1)
            #expect(state.visiblePanes == [.secondary])
            #expect(state.focusedPane == .secondary)
            let open = state.apply(.togglePrimary)
            #expect(open.overlayChanged && open.focusMoved)
            #expect(state.displayMode == .listOverDetail)
            #expect(state.visiblePanes == [.primary, .secondary])
            #expect(state.focusedPane == .primary, "focus goes into the list")
            let close = state.apply(dismissal)
            #expect(close.handled && close.overlayChanged && close.focusMoved, "\(dismissal)")
            #expect(state.displayMode == .detailOnly)
            #expect(state.focusedPane == .secondary, "focus comes back to the detail")
            #expect(!state.isCollapsed)
        }
    }

    @Test func movingTheSelectionWithArrowKeysKeepsTheOverlayOpen() {
        var state = State(layout: layout, width: 800, selection: 1)
        state.apply(.togglePrimary)
        state.apply(.highlight(3))
        #expect(state.isOverlayOpen)
        #expect(state.selection == 3)
    }

    @Test func dismissalsWithNothingOpenAreNotHandled() {
        var state = State(layout: layout, width: 800, selection: 1)
        #expect(!state.apply(.dismissOverlay).handled)
        #expect(!state.apply(.back).handled, "Alt+Left with the overlay closed and nothing to go back to")
    }

    @Test func aListHiddenWhenWideStaysHiddenThroughTheOverlayAndTheStack() {
        var state = State(layout: layout, width: 1200, selection: 1)
        state.apply(.togglePrimary)
        #expect(state.displayMode == .detailOnly)
        #expect(state.arrangement == .sideBySide)
        state.apply(.resize(800))
        state.apply(.togglePrimary)
        #expect(state.isOverlayOpen, "the overlay opens as always")
        state.apply(.resize(500))
        state.apply(.resize(800))
        #expect(!state.isOverlayOpen, "the overlay starts closed again")
        state.apply(.resize(1200))
        #expect(state.displayMode == .detailOnly, "the user's hidden list")
        #expect(state.isPrimaryHidden)
    }

    @Test func widthsThatOpenTheOverlayLayoutCloseItWhenLeavingIt() {
        var state = State(layout: layout, width: 800, selection: 1)
        state.apply(.togglePrimary)
        state.apply(.resize(1200))
        #expect(!state.isOverlayOpen)
        #expect(state.displayMode == .sideBySide)
        state.apply(.resize(800))
        state.apply(.togglePrimary)
        state.apply(.resize(500))
        #expect(!state.isOverlayOpen)
        #expect(state.visiblePanes == [.secondary], "the collapse rules: the chosen row's detail on top")
    }

    @Test func thePreferredModeOverridesTheWidthAboveTheCollapse() {
        var state = State(layout: layout, width: 1200, selection: 1)
        state.apply(.setPreferredDisplayMode(.listOverDetail))
        #expect(state.displayMode == .listOverDetail)
        #expect(state.focusedPane == .primary)
        state.apply(.select(2))
        #expect(state.displayMode == .detailOnly, "choosing a row dismisses it, as the seeds' popover")
        state.apply(.setPreferredDisplayMode(.detailOnly))
        #expect(state.displayMode == .detailOnly)
        #expect(state.arrangement == .overlay)
        state.apply(.resize(500))
        #expect(state.displayMode == .stack, "the collapse always follows the width")
        state.apply(.resize(800))
        state.apply(.setPreferredDisplayMode(.sideBySide))
        #expect(state.displayMode == .sideBySide, "800 px fits 240 + 460 side by side")
        state.apply(.setPreferredDisplayMode(.automatic))
        #expect(state.displayMode == .detailOnly)
        #expect(state.arrangement == .overlay)
    }

    @Test func measuredPanesWiderThanTheLayoutMoveItsThresholds() {
        var state = State(layout: layout, width: 1200)
        // A detail with margins needs 660 px: side by side needs 900, the detail alone 660.
        state.apply(.measured(PaneMinimums(primary: 240, secondary: 660)))
        #expect(state.arrangement == .sideBySide)
        state.apply(.resize(880))
        #expect(state.arrangement == .overlay, "never a clipped side by side, though 880 is above 860")
        state.apply(.resize(920))
        #expect(state.arrangement == .overlay, "side by side again only past the hysteresis above the need")
        state.apply(.resize(940))
        #expect(state.arrangement == .sideBySide)
        state.apply(.resize(700))
        #expect(state.arrangement == .stack, "the detail alone needs 660 and 700 is below the collapse")
        state.apply(.measured(PaneMinimums(primary: 240, secondary: 780)))
        state.apply(.resize(770))
        #expect(state.arrangement == .stack, "the detail alone does not fit at 770")
        var narrow = State(layout: layout.withoutOverlay, width: 1200)
        narrow.apply(.measured(PaneMinimums(primary: 240, secondary: 560)))
        narrow.apply(.resize(799))
        #expect(narrow.arrangement == .stack, "without the middle layout, a clipped side by side collapses")
        narrow.apply(.resize(820))
        #expect(narrow.arrangement == .stack, "and expands only with the hysteresis above what the panes need")
        narrow.apply(.resize(840))
        #expect(narrow.arrangement == .sideBySide)
        let change = narrow.apply(.measured(PaneMinimums(primary: 300, secondary: 600)))
        #expect(change.layoutChanged && narrow.arrangement == .stack, "a pane that grows at this width collapses the view")
    }

    @Test func theDividerIsPlacedWithinTheMeasuredMinimums() {
        var state = State(layout: layout, width: 1200)
        state.apply(.dividerMoved(position: 553, total: 1200))
        state.apply(.measured(PaneMinimums(primary: 240, secondary: 560)))
        #expect(state.primaryWidth(total: 1200) == 553)
        #expect(state.primaryWidth(total: 860) == 860 - 560, "never over the detail's real minimum")
    }

    @Test func theDividerTheUserDraggedComesBackThroughEveryIntermediateWidth() {
        for path in [[1000, 800, 1200], [1000, 780, 1200], [1000, 740, 1200], [500, 1200], [860, 720, 500, 900, 1200]] {
            var state = State(layout: layout, width: 1200)
            state.apply(.dividerMoved(position: 553, total: 1200))
            for width in path { state.apply(.resize(width)) }
            #expect(state.primaryWidth(total: 1200) == 553, "via \(path)")
        }
    }
}

@Suite struct DisplayModePropertyTests {
    @Test func randomWidthsSelectionsAndDismissalsKeepEveryInvariant() {
        var generator = SystemRandomNumberGenerator()
        let layouts = [SplitLayout.standard, SplitLayout.standard.withoutOverlay,
                       SplitLayout(collapseBelow: 720, overlayBelow: 860, hysteresis: 40,
                                   primaryMinimumWidth: 240, secondaryMinimumWidth: 460)]
        let modes: [PreferredDisplayMode] = [.automatic, .sideBySide, .listOverDetail, .detailOnly]
        for _ in 0..<2_000 {
            let layout = layouts.randomElement(using: &generator)!
            var state = State(layout: layout, width: Int.random(in: 300...1400, using: &generator),
                              selection: Bool.random(using: &generator) ? Int.random(in: 0..<5, using: &generator) : nil)
            var width = state.width
            for _ in 0..<80 {
                let before = state
                let event: State.Event
                switch Int.random(in: 0..<16, using: &generator) {
                case 0: width = Int.random(in: 300...1400, using: &generator); event = .resize(width)
                case 1, 2: width = max(width + Int.random(in: -8...8, using: &generator), 1); event = .resize(width)
                case 3: event = .select(Int.random(in: 0..<5, using: &generator))
                case 4: event = .select(nil)
                case 5: event = .highlight(Int.random(in: 0..<5, using: &generator))
                case 6: event = .back
                case 7, 8: event = .togglePrimary
                case 9: event = .dismissOverlay
                case 10: event = .showDetail
                case 11: event = .detailFocused
                case 12: event = .dividerMoved(position: Int.random(in: 0...1400, using: &generator), total: max(width, 1))
                case 13: event = .setPreferredDisplayMode(modes.randomElement(using: &generator)!)
                case 14: event = .measured(PaneMinimums(primary: Int.random(in: 0...400, using: &generator),
                                                         secondary: Int.random(in: 0...600, using: &generator)))
                default: event = .highlight(nil)
                }
                let change = state.apply(event)

                #expect(!state.visiblePanes.isEmpty)
                #expect(state.visiblePanes.contains(state.focusedPane), "focus is never on a hidden pane")
                #expect(!state.isOverlayOpen || state.arrangement == .overlay, "an open overlay only in the middle layout")
                #expect(state.isCollapsed == (state.arrangement == .stack))
                if state.isCollapsed && state.topPane == .secondary { #expect(state.selection != nil) }
                if layout.overlayBelow == nil && state.preferredDisplayMode == .automatic {
                    #expect(state.arrangement != .overlay, "no middle layout when the client turned it off")
                }
                if case .dividerMoved = event {} else {
                    #expect(state.primaryFraction == before.primaryFraction, "only the user's drag moves the divider")
                }
                switch event {
                case .resize, .measured:
                    #expect(state.selection == before.selection, "a resize never loses the selection")
                    #expect(state.isPrimaryHidden == before.isPrimaryHidden, "nor the list the user hid")
                    if state.arrangement == .sideBySide && state.preferredDisplayMode == .automatic {
                        let need = max(layout.primaryMinimumWidth, state.minimums.primary)
                            + max(layout.secondaryMinimumWidth, state.minimums.secondary)
                        #expect(state.width >= need, "side by side only where both panes fit")
                    }
                    if state.arrangement != .stack {
                        #expect(state.width >= max(layout.secondaryMinimumWidth, state.minimums.secondary),
                                "the detail always fits")
                    }
                    if case .resize(let w) = event, change.arrangementChanged, state.preferredDisplayMode == .automatic,
                       state.minimums.primary <= layout.primaryMinimumWidth,
                       state.minimums.secondary <= layout.secondaryMinimumWidth {
                        // The layout changes only across a threshold, and widens only past its hysteresis band.
                        switch (before.arrangement, state.arrangement) {
                        case (_, .stack): #expect(w < layout.collapseBelow)
                        case (.stack, _): #expect(w >= layout.collapseBelow + layout.hysteresis)
                        case (.sideBySide, .overlay): #expect(w < layout.overlayBelow!)
                        case (.overlay, .sideBySide): #expect(w >= layout.overlayBelow! + layout.hysteresis)
                        default: Issue.record("\(before.arrangement) to \(state.arrangement) at \(w)")
                        }
                    }
                case .select(let chosen?):
                    #expect(!state.isOverlayOpen, "choosing a row dismisses the overlay")
                    #expect(state.selection == chosen)
                case .back, .dismissOverlay:
                    #expect(!state.isOverlayOpen)
                    if before.isOverlayOpen { #expect(change.handled && state.focusedPane == .secondary) }
                case .togglePrimary where before.arrangement == .overlay:
                    #expect(state.isOverlayOpen != before.isOverlayOpen)
                    #expect(state.focusedPane == (state.isOverlayOpen ? .primary : .secondary))
                default:
                    break
                }
                if change.panesChanged { #expect(change.focusMoved) }
            }
        }
    }

    @Test func aWalkDownAndBackKeepsSelectionDividerAndHiddenList() {
        var generator = SystemRandomNumberGenerator()
        let layout = SplitLayout.standard
        for _ in 0..<1_000 {
            let selection: Int? = Bool.random(using: &generator) ? Int.random(in: 0..<100, using: &generator) : nil
            var state = State(layout: layout, width: 1200, selection: selection)
            let position = Int.random(in: 240...700, using: &generator)
            state.apply(.dividerMoved(position: position, total: 1200))
            let fraction = state.primaryFraction
            if Bool.random(using: &generator) { state.apply(.togglePrimary) }
            let hidden = state.isPrimaryHidden
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                state.apply(.resize(Int.random(in: 300...1400, using: &generator)))
                if Bool.random(using: &generator) { state.apply(.togglePrimary) }
                if Bool.random(using: &generator) { state.apply(.dismissOverlay) }
                if state.arrangement == .sideBySide, state.isPrimaryHidden != hidden { state.apply(.togglePrimary) }
            }
            state.apply(.resize(1200))
            if state.isPrimaryHidden != hidden { state.apply(.togglePrimary) }
            #expect(state.selection == selection)
            #expect(state.isPrimaryHidden == hidden)
            #expect(state.primaryFraction == fraction)
            #expect(state.arrangement == .sideBySide)
        }
    }
}
