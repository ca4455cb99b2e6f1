/// Escaping of text and attribute values, applied by the renderer to every string.
public enum HTMLEscaping {
    /// Escapes text content: `&`, `<` and `>` become entities, and control characters that
    /// HTML forbids become U+FFFD.
    public static func escapeText(_ text: String) -> String {
        escape(text, quotes: false)
    }

    /// Escapes an attribute value for use between double quotes: `&`, `<`, `>`, `"` and `'`
    /// become entities, and forbidden control characters become U+FFFD.
    public static func escapeAttribute(_ value: String) -> String {
        escape(value, quotes: true)
    }

    private static func escape(_ string: String, quotes: Bool) -> String {
        // Fast path: nothing to escape.
        if !needsWork(string, quotes: quotes) { return string }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(string.utf8.count + 16)
        appendEscaped(string, quotes: quotes, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `string` holds a character that escaping changes, judged on its UTF-8 bytes:
    /// the markup characters, forbidden C0 controls and DEL (single bytes), and C1 controls
    /// (U+0080–U+009F, encoded as 0xC2 followed by 0x80–0x9F).
    private static func needsWork(_ string: String, quotes: Bool) -> Bool {
        // A native string's bytes are read in place, several times faster than through its view.
        string.utf8.withContiguousStorageIfAvailable { needsWork(bytes: $0, quotes: quotes) } ?? needsWorkBytewise(string.utf8, quotes: quotes)
    }

    /// The same judgement on bytes in memory, eight at a time: a word of printable ASCII
    /// without markup characters (nearly every word of a page) is passed with a few integer
    /// operations; any other word is looked at byte by byte. A word without a byte ≥ 0x80
    /// cannot end in a C1 control's lead byte, so no state crosses a passed word.
    private static func needsWork(bytes: UnsafeBufferPointer<UInt8>, quotes: Bool) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let count = bytes.count
        var index = 0
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        // Whether a word (all bytes < 0x80) has a zero byte: exact for that question.
        func hasZero(_ word: UInt64) -> Bool { (word &- ones) & ~word & highs != 0 }
        func has(_ word: UInt64, _ byte: UInt8) -> Bool { hasZero(word ^ (ones &* UInt64(byte))) }
        while index + 8 <= count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            let passes =
                word & highs == 0
                // No byte below 0x20 (subtracting 0x20 from each borrows into its high bit).
                && (word &- ones &* 0x20) & ~word & highs == 0
                && !has(word, 0x7F) && !has(word, UInt8(ascii: "&")) && !has(word, UInt8(ascii: "<")) && !has(word, UInt8(ascii: ">"))
                && !(quotes && (has(word, UInt8(ascii: "\"")) || has(word, UInt8(ascii: "'"))))
            if !passes {
                // A C1 control's lead byte may end this word: judge it with the next byte.
                let end = min(index + 9, count)
                if needsWorkBytewise(UnsafeBufferPointer(rebasing: bytes[index..<end]), quotes: quotes) { return true }
            }
            index += 8
        }
        guard index < count else { return false }
        return needsWorkBytewise(UnsafeBufferPointer(rebasing: bytes[index..<count]), quotes: quotes)
    }

    /// The judgement byte by byte.
    private static func needsWorkBytewise<Bytes: Sequence<UInt8>>(_ bytes: Bytes, quotes: Bool) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"): return true
            case UInt8(ascii: "\""), UInt8(ascii: "'"): if quotes { return true }
            case 0x09, 0x0A, 0x0D: break
            case 0x00..<0x20, 0x7F: return true
            case 0x80...0x9F: if previous == 0xC2 { return true }
            default: break
            }
            previous = byte
        }
        return false
    }

    /// Appends `string` escaped as ``escapeText(_:)`` (`quotes: false`) or
    /// ``escapeAttribute(_:)`` (`quotes: true`) would escape it, as UTF-8 bytes, without
    /// making the escaped string.
    static func appendEscaped(_ string: String, quotes: Bool, to output: inout [UInt8]) {
        let done: Void? = string.utf8.withContiguousStorageIfAvailable { appendEscaped(bytes: $0, quotes: quotes, to: &output) }
        if done == nil { Array(string.utf8).withUnsafeBufferPointer { appendEscaped(bytes: $0, quotes: quotes, to: &output) } }
    }

    /// The one escaping rule, on UTF-8 bytes (a Swift string's are valid UTF-8, so a C1
    /// control is always 0xC2 followed by 0x80–0x9F).
    private static func appendEscaped(bytes: UnsafeBufferPointer<UInt8>, quotes: Bool, to output: inout [UInt8]) {
        if !needsWork(bytes: bytes, quotes: quotes) {
            output.append(contentsOf: bytes)
            return
        }
        let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
        var index = 0
        var runStart = 0
        func flush(_ end: Int) {
            if end > runStart { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<end])) }
        }
        while index < bytes.count {
            let byte = bytes[index]
            let entity: StaticString?
            var width = 1
            switch byte {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\"") where quotes: entity = "&quot;"
            case UInt8(ascii: "'") where quotes: entity = "&#39;"
            case 0x09, 0x0A, 0x0D:
                index += 1
                continue
            case 0x00..<0x20, 0x7F: entity = nil
            case 0xC2 where index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]):
                entity = nil
                width = 2
            default:
                index += 1
                continue
            }
            flush(index)
            if let entity {
                entity.withUTF8Buffer { output.append(contentsOf: $0) }
            } else {
                output.append(contentsOf: replacement)
            }
            index += width
            runStart = index
        }
        flush(bytes.count)
    }

    /// C0 controls other than tab, line feed and carriage return, DEL, and C1 controls.
    static func isForbiddenControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 { return value != 0x09 && value != 0x0A && value != 0x0D }
        return (0x7F...0x9F).contains(value)
    }

    /// Makes a string safe to embed inside a `<style>` element: the sequence `</` cannot occur.
    public static func escapeStyleSheet(_ css: String) -> String {
        // Stylesheets almost never hold `</`: a pass over the bytes says so without Foundation's
        // string search (a page of the care team's dashboard escapes 35 KB of rules each time).
        var previous: UInt8 = 0
        var found = false
        for byte in css.utf8 {
            if previous == UInt8(ascii: "<") && byte == UInt8(ascii: "/") {
                found = true
                break
            }
            previous = byte
        }
        guard found else { return css }
        return css.replacingAll("</", with: "<\\/")
    }
}

extension String {
    /// Replaces every occurrence of `target` (non-empty) with `replacement`, without Foundation.
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty, contains(target) else { return self }
        var result = ""
        var remainder = self[...]
        while let range = remainder.range(of: target) {
            result += remainder[..<range.lowerBound]
            result += replacement
            remainder = remainder[range.upperBound...]
        }
        result += remainder
        return result
    }
}

extension Substring {
    /// The range of the first occurrence of `target`, by characters.
    func range(of target: String) -> Range<Index>? {
        guard let first = target.first else { return nil }
        var index = startIndex
        while index < endIndex {
            if self[index] == first, self[index...].hasPrefix(target) {
                return index..<self.index(index, offsetBy: target.count)
            }
            index = self.index(after: index)
        }
        return nil
    }
}
