import Testing
@testable import SplitNavigation

typealias State = SplitNavigationState<Int>

@Suite struct SplitNavigationRuleTests {
    let layout = SplitLayout.standard
    var wide: Int { layout.collapseBelow + layout.hysteresis + 100 }
    var narrow: Int { layout.collapseBelow - 100 }
    /// The list over the detail: above the collapse and its hysteresis, below side by side.
    var middle: Int { layout.collapseBelow + layout.hysteresis + 20 }

    @Test func wideShowsBothPanesSideBySide() {
        let state = State(width: wide)
        #expect(!state.isCollapsed)
        #expect(state.visiblePanes == [.primary, .secondary])
        #expect(state.focusedPane == .primary)
    }

    @Test func collapsingWithASelectionKeepsTheDetailOnTopWithBack() {
        var state = State(width: wide)
        state.apply(.select(2))
        let change = state.apply(.resize(narrow))
        #expect(change.layoutChanged)
        #expect(state.visiblePanes == [.secondary])
        #expect(state.canGoBack)
        #expect(state.focusedPane == .secondary)
    }

    @Test func collapsingWithoutASelectionShowsTheListNeverAnEmptyDetail() {
        var state = State(width: wide)
        state.apply(.resize(narrow))
        #expect(state.visiblePanes == [.primary])
        #expect(!state.canGoBack)
        #expect(State.collapsedTopPane(selection: nil) == .primary)
        #expect(State.collapsedTopPane(selection: 0) == .secondary)
        #expect(State.collapsedTopPane(selection: 0, prefersDetail: false) == .primary)
    }

    @Test func aRestoredSelectionShowsTheListFirstWhenTheUserHadGoneBackToIt() {
        let back = State(width: narrow, selection: 2, prefersDetail: false)
        #expect(back.visiblePanes == [.primary])
        #expect(back.selection == 2)
        #expect(!back.prefersDetail)
        let detail = State(width: narrow, selection: 2)
        #expect(detail.visiblePanes == [.secondary])
        #expect(State(width: narrow, selection: nil, prefersDetail: true).visiblePanes == [.primary])
    }

    @Test func expandingRestoresSideBySideWithTheSameSelectionAndDivider() {
        var state = State(width: wide)
        state.apply(.select(3))
        state.apply(.dividerMoved(position: 400, total: 1000))
        state.apply(.resize(narrow))
        state.apply(.back)
        state.apply(.resize(wide))
        #expect(state.visiblePanes == [.primary, .secondary])
        #expect(state.selection == 3)
        #expect(state.primaryFraction == 0.4)
    }

    @Test func narrowingAgainReturnsToTheListWhenTheUserWentBackToItBeforeWidening() {
        var state = State(width: narrow)
        state.apply(.select(1))
        state.apply(.back)
        state.apply(.resize(wide))
        state.apply(.resize(narrow))
        #expect(state.visiblePanes == [.primary], "the list the user was on, not the detail")
        #expect(state.selection == 1)
        state.apply(.resize(wide))
        state.apply(.select(2))
        state.apply(.resize(narrow))
        #expect(state.visiblePanes == [.secondary], "a row chosen while wide is shown")
        state.apply(.back)
        state.apply(.resize(wide))
        state.apply(.showDetail)
        state.apply(.resize(narrow))
        #expect(state.visiblePanes == [.secondary], "Enter on the chosen row while wide asks for its detail too")
        state.apply(.back)
        state.apply(.resize(wide))
        #expect(state.apply(.detailFocused).handled)
        state.apply(.resize(narrow))
        #expect(state.visiblePanes == [.secondary], "working in the detail while wide keeps it on narrowing")
        #expect(!state.apply(.detailFocused).handled, "collapsed, focus in the detail says nothing new")
    }

    @Test func narrowingWhileTheListsSearchFieldHasFocusKeepsTheListOnTopWithItsFocus() {
        for start in [wide, middle] {
            var state = State(width: start)
            state.apply(.select(2))
            if start == middle { state.apply(.togglePrimary) }
            #expect(state.apply(.primaryControlsFocused).handled)
            state.apply(.resize(narrow))
            #expect(state.visiblePanes == [.primary], "the list the user searches, from \(start) px")
            #expect(state.focusedPane == .primary)
            #expect(state.selection == 2, "the chosen row is kept")
            state.apply(.showDetail)
            #expect(state.visiblePanes == [.secondary], "Enter on the chosen row still shows its detail")
        }
        var overDetail = State(width: middle, selection: 1)
        #expect(!overDetail.apply(.primaryControlsFocused).handled, "the list is not on screen: focus cannot be there")

        for start in [wide, narrow] {
            var state = State(width: start, selection: 2)
            if start == narrow { state.apply(.back) }
            state.apply(.primaryControlsFocused)
            state.apply(.resize(middle))
            #expect(state.displayMode == .listOverDetail, "the list searched in slides over the detail, from \(start) px")
            #expect(state.focusedPane == .primary)
        }
        var chosen = State(width: wide, selection: 2)
        chosen.apply(.primaryControlsFocused)
        chosen.apply(.select(3))
        chosen.apply(.resize(middle))
        #expect(chosen.displayMode == .detailOnly, "a row chosen since: the detail alone, as before")
    }

    @Test func selectingWhileNarrowPushesTheDetailAndBackReturnsWithTheRowStillSelected() {
        var state = State(width: narrow)
        #expect(state.visiblePanes == [.primary])
        state.apply(.select(1))
        #expect(state.visiblePanes == [.secondary])
        let back = state.apply(.back)
        #expect(back.handled && back.focusMoved)
        #expect(state.visiblePanes == [.primary])
        #expect(state.selection == 1)
        #expect(state.focusedPane == .primary)
        state.apply(.showDetail)
        #expect(state.visiblePanes == [.secondary])
    }

    @Test func highlightingWhileNarrowKeepsTheListOnTopUntilShown() {
        var state = State(width: narrow)
        state.apply(.highlight(2))
        #expect(state.visiblePanes == [.primary])
        #expect(state.selection == 2)
        state.apply(.showDetail)
        #expect(state.visiblePanes == [.secondary])
        state.apply(.highlight(nil))
        #expect(state.visiblePanes == [.primary], "clearing the selection never leaves an empty detail")
    }

    @Test func backWithNowhereToGoIsNotHandled() {
        var state = State(width: wide)
        state.apply(.select(1))
        #expect(!state.apply(.back).handled)
        var narrowState = State(width: narrow)
        #expect(!narrowState.apply(.back).handled)
    }

    @Test func deselectingWhileNarrowReturnsToTheList() {
        var state = State(width: narrow, selection: 4)
        #expect(state.visiblePanes == [.secondary])
        state.apply(.select(nil))
        #expect(state.visiblePanes == [.primary])
    }

    @Test func togglingTheListWorksOnlyWhenWideAndMovesFocusOffTheHiddenPane() {
        var state = State(width: wide)
        state.apply(.togglePrimary)
        #expect(state.visiblePanes == [.secondary])
        #expect(state.focusedPane == .secondary)
        state.apply(.resize(narrow))
        #expect(!state.apply(.togglePrimary).handled)
        state.apply(.resize(wide))
        #expect(state.isPrimaryHidden, "the hidden list stays hidden across a collapse and expand")
        state.apply(.togglePrimary)
        #expect(state.visiblePanes == [.primary, .secondary])
        #expect(state.focusedPane == .primary)
    }

    @Test func hysteresisKeepsTheLayoutInsideTheBand() {
        var state = State(width: wide)
        let threshold = layout.collapseBelow
        state.apply(.resize(threshold))
        #expect(!state.isCollapsed, "the threshold itself is still wide")
        state.apply(.resize(threshold - 1))
        #expect(state.isCollapsed)
        for width in [threshold, threshold + 5, threshold + layout.hysteresis - 1, threshold - 3] {
            #expect(!state.apply(.resize(width)).layoutChanged, "no flip at \(width)")
        }
        #expect(state.apply(.resize(threshold + layout.hysteresis)).layoutChanged)
    }

    @Test func dividerFractionIsClampedAndPaneWidthsRespectMinimums() {
        var state = State(width: wide)
        state.apply(.dividerMoved(position: 10, total: 1000))
        #expect(state.primaryFraction == layout.primaryFractionRange.lowerBound)
        state.apply(.dividerMoved(position: 990, total: 1000))
        #expect(state.primaryFraction == layout.primaryFractionRange.upperBound)
        #expect(layout.primaryWidth(total: 700, fraction: 0.2) == layout.primaryMinimumWidth)
        #expect(layout.primaryWidth(total: 700, fraction: 0.6) == 700 - layout.secondaryMinimumWidth)
        #expect(layout.primaryWidth(total: 1000, fraction: 0.35) == 350)
    }

    @Test func standardLayoutFitsSideBySideAtTheThreshold() {
        #expect(SplitLayout.standard.primaryMinimumWidth + SplitLayout.standard.secondaryMinimumWidth <= SplitLayout.standard.collapseBelow)
    }
}

@Suite struct SplitNavigationPropertyTests {
    @Test func randomEventSequencesKeepEveryInvariant() {
        var generator = SystemRandomNumberGenerator()
        let layout = SplitLayout.standard
        for _ in 0..<2_000 {
            var state = State(width: Int.random(in: 300...1400, using: &generator),
                              selection: Bool.random(using: &generator) ? Int.random(in: 0..<5, using: &generator) : nil)
            var width = layout.collapseBelow
            for _ in 0..<60 {
                let before = state
                let event: State.Event
                switch Int.random(in: 0..<11, using: &generator) {
                case 9: event = .detailFocused
                case 10: event = .primaryControlsFocused
                case 7: event = .highlight(Int.random(in: 0..<5, using: &generator))
                case 8: event = .highlight(nil)
                case 0: width = Int.random(in: 300...1400, using: &generator); event = .resize(width)
                case 1: width += Int.random(in: -6...6, using: &generator); event = .resize(width)
                case 2: event = .select(Int.random(in: 0..<5, using: &generator))
                case 3: event = .select(nil)
                case 4: event = .back
                case 5: event = .togglePrimary
                default: event = .showDetail
                }
                let change = state.apply(event)

                #expect(!state.visiblePanes.isEmpty)
                #expect(state.visiblePanes.contains(state.focusedPane), "focus is never on a hidden pane")
                if state.isCollapsed && state.topPane == .secondary {
                    #expect(state.selection != nil, "never an empty detail on top when collapsed")
                }
                if case .resize(let w) = event {
                    #expect(state.selection == before.selection, "a resize never loses the selection")
                    #expect(state.isPrimaryHidden == before.isPrimaryHidden)
                    if w >= layout.collapseBelow && w < layout.collapseBelow + layout.hysteresis {
                        #expect(!change.layoutChanged, "no flip inside the hysteresis band")
                    }
                    if change.layoutChanged {
                        #expect(state.isCollapsed ? w < layout.collapseBelow : w >= layout.collapseBelow + layout.hysteresis)
                    }
                } else {
                    #expect(state.widthClass == before.widthClass, "only a resize changes the width class")
                }
                if change.panesChanged { #expect(change.focusMoved) }
            }
        }
    }

    @Test func collapseAndExpandRoundTripKeepsSelectionAndListVisibility() {
        var generator = SystemRandomNumberGenerator()
        let layout = SplitLayout.standard
        for _ in 0..<1_000 {
            let selection: Int? = Bool.random(using: &generator) ? Int.random(in: 0..<100, using: &generator) : nil
            var state = State(width: 1200, selection: selection)
            if Bool.random(using: &generator) { state.apply(.togglePrimary) }
            let hidden = state.isPrimaryHidden
            state.apply(.resize(Int.random(in: 200..<layout.collapseBelow, using: &generator)))
            state.apply(.resize(Int.random(in: (layout.collapseBelow + layout.hysteresis)...2000, using: &generator)))
            #expect(state.selection == selection)
            #expect(state.isPrimaryHidden == hidden)
            #expect(!state.isCollapsed)
        }
    }
}
