import CCairo
import CareKitUI
import Foundation

/// A PDF being drawn: the Cairo surface and context, and a Pango font map and context of its
/// own (Pango's default font map is per thread; this one lives exactly as long as the render).
///
/// Not thread-safe; made, used and released inside one call of `PDFDocument.pdfData()`.
final class _PDFCanvas {
    /// Collects the bytes Cairo writes.
    private final class Sink {
        var data = Data()
    }

    let width: Double
    let height: Double
    let cr: OpaquePointer
    private let surface: OpaquePointer
    private let fontMap: OpaquePointer
    private let context: OpaquePointer
    private let sink = Sink()
    private let language: String
    /// Whether the text is written right to left (Arabic): paragraphs are right-to-left and
    /// right-aligned, table columns run from the right.
    let isRightToLeft: Bool

    /// A canvas of pages `width` × `height` points, for text in `language` (a BCP 47 tag).
    init(width: Double, height: Double, language: String) throws(PDFError) {
        self.width = width
        self.height = height
        self.language = language
        self.isRightToLeft = OCKLanguage(tag: language)?.isRightToLeft ?? false
        let write: cairo_write_func_t = { closure, bytes, length in
            guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
            let sink = Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue()
            if let bytes, length > 0 { sink.data.append(bytes, count: Int(length)) }
            return CAIRO_STATUS_SUCCESS
        }
        guard let surface = cairo_pdf_surface_create_for_stream(write, Unmanaged.passUnretained(sink).toOpaque(), width, height) else {
            throw .renderingFailed(reason: "Cairo could not create a PDF surface.")
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            throw .renderingFailed(reason: Self.describe(status))
        }
        guard let fontMap = pango_cairo_font_map_new(), let context = pango_font_map_create_context(fontMap) else {
            cairo_destroy(cr)
            cairo_surface_destroy(surface)
            throw .renderingFailed(reason: "Pango could not create a font map (is fontconfig installed?).")
        }
        self.surface = surface
        self.cr = cr
        self.fontMap = fontMap
        self.context = context
        pango_cairo_context_set_resolution(context, 72)
        pango_cairo_update_context(cr, context)
        let tag = language.isEmpty ? "en" : language
        pango_context_set_language(context, pango_language_from_string(tag))
        pango_context_set_base_dir(context, isRightToLeft ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_WEAK_LTR)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    // MARK: Text

    /// Lays out `text` in `font`, wrapped to `width` points (`nil`: one line per paragraph).
    ///
    /// - Parameters:
    ///   - alignment: Left, center or right, for left-to-right text: mirrored on a right-to-left
    ///     canvas (whose paragraphs are all right to left); on a left-to-right one, Pango
    ///     mirrors it for a right-to-left paragraph.
    ///   - lineSpacing: A multiple of the natural line height; 0 keeps the font's.
    ///   - ellipsized: Cut to one line ending in "…" (needs a width).
    func makeText(
        _ text: String, font: _PDFFont, color: _PDFColor = _PDFStyle.text, width: Double? = nil,
        alignment: PangoAlignment = PANGO_ALIGN_LEFT, lineSpacing: Double = 0, ellipsized: Bool = false
    ) -> _PDFTextBlock {
        // GObject construction never returns NULL (GLib aborts the process when memory runs
        // out), so this unwrap cannot fail on any input.
        let layout = pango_layout_new(context)!
        _PDFTextBlock.sanitize(text).withCString { pango_layout_set_text(layout, $0, -1) }
        if let description = pango_font_description_new() {
            _PDFStyle.fontFamily.withCString { pango_font_description_set_family(description, $0) }
            let size = font.size.isFinite && font.size > 0 ? font.size : 10
            pango_font_description_set_absolute_size(description, size * Double(PANGO_SCALE))
            pango_font_description_set_weight(description, font.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
            pango_layout_set_font_description(layout, description)
            pango_font_description_free(description)
        }
        pango_layout_set_auto_dir(layout, isRightToLeft ? 0 : 1)
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_width(layout, _PDFTextBlock.pangoUnits(width))
        pango_layout_set_alignment(layout, _PDFTextBlock.mirrored(alignment, isRightToLeft))
        if lineSpacing > 0 { pango_layout_set_line_spacing(layout, Float(lineSpacing)) }
        if ellipsized {
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            pango_layout_set_height(layout, -1)
        }
        return _PDFTextBlock(layout: layout, color: color, isRightToLeft: isRightToLeft)
    }

    /// The width of `text` on one line, for measuring words.
    func textWidth(_ text: String, font: _PDFFont) -> Double {
        makeText(text, font: font).naturalWidth
    }

    // MARK: Drawing

    func setColor(_ color: _PDFColor) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
    }

    func fill(x: Double, y: Double, width: Double, height: Double, color: _PDFColor) {
        setColor(color)
        cairo_rectangle(cr, x, y, width, height)
        cairo_fill(cr)
    }

    func line(from start: (x: Double, y: Double), to end: (x: Double, y: Double), color: _PDFColor, width: Double, dash: [Double] = []) {
        cairo_save(cr)
        setColor(color)
        cairo_set_line_width(cr, width)
        cairo_set_dash(cr, dash, Int32(dash.count), 0)
        cairo_move_to(cr, start.x, start.y)
        cairo_line_to(cr, end.x, end.y)
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    /// Which corners of a rectangle are rounded.
    enum RoundedEnd { case all, top, bottom }

    /// A rectangle with rounded corners (radius clamped to fit), as the current path.
    func roundedRect(x: Double, y: Double, width: Double, height: Double, radius: Double, corners: RoundedEnd = .all) {
        let r = max(0, min(radius, width / 2, height / (corners == .all ? 2 : 1)))
        guard r > 0 else {
            cairo_rectangle(cr, x, y, width, height)
            return
        }
        let top = corners != .bottom ? r : 0, bottom = corners != .top ? r : 0
        cairo_new_sub_path(cr)
        if top > 0 {
            cairo_arc(cr, x + width - r, y + r, r, -Double.pi / 2, 0)
        } else {
            cairo_move_to(cr, x + width, y)
        }
        if bottom > 0 {
            cairo_arc(cr, x + width - r, y + height - r, r, 0, Double.pi / 2)
            cairo_arc(cr, x + r, y + height - r, r, Double.pi / 2, Double.pi)
        } else {
            cairo_line_to(cr, x + width, y + height)
            cairo_line_to(cr, x, y + height)
        }
        if top > 0 {
            cairo_arc(cr, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
        } else {
            cairo_line_to(cr, x, y)
        }
        cairo_close_path(cr)
    }

    func showPage() { cairo_show_page(cr) }

    // MARK: Document

    /// Sets the PDF's document information (title, author, creator, creation date).
    func setMetadata(title: String, author: String?, creationDate: Date?) {
        let set = { (key: cairo_pdf_metadata_t, value: String) in
            _PDFTextBlock.sanitize(value).replacingOccurrences(of: "\n", with: " ").withCString {
                cairo_pdf_surface_set_metadata(self.surface, key, $0)
            }
        }
        set(CAIRO_PDF_METADATA_TITLE, title)
        if let author, !author.isEmpty { set(CAIRO_PDF_METADATA_AUTHOR, author) }
        set(CAIRO_PDF_METADATA_CREATOR, "CareKit for Linux")
        if let creationDate, creationDate.timeIntervalSince1970.isFinite {
            let utc = Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC") ?? .gmt)
            set(CAIRO_PDF_METADATA_CREATE_DATE, creationDate.formatted(utc))
        }
    }

    /// Adds a bookmark to the PDF's outline, pointing at `y` on page `page` (from 1).
    func addOutline(_ title: String, page: Int, y: Double) {
        let text = _PDFTextBlock.sanitize(title).replacingOccurrences(of: "\n", with: " ")
        let top = y.isFinite ? Int(min(max(0, y), height).rounded()) : 0
        let attributes = "page=\(page) pos=[0 \(top)]"
        text.withCString { name in
            attributes.withCString { _ = cairo_pdf_surface_add_outline(surface, 0, name, $0, cairo_pdf_outline_flags_t(rawValue: 0)) }
        }
    }

    /// Finishes the PDF and returns its bytes.
    func finish() throws(PDFError) -> Data {
        let drawing = cairo_status(cr)
        guard drawing == CAIRO_STATUS_SUCCESS else { throw .renderingFailed(reason: Self.describe(drawing)) }
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else { throw .renderingFailed(reason: Self.describe(status)) }
        return sink.data
    }

    static func describe(_ status: cairo_status_t) -> String {
        guard let text = cairo_status_to_string(status) else { return "Cairo error \(status.rawValue)." }
        return "Cairo: " + String(cString: text) + "."
    }
}
