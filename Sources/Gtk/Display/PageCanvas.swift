internal import CGtk

/// A paper page drawn with cairo, in points (1/72 inch) from the page's top left corner, its text set with Pango
/// at 72 dpi with unhinted metrics, so that a text measured at one size is in proportion at another. It draws on
/// a `PDFDocument`'s page or on a printed page (`PrintContext.canvas`), and touches nothing of the screen:
/// a PDF is made without a display, on any thread (one canvas per thread).
public final class PageCanvas {
    private let cairo: OpaquePointer
    /// Owned: `pango_cairo_create_context` hands over a reference, released in `deinit`.
    private let pango: OpaquePointer

    /// The font family of every text.
    public static let fontFamily = "Sans"

    /// `pango_cairo_create_context` on `cairo`, which must outlive the canvas, then
    /// `pango_cairo_context_set_resolution` (72), `pango_cairo_context_set_font_options` (no metric hinting) and
    /// `pango_context_set_round_glyph_positions` (false: at 72 dpi a whole pixel is a whole point).
    init(cairo: OpaquePointer) {
        self.cairo = cairo
        pango = pango_cairo_create_context(cairo)
        pango_cairo_context_set_resolution(pango, 72)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        pango_cairo_context_set_font_options(pango, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(pango, 0)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pango)) }

    /// `pango_layout_new` with `text` set in `fontFamily` at `size` points, bold or regular. The caller unrefs it.
    private func layout(_ text: String, size: Double, bold: Bool) -> OpaquePointer {
        let layout = pango_layout_new(pango)!
        let font = pango_font_description_new()
        pango_font_description_set_family(font, Self.fontFamily)
        pango_font_description_set_weight(font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_font_description_set_size(font, gint(size * Double(PANGO_SCALE)))
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_text(layout, text, -1)
        return layout
    }

    /// `pango_layout_get_extents`: how wide `text` is set at `size` points (its logical extent).
    public func textWidth(_ text: String, size: Double, bold: Bool) -> Double {
        let layout = layout(text, size: size, bold: bold)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return Double(logical.x + logical.width) / Double(PANGO_SCALE)
    }

    /// `cairo_move_to` and `pango_cairo_show_layout`: paints `text` in black, one line, its top left corner at (x, y).
    public func drawText(_ text: String, x: Double, y: Double, size: Double, bold: Bool) {
        let layout = layout(text, size: size, bold: bold)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        cairo_set_source_rgb(cairo, 0, 0, 0)
        cairo_move_to(cairo, x, y)
        pango_cairo_show_layout(cairo, layout)
    }

    /// `cairo_move_to`, `cairo_line_to` and `cairo_stroke`: a black horizontal line from `x` to `x + width` at `y`.
    public func drawRule(x: Double, y: Double, width: Double, lineWidth: Double) {
        cairo_set_source_rgb(cairo, 0, 0, 0)
        cairo_set_line_width(cairo, lineWidth)
        cairo_move_to(cairo, x, y)
        cairo_line_to(cairo, x + width, y)
        cairo_stroke(cairo)
    }
}

/// The key under which a PDF surface holds its sink (`cairo_surface_set_user_data`); its address is what counts.
nonisolated(unsafe) private let sinkKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

/// Wraps a cairo PDF surface (`cairo_pdf_surface_create_for_stream`) that writes the file into memory, and a
/// `cairo_t` on it: draw a page on `canvas`, end it with `endPage`, and `finish` gives the file's bytes.
public final class PDFDocument {
    /// Where cairo's write function puts the bytes. The surface holds a retained reference to it, released by the
    /// destroy-notify of `cairo_surface_set_user_data` when cairo frees the surface, after its last write.
    private final class Sink {
        var bytes: [UInt8] = []
    }

    private let sink = Sink()
    private let surface: OpaquePointer
    private let cairo: OpaquePointer
    /// What each page is drawn on.
    public let canvas: PageCanvas
    private var finished = false

    /// `cairo_pdf_surface_create_for_stream` with pages `width` × `height` points, and `cairo_create` on it.
    public init(width: Double, height: Double) {
        let retained = Unmanaged.passRetained(sink).toOpaque()
        surface = cairo_pdf_surface_create_for_stream({ closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }, retained, width, height)
        if cairo_surface_set_user_data(surface, sinkKey, retained, { Unmanaged<Sink>.fromOpaque($0!).release() }) != CAIRO_STATUS_SUCCESS {
            Unmanaged<Sink>.fromOpaque(retained).release()
        }
        cairo = cairo_create(surface)
        canvas = PageCanvas(cairo: cairo)
    }

    deinit {
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
    }

    /// `cairo_pdf_surface_set_metadata` (`CAIRO_PDF_METADATA_TITLE`): the title a PDF viewer shows.
    public func setTitle(_ title: String) { cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title) }

    /// `cairo_show_page`: the page drawn so far is done; drawing goes on on a new one.
    public func endPage() { cairo_show_page(cairo) }

    /// `cairo_surface_finish`, then `cairo_surface_status`: the whole file, or nil when cairo failed to make it
    /// (out of memory). The document takes no more drawing after it.
    public func finish() -> [UInt8]? {
        guard !finished else { return sink.bytes }
        finished = true
        cairo_surface_finish(surface)
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, cairo_status(cairo) == CAIRO_STATUS_SUCCESS else { return nil }
        return sink.bytes
    }
}

/// The paper size this computer's locale uses (`LC_PAPER`), as GTK names it.
public enum PaperSize {
    /// `gtk_paper_size_get_default`: `"na_letter"` in the US and Canada, `"iso_a4"` elsewhere. Needs no display.
    public static var defaultName: String {
        gtk_paper_size_get_default().map { String(cString: $0) } ?? "iso_a4"
    }
}

/// Today's date in the local time zone.
public enum LocalDate {
    /// `g_date_time_new_now_local` and `g_date_time_format` (`%Y-%m-%d`): today as `2026-12-04`.
    public static var today: String {
        guard let now = g_date_time_new_now_local() else { return "" }
        defer { g_date_time_unref(now) }
        guard let text = g_date_time_format(now, "%Y-%m-%d") else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }
}
