import Gtk
import MenuSession
import PizzaModel

/// The price list on paper (`PriceListPages`), drawn on a `PageCanvas`: printed through the print dialog
/// (Print…), or written as a PDF file (Export PDF… and `--export-pdf`) with the same pages. Its prices are bare
/// figures, as in the CSV; the caption under the title names their currency.
enum PriceListPrint {
    /// The size of every text before a wide table is set smaller.
    static let fontSize = 10.0

    /// The paper of the locale (`LC_PAPER`): Letter where it is used, A4 everywhere else.
    static var localPaper: PriceListPages.Paper { PaperSize.defaultName == "na_letter" ? .letter : .a4 }

    /// The title on every page: the menu file's name and today's date.
    static func title(menuPath: FilePath) -> String {
        // Translators: the title on every page of the printed price list: %1$s is the menu file's name, %2$s today's date.
        String(translating: "%1$s, %2$s", MenuFiles.fileName(of: menuPath), LocalDate.today)
    }

    /// The caption under the title: the currency of the prices, which are figures without a sign, as in the CSV.
    static func caption(_ currency: Currency) -> String {
        let sign = Messages.moneyFormat.symbol(of: currency)
        // Translators: under the printed price list's title (its prices have no sign); %s is a currency's code, "CHF".
        guard sign != currency.code else { return String(translating: "Prices in %s", sign) }
        // Translators: under the printed price list's title (its prices have no sign); %1$s is a currency's code, %2$s its sign.
        return String(translating: "Prices in %1$s (%2$s)", currency.code, sign)
    }

    /// The pages of `pizzas` in `menu`'s sizes on `paper`, measured with `canvas`'s font; nil when `goOn` said to stop.
    static func pages(of pizzas: [Pizza], in menu: Menu, title: String, paper: PriceListPages.Paper, canvas: PageCanvas,
                      goOn: (Double) -> Bool = { _ in true }) -> PriceListPages? {
        // Translators: the header of the names' column in the printed price list.
        PriceListPages(title: title, caption: caption(menu.measures.currency), header: [String(translating: "Pizza")] + menu.sizes.map(\.label),
                       rows: PriceListPages.rows(of: pizzas, in: menu), paper: paper, baseFontSize: fontSize,
                       // Translators: at the foot of each page of the printed price list.
                       pageLabel: { String(translating: "Page %1$s of %2$s", $0, $1) },
                       measure: { canvas.textWidth($0, size: fontSize, bold: $1) }, goOn: goOn)
    }

    /// Draws `page` of `pages` on `canvas`.
    static func draw(_ page: PriceListPages.Page, of pages: PriceListPages, on canvas: PageCanvas) {
        for text in page.texts {
            canvas.drawText(text.text, x: text.x, y: text.y, size: pages.fontSize, bold: text.isBold)
        }
        for rule in page.rules {
            canvas.drawRule(x: rule.x, y: rule.y, width: rule.width, lineWidth: 0.75)
        }
    }

    /// The price list of `pizzas` as a PDF file, or nil when cairo could not make it or `goOn` (asked now and
    /// then with the fraction done: laying out is the first half, drawing the second) says to stop.
    static func pdf(of pizzas: [Pizza], in menu: Menu, title: String, paper: PriceListPages.Paper,
                    goOn: (Double) -> Bool = { _ in true }) -> [UInt8]? {
        let document = PDFDocument(width: paper.width, height: paper.height)
        document.setTitle(title)
        guard let pages = pages(of: pizzas, in: menu, title: title, paper: paper, canvas: document.canvas,
                                goOn: { goOn($0 / 2) }) else { return nil }
        for (index, page) in pages.pages.enumerated() {
            guard goOn(0.5 + Double(index) / Double(pages.pages.count) / 2) else { return nil }
            draw(page, of: pages, on: document.canvas)
            document.endPage()
        }
        return document.finish()
    }

    /// Print… (Ctrl+P): what was typed is applied first, then the print dialog prints the pizzas the list shows
    /// (a search limits them), in the price list's order while it is open, on the paper chosen there.
    @MainActor
    static func start(over window: Window, runner: AppRunner, then failed: @escaping @MainActor (String) -> Void) {
        guard runner.send(.menu(.commitTyped))?.refused != true else { return }
        let menu = runner.state.menu
        let pizzas = runner.state.pizzasOnPaper
        let title = title(menuPath: menu.path)
        let operation = PrintOperation()
        operation.setJobName(title)
        var laidOut: PriceListPages?
        operation.onBeginPrint { operation, context in
            let pages = pages(of: pizzas, in: menu.menu, title: title, paper: paper(of: context), canvas: context.makeCanvas())
            laidOut = pages
            operation.setPageCount(pages?.pages.count ?? 0)
        }
        operation.onDrawPage { _, context, number in
            guard let pages = laidOut, pages.pages.indices.contains(number) else { return }
            draw(pages.pages[number], of: pages, on: context.makeCanvas())
        }
        operation.onDone { _, result in
            if case .failed(let reason) = result { failed(reason) }
        }
        if case .failed(let reason) = operation.run(.printDialog, parent: window) { failed(reason) }
    }

    /// The sheet a print context draws on, with the price list's margins.
    @MainActor
    static func paper(of context: PrintContext) -> PriceListPages.Paper {
        PriceListPages.Paper(width: context.width, height: context.height, margin: PriceListPages.Paper.a4.margin)
    }
}
