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
        var result = ""
        result.reserveCapacity(string.utf8.count + 16)
        for scalar in string.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quotes: result += "&quot;"
            case "'" where quotes: result += "&#39;"
            default:
                if isForbiddenControl(scalar) {
                    result.unicodeScalars.append("\u{FFFD}")
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// Whether `string` holds a character that escaping changes, judged on its UTF-8 bytes:
    /// the markup characters, forbidden C0 controls and DEL (single bytes), and C1 controls
    /// (U+0080–U+009F, encoded as 0xC2 followed by 0x80–0x9F).
    private static func needsWork(_ string: String, quotes: Bool) -> Bool {
        // A native string's bytes are read in place, several times faster than through its view.
        string.utf8.withContiguousStorageIfAvailable { needsWork(bytes: $0, quotes: quotes) } ?? needsWork(bytes: string.utf8, quotes: quotes)
    }

    private static func needsWork<Bytes: Sequence<UInt8>>(bytes: Bytes, quotes: Bool) -> Bool {
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

    /// C0 controls other than tab, line feed and carriage return, DEL, and C1 controls.
    static func isForbiddenControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 { return value != 0x09 && value != 0x0A && value != 0x0D }
        return (0x7F...0x9F).contains(value)
    }

    /// Makes a string safe to embed inside a `<style>` element: the sequence `</` cannot occur.
    public static func escapeStyleSheet(_ css: String) -> String {
        css.replacingAll("</", with: "<\\/")
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
