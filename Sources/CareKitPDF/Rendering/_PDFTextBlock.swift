import CCairo
import Foundation

/// Text laid out by Pango: wrapped to a width, shaped (accents, CJK, right-to-left), split
/// into lines that pagination can place on different pages.
///
/// Owns its `PangoLayout`; the canvas that made it must outlive it.
final class _PDFTextBlock {
    /// One line of the layout, in points relative to the top of the layout.
    struct Line {
        /// The line (owned by the layout; valid while the layout is unchanged).
        var line: OpaquePointer
        /// Top and bottom of the line's slot, including line spacing.
        var top: Double
        var bottom: Double
        /// The baseline.
        var baseline: Double
        /// The left edge of the line (alignment and direction applied).
        var x: Double
    }

    private let layout: OpaquePointer
    /// The colour the text is drawn in.
    var color: _PDFColor
    /// The lines, top to bottom.
    private(set) var lines: [Line] = []
    /// The width of the widest line.
    private(set) var naturalWidth: Double = 0

    /// Whether alignments are mirrored (text on a right-to-left canvas).
    private let isRightToLeft: Bool

    init(layout: OpaquePointer, color: _PDFColor, isRightToLeft: Bool = false) {
        self.layout = layout
        self.color = color
        self.isRightToLeft = isRightToLeft
        measure()
    }

    /// `alignment` for left-to-right text, mirrored (left ↔ right) when `rightToLeft`.
    static func mirrored(_ alignment: PangoAlignment, _ rightToLeft: Bool) -> PangoAlignment {
        guard rightToLeft else { return alignment }
        switch alignment {
        case PANGO_ALIGN_LEFT: return PANGO_ALIGN_RIGHT
        case PANGO_ALIGN_RIGHT: return PANGO_ALIGN_LEFT
        default: return alignment
        }
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

    /// The height of all lines.
    var height: Double { height(of: 0..<lines.count) }

    /// The height of a run of lines.
    func height(of range: Range<Int>) -> Double {
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= lines.count else { return 0 }
        return lines[range.upperBound - 1].bottom - lines[range.lowerBound].top
    }

    /// Wraps the text to `width` points (`nil`: no wrapping) and measures it again; `alignment`
    /// is for left-to-right text (mirrored on a right-to-left canvas).
    func setWidth(_ width: Double?, alignment: PangoAlignment? = nil) {
        pango_layout_set_width(layout, Self.pangoUnits(width))
        if let alignment { pango_layout_set_alignment(layout, Self.mirrored(alignment, isRightToLeft)) }
        measure()
    }

    /// How many lines, starting at `start`, fit in `height` points (at least 0).
    func lineCount(from start: Int, fitting height: Double) -> Int {
        guard start < lines.count else { return 0 }
        var end = start
        while end < lines.count, lines[end].bottom - lines[start].top <= height + 0.01 { end += 1 }
        return end - start
    }

    /// Draws a run of lines with the top of the first one at `y`.
    func draw(_ cr: OpaquePointer, x: Double, y: Double, lines range: Range<Int>) {
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= lines.count else { return }
        let offset = lines[range.lowerBound].top
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        for line in lines[range] {
            cairo_move_to(cr, x + line.x, y + line.baseline - offset)
            pango_cairo_show_layout_line(cr, line.line)
        }
    }

    /// Draws every line with the top of the layout at `y`.
    func draw(_ cr: OpaquePointer, x: Double, y: Double) {
        draw(cr, x: x, y: y, lines: 0..<lines.count)
    }

    private func measure() {
        lines = []
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        naturalWidth = Self.points(logical.width)
        guard let iterator = pango_layout_get_iter(layout) else { return }
        defer { pango_layout_iter_free(iterator) }
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iterator) else { break }
            var top: Int32 = 0, bottom: Int32 = 0
            pango_layout_iter_get_line_yrange(iterator, &top, &bottom)
            var extents = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &extents)
            lines.append(
                Line(
                    line: line, top: Self.points(top), bottom: Self.points(bottom),
                    baseline: Self.points(pango_layout_iter_get_baseline(iterator)), x: Self.points(extents.x)))
        } while pango_layout_iter_next_line(iterator) != 0
    }

    static func points(_ units: Int32) -> Double { Double(units) / Double(PANGO_SCALE) }

    /// Pango units for a width in points; -1 (no wrapping) for `nil` or nonsense.
    static func pangoUnits(_ width: Double?) -> Int32 {
        guard let width, width.isFinite, width > 0 else { return -1 }
        return Int32(min(width, 100_000) * Double(PANGO_SCALE))
    }

    /// Text Pango can take: no NUL or other control characters (tabs become spaces, every
    /// line ending becomes `\n`).
    static func sanitize(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar.value {
            case 0x0A:
                if !previousWasCR { scalars.append("\n") }
            case 0x0D, 0x2028, 0x2029, 0x0B, 0x0C, 0x85:
                scalars.append("\n")
            case 0x09:
                scalars.append(" ")
            case 0x00..<0x20, 0x7F..<0xA0:
                continue
            default:
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}
