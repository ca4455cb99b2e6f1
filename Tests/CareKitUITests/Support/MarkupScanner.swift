/// A small HTML tokenizer for tests: the start tags of a document with their attributes, as a
/// browser would read them (quoted and unquoted values, entity-decoded).
struct MarkupScanner {
    struct Tag: Equatable {
        var name: String
        var attributes: [(name: String, value: String)]

        static func == (lhs: Tag, rhs: Tag) -> Bool {
            lhs.name == rhs.name && lhs.attributes.map(\.name) == rhs.attributes.map(\.name)
                && lhs.attributes.map(\.value) == rhs.attributes.map(\.value)
        }
    }

    static func startTags(_ html: String) -> [Tag] {
        let chars = Array(html)
        var tags: [Tag] = []
        var i = 0
        while i < chars.count {
            guard chars[i] == "<", i + 1 < chars.count, chars[i + 1].isLetter else {
                i += 1
                continue
            }
            i += 1
            var name = ""
            while i < chars.count, !chars[i].isWhitespace, chars[i] != ">", chars[i] != "/" {
                name.append(chars[i]); i += 1
            }
            var attributes: [(String, String)] = []
            while i < chars.count, chars[i] != ">" {
                if chars[i].isWhitespace || chars[i] == "/" { i += 1; continue }
                var attribute = ""
                while i < chars.count, !chars[i].isWhitespace, chars[i] != "=", chars[i] != ">", chars[i] != "/" {
                    attribute.append(chars[i]); i += 1
                }
                var value = ""
                if i < chars.count, chars[i] == "=" {
                    i += 1
                    if i < chars.count, chars[i] == "\"" || chars[i] == "'" {
                        let quote = chars[i]
                        i += 1
                        while i < chars.count, chars[i] != quote { value.append(chars[i]); i += 1 }
                        i += 1
                    } else {
                        while i < chars.count, !chars[i].isWhitespace, chars[i] != ">" { value.append(chars[i]); i += 1 }
                    }
                }
                attributes.append((attribute.lowercased(), decode(value)))
            }
            tags.append(Tag(name: name.lowercased(), attributes: attributes))
            // Raw text elements: skip to their end tag.
            if name.lowercased() == "style" || name.lowercased() == "script" {
                let end = "</" + name.lowercased()
                while i < chars.count, !String(chars[i..<min(chars.count, i + end.count)]).lowercased().hasPrefix(end) { i += 1 }
            }
        }
        return tags
    }

    static func decode(_ value: String) -> String {
        value.replacingAll("&quot;", with: "\"").replacingAll("&#39;", with: "'")
            .replacingAll("&lt;", with: "<").replacingAll("&gt;", with: ">").replacingAll("&amp;", with: "&")
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        components(separatedBy: target).joined(separator: replacement)
    }

    func components(separatedBy separator: String) -> [String] {
        var parts: [String] = []
        var rest = self[...]
        while let range = rest.range(of: separator) {
            parts.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        parts.append(String(rest))
        return parts
    }
}
