import CGtk
import XCTest
@testable import Gtk

/// `DrawingArea`'s draw function: it paints through the canvas at the area's size, runs again only when a draw
/// is queued, is freed with the area, and a canvas kept past its call paints nothing.
final class DrawingAreaTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    /// Something a closure holds, to see when the closure is freed.
    private final class Token {}

    func testTheDrawFunctionPaintsAtTheAreasSizeAndRunsAgainOnlyWhenAsked() {
        MainActor.assumeIsolated {
            let area = DrawingArea(role: .image)
            area.contentHeight = 60
            XCTAssertEqual(area.contentHeight, 60)
            var sizes: [(Double, Double)] = []
            area.setDrawFunction { emitter, canvas in
                XCTAssertTrue(emitter === area, "the handler gets its area")
                sizes.append((canvas.width, canvas.height))
                canvas.setColor(Color(red: 1, green: 0, blue: 0))
                canvas.addCircle(centerX: canvas.width / 2, centerY: canvas.height / 2, radius: 20)
                canvas.fill()
            }
            let window = presentedWindow(showing: area, width: 200, height: 60)
            defer { window.destroy() }
            runMainLoop(until: { !sizes.isEmpty })
            runMainLoop(turns: 50)
            XCTAssertEqual(sizes.last?.0, Double(area.width))
            XCTAssertEqual(sizes.last?.1, Double(area.height))
            let settled = sizes.count
            runMainLoop(turns: 50)
            XCTAssertEqual(sizes.count, settled, "nothing changed, nothing drawn")
            area.queueDraw()
            runMainLoop(until: { sizes.count > settled })
            XCTAssertEqual(sizes.count, settled + 1, "one draw for one queued draw")

            let centre = paintedPixel(area, x: area.width / 2, y: area.height / 2)
            XCTAssertEqual(centre.0, 255, "the circle is painted red: \(centre)")
            XCTAssertEqual(centre.1, 0)
            XCTAssertEqual(centre.3, 255)
            let corner = paintedPixel(area, x: 1, y: 1)
            XCTAssertEqual(corner.3, 0, "outside the circle nothing is painted: \(corner)")
        }
    }

    func testTheDrawFunctionIsFreedWhenReplacedAndWithTheArea() {
        MainActor.assumeIsolated {
            weak var first: Token?
            weak var second: Token?
            var area: DrawingArea? = DrawingArea()
            do {
                let token = Token()
                first = token
                area!.setDrawFunction { _, _ in _ = token }
            }
            XCTAssertNotNil(first, "the area holds its draw function")
            do {
                let token = Token()
                second = token
                area!.setDrawFunction { _, _ in _ = token }
            }
            XCTAssertNil(first, "the replaced function is freed")
            XCTAssertNotNil(second)
            let probe = FinalizationProbe(area!)
            area = nil
            XCTAssertTrue(probe.isFinalized)
            XCTAssertNil(second, "the function is freed with the area")
        }
    }

    func testACanvasKeptPastItsCallPaintsNothing() {
        MainActor.assumeIsolated {
            let area = DrawingArea()
            var kept: Canvas?
            area.setDrawFunction { _, canvas in kept = canvas }
            let window = presentedWindow(showing: area, width: 100, height: 50)
            defer { window.destroy() }
            runMainLoop(until: { kept != nil })
            let canvas = try! XCTUnwrap(kept)
            canvas.setColor(Color(red: 0, green: 1, blue: 0))
            canvas.addCircle(centerX: 10, centerY: 10, radius: 5)
            canvas.fill(preserve: true)
            canvas.stroke(lineWidth: 2)
            canvas.drawText("late", x: 0, y: 0)
            canvas.scaled(by: 2) { XCTFail("a stale canvas runs nothing scaled") }
            XCTAssertEqual(canvas.textSize("late").width, area.textSize("late").width, "measuring needs no context")
        }
    }

    func testTheThemeGivesTheForegroundAndNamedColours() {
        MainActor.assumeIsolated {
            let provider = CssProvider()
            provider.load(".drawing-test-red { color: rgb(255, 0, 0); }")
            provider.addToDefaultDisplay()
            let area = DrawingArea()
            area.addCSSClass("drawing-test-red")
            let window = presentedWindow(showing: area, width: 100, height: 50)
            defer { window.destroy() }
            runMainLoop(turns: 20)
            XCTAssertEqual(area.foregroundColor, Color(red: 1, green: 0, blue: 0))
            XCTAssertNotNil(area.themeColor("theme_selected_bg_color"), "Adwaita names its selection colour")
            XCTAssertNil(area.themeColor("no_such_colour"))
            XCTAssertEqual(Color(red: 1, green: 0, blue: 0).faded(0.5).alpha, 0.5)
        }
    }
}

/// The area painted into a 32-bit image of its size (through `GtkWidgetPaintable` and GSK's cairo drawing),
/// as the pixel at (x, y): (red, green, blue, alpha).
@MainActor
private func paintedPixel(_ area: DrawingArea, x: Int, y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
    let width = gint(area.width), height = gint(area.height)
    let paintable = gtk_widget_paintable_new(area.widget)!
    defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
    let snapshot = gtk_snapshot_new()
    gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
    let node = gtk_snapshot_free_to_node(snapshot)
    defer { if let node { gsk_render_node_unref(node) } }
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)
    defer { cairo_surface_destroy(surface) }
    let cairo = cairo_create(surface)
    if let node { gsk_render_node_draw(node, cairo) }
    cairo_destroy(cairo)
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    let data = cairo_image_surface_get_data(surface)!
    // ARGB32 is a native-endian 32-bit word: B, G, R, A in memory here.
    let pixel = data + y * stride + x * 4
    return (pixel[2], pixel[1], pixel[0], pixel[3])
}
