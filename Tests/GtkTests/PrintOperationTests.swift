import Foundation
import XCTest
@testable import Gtk

/// `PrintOperation` run with the export action (no dialog) and `PDFDocument`: the handlers get the operation,
/// the sheet in points and each page once, the file has the pages drawn, and text is measured in proportion.
final class PrintOperationTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    private func scratchFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("print-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    /// How many pages a PDF file says it has, by its page objects.
    private static func pageCount(_ bytes: [UInt8]) -> Int {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.components(separatedBy: "/Type /Page\n").count - 1 + text.components(separatedBy: "/Type /Page ").count - 1
    }

    func testExportingDrawsEachPageOnceOnAWholeSheetInPointsAndEndsPrinted() throws {
        let file = try scratchFolder().appendingPathComponent("out.pdf").path
        try MainActor.assumeIsolated {
            let operation = PrintOperation()
            var sheets: [(Double, Double)] = []
            var drawn: [Int] = []
            var ended: [PrintOperation.Result] = []
            operation.onBeginPrint { emitter, context in
                XCTAssertTrue(emitter === operation)
                sheets.append((context.width, context.height))
                emitter.setPageCount(3)
            }
            operation.onDrawPage { emitter, context, number in
                XCTAssertTrue(emitter === operation)
                drawn.append(number)
                let canvas = context.makeCanvas()
                canvas.drawText("Page \(number + 1)", x: 36, y: 36, size: 10, bold: false)
                canvas.drawRule(x: 36, y: 60, width: 100, lineWidth: 1)
            }
            operation.onDone { _, result in ended.append(result) }
            operation.setExportFileName(file)
            let result = operation.run(.export, parent: nil)
            runMainLoop(for: 10) { !ended.isEmpty || result != .inProgress }
            XCTAssertEqual(drawn, [0, 1, 2])
            XCTAssertEqual(sheets.count, 1)
            // GTK's default paper is the locale's: A4 (595 × 842 pt) or Letter (612 × 792 pt), never pixels.
            let sheet = try XCTUnwrap(sheets.first)
            XCTAssertTrue([595, 612].contains(Int(sheet.0.rounded())) && [842, 792].contains(Int(sheet.1.rounded())), "\(sheet)")
            XCTAssertTrue(result == .printed || ended == [.printed], "run gave \(result), done gave \(ended)")
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
            XCTAssertEqual(Self.pageCount(bytes), 3)
        }
    }

    func testAPDFDocumentHasThePagesEndedAndMeasuresTextInProportionToItsSize() throws {
        let document = PDFDocument(width: 200, height: 100)
        document.setTitle("Two pages")
        let small = document.canvas.textWidth("Quattro stagioni 12.50", size: 10, bold: false)
        let large = document.canvas.textWidth("Quattro stagioni 12.50", size: 20, bold: false)
        XCTAssertGreaterThan(small, 50)
        XCTAssertEqual(large, 2 * small, accuracy: 0.05, "unhinted: twice the size is twice the width")
        XCTAssertGreaterThan(document.canvas.textWidth("Pizza", size: 10, bold: true), document.canvas.textWidth("Pizza", size: 10, bold: false))
        for number in 1...2 {
            document.canvas.drawText("Page \(number)", x: 10, y: 10, size: 10, bold: true)
            document.endPage()
        }
        let bytes = try XCTUnwrap(document.finish())
        XCTAssertTrue(bytes.starts(with: Array("%PDF-".utf8)))
        XCTAssertEqual(Self.pageCount(bytes), 2)
        XCTAssertEqual(document.finish(), bytes, "finishing again gives the same file")
    }
}
