/// The price list set on paper for printing and PDF: a title on every page (with a caption under it, which says the
/// currency the bare figures are in), a table with a row per pizza and a
/// column per size (the cells of `PriceListCSV` and `PriceTable`), its header repeated on every page, and the page number at the
/// foot of each page. Pure: text is measured by the caller's `measure` (the renderer's font at `baseFontSize`),
/// and every position is in points from the page's top left corner, inside the paper's margins. A table too
/// wide for the paper is set in a smaller font, a name too long for its column goes on over more lines, and a
/// row that does not fit at the foot of a page goes on on the next: nothing is cut at the page edge.
public struct PriceListPages: Sendable {
    /// A sheet of paper, in points (1/72 inch), with the same margin on every side.
    public struct Paper: Equatable, Sendable {
        public var width: Double
        public var height: Double
        public var margin: Double

        public init(width: Double, height: Double, margin: Double) {
            self.width = width
            self.height = height
            self.margin = margin
        }

        /// ISO A4, 210 × 297 mm, with half-inch margins.
        public static let a4 = Paper(width: 595.276, height: 841.89, margin: 36)
        /// US Letter, 8.5 × 11 inches, with half-inch margins.
        public static let letter = Paper(width: 612, height: 792, margin: 36)

        /// The width between the margins.
        public var contentWidth: Double { width - 2 * margin }
    }

    /// One line of text, `width` wide, its top left corner at (`x`, `y`).
    public struct Text: Equatable, Sendable {
        public var text: String
        public var x: Double
        public var y: Double
        public var width: Double
        public var isBold: Bool
    }

    /// A horizontal line from `x` to `x + width` at `y`.
    public struct Rule: Equatable, Sendable {
        public var x: Double
        public var y: Double
        public var width: Double
    }

    /// What one page shows; `number` counts from 1.
    public struct Page: Equatable, Sendable {
        public var number: Int
        public var texts: [Text] = []
        public var rules: [Rule] = []
    }

    public let paper: Paper
    /// The font size every text is set in: `baseFontSize`, or less for a table that would not fit otherwise.
    public let fontSize: Double
    /// The distance from one line's top to the next.
    public let lineHeight: Double
    public let pages: [Page]

    /// Space between two columns, and the narrowest a name column gets, in units of the font size.
    static let columnGap = 1.2
    static let narrowestNameColumn = 10.0
    /// The line height, in units of the font size.
    static let lineSpacing = 1.5

    /// How many rows are laid out between two calls of `goOn`.
    static let rowsBetweenProgress = 1024

    /// Lays out `rows` (a name, then a price per size) under `header` (the name column's title, then the size
    /// labels), below `title` and `caption` (in the plain font). `pageLabel(number, count)` words the page number;
    /// `measure(text, bold)` is the width of `text` in the renderer's font at `baseFontSize`. Nil when `goOn`,
    /// asked now and then with the fraction done, says to stop.
    public init?(title: String, caption: String? = nil, header: [String], rows: [[String]], paper: Paper, baseFontSize: Double = 10,
                 pageLabel: (Int, Int) -> String, measure: (String, Bool) -> Double, goOn: (Double) -> Bool = { _ in true }) {
        self.paper = paper
        let priceColumns = header.count - 1
        let rowCount = Double(max(rows.count, 1))
        // Prices repeat across a menu; each is measured once.
        var priceCellWidths: [String: Double] = [:]
        var priceWidths = header.dropFirst().map { measure($0, true) }
        for (index, row) in rows.enumerated() {
            if index % Self.rowsBetweenProgress == 0 && !goOn(Double(index) / rowCount / 2) { return nil }
            for (column, cell) in row.dropFirst().enumerated() where column < priceColumns {
                let width = priceCellWidths[cell] ?? measure(cell, false)
                priceCellWidths[cell] = width
                priceWidths[column] = max(priceWidths[column], width)
            }
        }
        let gap = Self.columnGap * baseFontSize
        let pricesWidth = priceWidths.reduce(0, +) + Double(priceColumns) * gap
        let narrowestName = min(Self.narrowestNameColumn * baseFontSize, paper.contentWidth / 2)
        let scale = min(1, paper.contentWidth / (pricesWidth + narrowestName))
        fontSize = baseFontSize * scale
        lineHeight = fontSize * Self.lineSpacing
        func scaledMeasure(_ text: String, _ bold: Bool) -> Double { measure(text, bold) * scale }

        let left = paper.margin
        let right = paper.width - paper.margin
        let nameWidth = paper.contentWidth - pricesWidth * scale
        // Each price column's right edge; prices line up on it.
        var columnRights: [Double] = []
        var edge = right
        for width in priceWidths.reversed() {
            columnRights.insert(edge, at: 0)
            edge -= (width + gap) * scale
        }

        let footerTop = paper.height - paper.margin - lineHeight
        let rowsBottom = footerTop - lineHeight / 2
        let titleLines = Self.wrap(title, width: paper.contentWidth, bold: true, measure: scaledMeasure)
        let captionLines = caption.map { Self.wrap($0, width: paper.contentWidth, bold: false, measure: scaledMeasure) } ?? []
        let headerNameLines = Self.wrap(header.first ?? "", width: nameWidth, bold: true, measure: scaledMeasure)
        let lineHeight = lineHeight

        var pages: [Page] = []
        var page = Page(number: 1)
        var y = 0.0
        func startPage() {
            page = Page(number: pages.count + 1)
            y = paper.margin
            for line in titleLines {
                page.texts.append(Text(text: line, x: left, y: y, width: scaledMeasure(line, true), isBold: true))
                y += lineHeight
            }
            for line in captionLines {
                page.texts.append(Text(text: line, x: left, y: y, width: scaledMeasure(line, false), isBold: false))
                y += lineHeight
            }
            y += lineHeight / 2
            for (index, line) in headerNameLines.enumerated() {
                page.texts.append(Text(text: line, x: left, y: y + Double(index) * lineHeight, width: scaledMeasure(line, true), isBold: true))
            }
            for (column, label) in header.dropFirst().enumerated() {
                let width = scaledMeasure(label, true)
                page.texts.append(Text(text: label, x: columnRights[column] - width, y: y, width: width, isBold: true))
            }
            y += Double(max(1, headerNameLines.count)) * lineHeight
            page.rules.append(Rule(x: left, y: y + lineHeight / 8, width: paper.contentWidth))
            y += lineHeight / 4
        }
        startPage()
        for (index, row) in rows.enumerated() {
            if index % Self.rowsBetweenProgress == 0 && !goOn(0.5 + Double(index) / rowCount / 2) { return nil }
            let nameLines = Self.wrap(row.first ?? "", width: nameWidth, bold: false, measure: scaledMeasure)
            // A row starts on a fresh page when its first line does not fit; a long name goes on over the break.
            for (index, line) in nameLines.enumerated() {
                if y + lineHeight > rowsBottom {
                    pages.append(page)
                    startPage()
                }
                page.texts.append(Text(text: line, x: left, y: y, width: scaledMeasure(line, false), isBold: false))
                if index == 0 {
                    for (column, cell) in row.dropFirst().enumerated() where column < priceColumns {
                        let width = (priceCellWidths[cell] ?? measure(cell, false)) * scale
                        page.texts.append(Text(text: cell, x: columnRights[column] - width, y: y, width: width, isBold: false))
                    }
                }
                y += lineHeight
            }
        }
        pages.append(page)
        let count = pages.count
        for index in pages.indices {
            let label = pageLabel(index + 1, count)
            let width = scaledMeasure(label, false)
            pages[index].texts.append(Text(text: label, x: left + (paper.contentWidth - width) / 2, y: footerTop, width: width, isBold: false))
        }
        self.pages = pages
    }

    /// The table of `pizzas` (the menu's, or those a search shows) in `menu`'s sizes, with the CSV's figures.
    public static func rows(of pizzas: some Sequence<Pizza>, in menu: Menu) -> [[String]] {
        pizzas.map { pizza in
            [pizza.name] + menu.sizes.map { PriceTable.priceDigits(pizza, $0, menu.measures) }
        }
    }

    /// `text` broken into lines no wider than `width`: between words where it can, inside a word too long for a
    /// line of its own. Line breaks in `text` count as spaces.
    static func wrap(_ text: String, width: Double, bold: Bool, measure: (String, Bool) -> Double) -> [String] {
        let flat = String(text.map { $0.isNewline ? " " : $0 })
        if measure(flat, bold) <= width { return [flat] }
        var lines: [String] = []
        var line = ""
        for word in flat.split(separator: " ", omittingEmptySubsequences: true) {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if measure(candidate, bold) <= width {
                line = candidate
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = ""
            for character in word {
                let longer = line + String(character)
                if !line.isEmpty && measure(longer, bold) > width {
                    lines.append(line)
                    line = String(character)
                } else {
                    line = longer
                }
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
