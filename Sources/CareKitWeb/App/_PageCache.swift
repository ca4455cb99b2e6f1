import CareKitHTTP
import Foundation
import Synchronization

/// Rendered pages of the current store generation. Rendering uses a random placeholder in
/// place of the CSRF token (64 hex digits, like a real one, so it cannot be guessed or typed
/// into data), which each response replaces with the browser's token.
final class _PageCache: Sendable {
    let placeholderToken = HTTPAccessToken.random()
    /// Each page is kept as the text between placeholders, joined with the token per response.
    private let entries = Mutex<(generation: Int, pages: [String: [String]])>((0, [:]))
    private let capacity = 64

    /// The text between the placeholders (a byte search: the token is plain ASCII).
    func split(_ html: String) -> [String] {
        let needle = Array(placeholderToken.utf8)
        var parts: [String] = []
        var utf8 = Array(html.utf8)
        var start = 0, index = 0
        utf8.withUnsafeMutableBufferPointer { bytes in
            while index + needle.count <= bytes.count {
                if bytes[index] == needle[0] && bytes[index..<index + needle.count].elementsEqual(needle) {
                    parts.append(String(decoding: bytes[start..<index], as: UTF8.self))
                    index += needle.count
                    start = index
                } else {
                    index += 1
                }
            }
            parts.append(String(decoding: bytes[start..<bytes.count], as: UTF8.self))
        }
        return parts
    }

    /// Writes `token` over every placeholder in `page`, a page rendered with the placeholder and
    /// not kept (its cards may be). A browser's token has the placeholder's length (64 hex
    /// digits), so it is written in place; the placeholder's first byte is found with `memchr`.
    func fill(_ page: inout [UInt8], with token: String) {
        let needle = Array(placeholderToken.utf8), replacement = Array(token.utf8)
        guard replacement.count == needle.count, let first = needle.first else {
            page = Array(split(String(decoding: page, as: UTF8.self)).joined(separator: token).utf8)
            return
        }
        page.withUnsafeMutableBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while offset + needle.count <= bytes.count, let found = memchr(base + offset, Int32(first), bytes.count - offset - needle.count + 1) {
                let start = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + start, needle, needle.count) == 0 {
                    for index in 0..<needle.count { bytes[start + index] = replacement[index] }
                    offset = start + needle.count
                } else {
                    offset = start + 1
                }
            }
        }
    }

    func page(for key: String, generation: Int) -> [String]? {
        entries.withLock { $0.generation == generation ? $0.pages[key] : nil }
    }

    func store(_ html: [String], for key: String, generation: Int) {
        entries.withLock { entries in
            if entries.generation != generation {
                // Only pages rendered from the current generation are kept.
                guard generation > entries.generation else { return }
                entries = (generation, [:])
            }
            if entries.pages.count >= capacity { entries.pages.removeAll() }
            entries.pages[key] = html
        }
    }
}
