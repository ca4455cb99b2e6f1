import CCairo
import Foundation

/// A PNG decoded by Cairo, ready to be drawn scaled into a PDF.
final class _PDFDecodedImage {
    /// Feeds PNG bytes to Cairo's reader.
    private final class Reader {
        let data: Data
        var offset = 0
        init(_ data: Data) { self.data = data }
    }

    /// The largest image decoded (width × height), so a hostile header cannot ask for gigabytes.
    static let maximumPixels = 40_000_000

    private let surface: OpaquePointer
    /// The size in pixels.
    let pixelWidth: Int
    let pixelHeight: Int

    /// Decodes PNG data; `nil` when it is not a PNG Cairo can read (or is too large).
    init?(pngData: Data) {
        guard let size = Self.pngSize(pngData), size.width > 0, size.height > 0,
            size.width <= Self.maximumPixels / size.height
        else { return nil }
        let reader = Reader(pngData)
        let read: cairo_read_func_t = { closure, buffer, length in
            guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
            let reader = Unmanaged<Reader>.fromOpaque(closure).takeUnretainedValue()
            let count = Int(length)
            guard reader.data.count - reader.offset >= count else { return CAIRO_STATUS_READ_ERROR }
            let start = reader.data.startIndex + reader.offset
            reader.data.copyBytes(to: buffer, from: start..<(start + count))
            reader.offset += count
            return CAIRO_STATUS_SUCCESS
        }
        let surface = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream(read, Unmanaged.passUnretained(reader).toOpaque())
        }
        guard let surface else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        self.surface = surface
        pixelWidth = max(1, Int(cairo_image_surface_get_width(surface)))
        pixelHeight = max(1, Int(cairo_image_surface_get_height(surface)))
    }

    deinit { cairo_surface_destroy(surface) }

    /// The size in points at 96 pixels per inch, scaled down to fit `maxWidth` × `maxHeight`.
    func size(fitting maxWidth: Double, _ maxHeight: Double) -> (width: Double, height: Double) {
        let width = Double(pixelWidth) * 0.75, height = Double(pixelHeight) * 0.75
        let scale = min(1, maxWidth / width, maxHeight / height)
        return (width * scale, height * scale)
    }

    /// Draws the image scaled into a rectangle.
    func draw(_ cr: OpaquePointer, x: Double, y: Double, width: Double, height: Double) {
        guard width > 0, height > 0 else { return }
        cairo_save(cr)
        cairo_rectangle(cr, x, y, width, height)
        cairo_clip(cr)
        cairo_translate(cr, x, y)
        cairo_scale(cr, width / Double(pixelWidth), height / Double(pixelHeight))
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// Width and height from a PNG's IHDR chunk; `nil` when `data` is not a PNG.
    static func pngSize(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data.prefix(24))
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count == 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        let number = { (offset: Int) in bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }
}
