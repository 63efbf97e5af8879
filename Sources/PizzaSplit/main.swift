import Gtk
import Glibc

@MainActor
func startPizzaSplit() -> Int32 {
    guard Application.canOpenDisplay() else {
        Console.printError("pizza-split: cannot open a display. Run it in a desktop session, or under Xvfb with `make demo`.")
        return 1
    }
    let app = Application(id: "io.github.pizzasplit.PizzaSplit")
    var window: ApplicationWindow?
    let quit = SimpleAction(name: "quit")
    quit.onActivate { [weak app] _ in app?.quit() }
    app.addAction(quit)
    app.setAccelerators(["<Control>q"], for: "app.quit")
    app.onActivate { [weak app] in
        guard let app else { return }
        if let window { window.present(); return }
        let newWindow = ApplicationWindow(application: app)
        newWindow.title = "Pizza Split"
        newWindow.defaultSize = (900, 600)
        let paned = Paned(.horizontal)
        paned.startChild = Label("Pizzas")
        paned.endChild = Label("Choose a pizza")
        paned.position = 300
        newWindow.child = paned
        newWindow.present()
        window = newWindow
    }
    return app.run(programName: "pizza-split")
}

exit(MainActor.assumeIsolated { startPizzaSplit() })
