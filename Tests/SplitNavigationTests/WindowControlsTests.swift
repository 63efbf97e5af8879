import Testing
@testable import SplitNavigation

/// The window's controls go to the outer ends of the panes' header bars, once each.
@Suite struct WindowControlsTests {
    @Test func sideBySideTheListsBarTakesTheStartControlsAndTheDetailsBarTheEndOnes() {
        let controls = WindowControls(layout: "icon,close:minimize,maximize", mode: .sideBySide)
        #expect(controls.primary == "icon,close:")
        #expect(controls.secondary == ":minimize,maximize")
    }

    @Test func aBarShownAloneShowsEveryControl() {
        for mode in [DisplayMode.stack, .detailOnly] {
            let controls = WindowControls(layout: "icon:close", mode: mode)
            #expect(controls.secondary == "icon:close", "\(mode)")
        }
        #expect(WindowControls(layout: "icon:close", mode: .stack).primary == "icon:close")
    }

    @Test func theListSlidingOverTheDetailShowsNoControlsSinceTheDetailsBarUnderItHasThem() {
        let controls = WindowControls(layout: "icon:close", mode: .listOverDetail)
        #expect(controls.primary == ":")
        #expect(controls.secondary == "icon:close")
    }

    @Test func aLayoutWithoutAColonPutsEverythingAtTheStart() {
        let controls = WindowControls(layout: "close", mode: .sideBySide)
        #expect(controls.primary == "close:")
        #expect(controls.secondary == ":")
    }
}
