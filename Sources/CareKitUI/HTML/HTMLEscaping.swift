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
        if !string.unicodeScalars.contains(where: { needsWork($0, quotes: quotes) }) {
            return string
        }
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

    private static func needsWork(_ scalar: Unicode.Scalar, quotes: Bool) -> Bool {
        switch scalar {
        case "&", "<", ">": return true
        case "\"", "'": return quotes
        default: return isForbiddenControl(scalar)
        }
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
