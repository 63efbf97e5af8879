import Glibc
import SplitView

/// `split-demos colours|dates`: the reference articles' other two apps, on the same split view.
Localization.start(domain: "pizza-split", directoryVariable: "PIZZA_SPLIT_LOCALEDIR")
// Translators: the words colours, dates and --help are typed as they are; keep them untranslated.
let usage = String(translating: """
    Usage: split-demos colours|dates
           split-demos --help

      colours   colour names; choosing one paints the detail
      dates     the template's dates list: + adds now, Edit deletes
      --help    show this help and exit
    """)

@MainActor
func runDemo(_ name: String) -> Int32 {
    guard Application.canOpenDisplay() else {
        Console.printError(String(translating: "split-demos: cannot open a display. Run it in a desktop session or under Xvfb."))
        return 1
    }
    let application = Application(id: "io.github.pizzasplit.SplitDemos.\(name)", nonUnique: true)
    var demo: AnyObject?
    let css = CssProvider()
    application.onActivate { _ in
        guard demo == nil else { return }
        DesktopAppearance.follow()
        css.load(ColoursDemo.css)
        css.addToDefaultDisplay()
        let quit = SimpleAction(name: "quit")
        quit.onActivate { _, _ in application.quit() }
        application.addAction(quit)
        application.setAccelerators(["<Control>q"], for: "app.quit")
        if name == "colours" {
            let colours = ColoursDemo(application: application)
            colours.window.present()
            demo = colours
        } else {
            let dates = DatesDemo(application: application)
            dates.window.present()
            demo = dates
        }
    }
    return application.run(programName: "split-demos")
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments {
case ["colours"], ["colors"]: exit(MainActor.assumeIsolated { runDemo("colours") })
case ["dates"]: exit(MainActor.assumeIsolated { runDemo("dates") })
case ["--help"], ["-h"]: print(usage)
default:
    Console.printError(String(translating: "split-demos: choose a demo") + "\n\n" + usage)
    exit(2)
}
