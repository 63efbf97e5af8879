import Foundation
import Gtk
import MenuSession
@testable import PizzaApp
import PizzaModel
import XCTest

/// The sizes drawn to scale are drawn again only when the sizes, the choice or the width change: an edit or a search
/// renders the detail again (as the window does, from the session's view) but leaves the circles as GTK last drew them.
final class SizeDrawingRedrawTests: XCTestCase {
    override func setUpWithError() throws {
        try requireDisplay()
    }

    func testEditingANameOrAPriceOrSearchingDoesNotDrawTheSizesAgain() {
        MainActor.assumeIsolated {
            let fixture = DetailFixture()
            defer { fixture.window.destroy() }
            let drawn = fixture.drawingSettled()
            let edits: [(String, [AppSession.Event])] = [
                ("typing a price", [.menu(.typePrice("0.04"))]),
                ("setting it", [.menu(.commitPrice)]),
                ("typing a name", [.menu(.typeText(key: Menu.nameKey, "Cheesy"))]),
                ("renaming", [.menu(.commitText(key: Menu.nameKey))]),
                ("typing in the search", [.searchTyped("p")]),
                ("narrowing the search", [.searchTyped("pe")]),
                ("choosing another pizza", [.searchClosed, .menu(.select(fixture.app.menu.id(at: 1)!))]),
            ]
            for (what, events) in edits {
                let before = fixture.view
                for event in events { fixture.send(event) }
                XCTAssertNotEqual(fixture.view, before, "\(what) changes what the window shows")
                fixture.paintAFrame()
                XCTAssertEqual(fixture.detail.drawing.drawCount, drawn, "\(what) leaves the circles as they were drawn")
            }
        }
    }

    func testChoosingAnotherSizeOrAnotherWidthDrawsTheSizesAgain() {
        MainActor.assumeIsolated {
            let fixture = DetailFixture()
            defer { fixture.window.destroy() }
            let drawn = fixture.drawingSettled()
            let sixteen = fixture.app.menu.menu.sizes.first { $0.diameter == 16 }!
            fixture.detail.drawing.onSizeChosen?(sixteen)
            XCTAssertEqual(fixture.detail.chosenSize, sixteen)
            XCTAssertTrue(runMainLoop(until: { fixture.detail.drawing.drawCount > drawn }), "another size is drawn")
            let chosen = fixture.drawingSettled()
            fixture.window.defaultSize = (500, 700)
            XCTAssertTrue(runMainLoop(until: { fixture.detail.drawing.drawCount > chosen }), "a narrower detail is drawn")
        }
    }
}

/// The detail in a window, rendered from a session as the main window renders it, under a strip that is drawn
/// on demand to know when a frame has been painted.
@MainActor
private final class DetailFixture {
    let detail = PizzaDetailController()
    let window = Window()
    private(set) var app: AppSession
    private let strip = DrawingArea()
    private var stripDraws = 0

    init() {
        let menu = try! Menu(pizzas: [Pizza(name: "Cheese", pricePerSquareInch: 0.03), Pizza(name: "Pepperoni", pricePerSquareInch: 0.05)])
        let path: FilePath = "/tmp/pizza-split-tests/menu.json"
        app = AppSession(path: path, ownMenuPath: path, reading: MenuReading(menu: menu, problem: nil), selectedName: "Cheese")
        strip.contentHeight = 2
        strip.setDrawFunction { [weak self] _, _ in self?.stripDraws += 1 }
        let column = Box(.vertical)
        column.append(strip)
        column.append(detail.widget)
        window.child = column
        window.defaultSize = (900, 700)
        render()
        window.present()
        // The search folds the names first, as the window's runner does on another thread.
        let opened = app.handle(.searchTyped(""))
        for case .foldNames(let pizzas) in opened.effects { _ = app.handle(.namesFolded(FoldedNames(pizzas), from: pizzas)) }
        render()
    }

    /// What the window would show now.
    var view: AppSession.ViewState { app.view }

    func send(_ event: AppSession.Event) {
        _ = app.handle(event)
        render()
    }

    private func render() {
        detail.render(app.view.detail, sizes: app.menu.menu.sizes, sizeLabel: nil)
    }

    /// Runs the main loop until a frame has been painted since the call (the strip's queued draw is in it).
    func paintAFrame() {
        let before = stripDraws
        strip.queueDraw()
        XCTAssertTrue(runMainLoop(until: { stripDraws > before }), "a frame is painted")
    }

    /// How many times the circles were drawn, once they have been and a later frame has been painted.
    func drawingSettled() -> Int {
        XCTAssertTrue(runMainLoop(until: { detail.drawing.drawCount > 0 }), "the circles are drawn")
        paintAFrame()
        return detail.drawing.drawCount
    }
}

/// Runs the main loop until `condition` holds, five seconds at most; returns whether it holds.
@MainActor
private func runMainLoop(until condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(5)
    while !condition() && Date() < deadline { MainContext.drainPending(); usleep(2_000) }
    return condition()
}

/// Opens the display (once per test process, which the other GUI suites share). Without one the test is skipped,
/// unless PIZZA_SPLIT_REQUIRE_DISPLAY=1 (make test) says GUI tests must run.
private func requireDisplay() throws {
    if displayOpened { return }
    if ProcessInfo.processInfo.environment["PIZZA_SPLIT_REQUIRE_DISPLAY"] == "1" {
        throw MissingDisplay()
    }
    throw XCTSkip("no display: run make test, or Tests/support/with-display.sh swift test")
}

/// A GUI test that must run found no display.
private struct MissingDisplay: Error, CustomStringConvertible {
    var description: String { "no display, but PIZZA_SPLIT_REQUIRE_DISPLAY=1 says GUI tests must run here (did Xvfb start?)" }
}

/// GTK is initialised once per process, and never again after it failed (the other GUI suites keep the failure in
/// the environment too).
private let displayOpened: Bool = {
    let environment = ProcessInfo.processInfo.environment
    let named = environment["DISPLAY"].map { !$0.isEmpty } == true || environment["WAYLAND_DISPLAY"].map { !$0.isEmpty } == true
    guard named, environment["PIZZA_SPLIT_DISPLAY_FAILED"] == nil else { return false }
    if MainActor.assumeIsolated({ Application.canOpenDisplay() }) { return true }
    setenv("PIZZA_SPLIT_DISPLAY_FAILED", "1", 1)
    return false
}()
