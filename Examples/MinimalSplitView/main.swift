import SplitView

// A complete app on SplitView: a list of fruit beside a sentence about the chosen one.
// Wide, both show; at middle widths the sentence fills the window and the list button (or F9) slides the
// list over it; narrow, choosing a fruit slides its detail in, with a back button in the detail's header bar.
let fruit = ["Apple", "Banana", "Cherry", "Damson", "Elderberry"]

@MainActor
func runFruitApp() -> Int32 {
    let application = Application(id: "org.example.Fruit", nonUnique: true)
    application.onActivate { _ in
        let detail = Label("Choose a fruit.")
        detail.setMargins(24)
        detail.xAlign = 0
        detail.align(vertical: .start)
        // Side by side from 800 px, the list over the sentence below 760, the stack below 560 (expanding at 600).
        // `overlayBelow: nil`, or `.standard.withoutOverlay`, keeps side by side down to the stack.
        let layout = SplitLayout(collapseBelow: 560, overlayBelow: 760, hysteresis: 40,
                                 primaryMinimumWidth: 200, secondaryMinimumWidth: 320)
        let view = ListDetailView(title: "Fruit", listName: "Fruit", detail: detail, layout: layout) { fruit[$0] }
        view.showDetail = { row in detail.text = row.map { "\(fruit[$0]) is a fine choice." } ?? "Choose a fruit." }
        view.reload(count: fruit.count)

        let window = ApplicationWindow(application: application)
        window.title = "Fruit"
        window.defaultSize = (800, 500)
        window.hideTitlebar() // a header bar over each pane takes the title bar's place
        window.child = view.widget
        window.present()
    }
    return application.run(programName: "fruit")
}

_ = MainActor.assumeIsolated { runFruitApp() }
