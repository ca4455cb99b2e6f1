/// A gettext PO file as read: its header fields and its messages.
///
/// The subset of the format (GNU gettext manual, "The Format of PO Files") that translators'
/// tools write and CareKit's tables need: comments (`#`, `#.`, `#:`, `#|`; `#,` flags, of
/// which `fuzzy` marks a translation not yet checked; `#~` obsolete messages, skipped),
/// `msgid`, `msgid_plural`, `msgstr` and `msgstr[n]`, each a C string literal that may go on
/// over the lines that follow. The file is UTF-8. A message context (`msgctxt`) is refused: the
/// tables are keyed by English text alone.
struct _POFile: Sendable, Equatable {
    /// One message: its English text and its translation.
    struct Message: Sendable, Equatable {
        /// `msgid`: the English text (a plural text's singular).
        var id: String
        /// `msgid_plural`: a plural text's English plural, or nil.
        var pluralID: String?
        /// `msgstr`, or `msgstr[0]`, `msgstr[1]`, … of a plural text (empty when untranslated).
        var strings: [String]
        /// The `#,` flags ("fuzzy", "python-brace-format").
        var flags: [String]
        /// The line of its `msgid`.
        var line: Int

        /// Whether the translation is marked as not yet checked (gettext leaves it out).
        var isFuzzy: Bool { flags.contains("fuzzy") }
    }

    /// Why a file could not be read, and where.
    struct Problem: Error, Equatable, CustomStringConvertible {
        var line: Int
        var message: String
        var description: String { "line \(line): \(message)" }
    }

    /// The header's fields ("Language" → "de", "Plural-Forms" → "nplurals=2; …").
    var header: [String: String]
    /// The messages, in the file's order (the header left out).
    var messages: [Message]

    /// The file's language (its `Language` header), or nil.
    var language: String? { header["Language"].flatMap { $0.isEmpty ? nil : $0 } }

    /// Reads a PO file's bytes.
    init(parsing bytes: some Sequence<UInt8>) throws(Problem) {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw Problem(line: 1, message: "the file is not UTF-8") }
        var reader = _POReader()
        var number = 0
        // "\r\n" is one Character in Swift: both ends of a line are separators.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            number += 1
            try reader.read(line, at: number)
        }
        try reader.finishMessage()
        var header: [String: String] = [:]
        var messages: [Message] = []
        var lines: [String: Int] = [:]
        for message in reader.messages {
            if message.id.isEmpty && message.pluralID == nil {
                guard lines[""] == nil else { throw Problem(line: message.line, message: "a second header") }
                lines[""] = message.line
                header = Self.fields(message.strings.first ?? "")
                continue
            }
            if let first = lines[message.id] { throw Problem(line: message.line, message: "msgid \"\(message.id)\" is already on line \(first)") }
            lines[message.id] = message.line
            messages.append(message)
        }
        self.header = header
        self.messages = messages
    }

    /// The header's "Name: value" lines.
    private static func fields(_ header: String) -> [String: String] {
        var fields: [String: String] = [:]
        for line in header.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon]).trimmingSpaces] = String(line[line.index(after: colon)...]).trimmingSpaces
        }
        return fields
    }
}

/// The reader's state between lines: the message being read and the field a string line adds to.
private struct _POReader {
    private enum Field: Equatable { case id, pluralID, string(Int) }

    var messages: [_POFile.Message] = []
    private var flags: [String] = []
    private var id: String?
    private var pluralID: String?
    private var strings: [Int: String] = [:]
    private var hasSingleString = false
    private var field: Field?
    private var line = 0

    mutating func read(_ text: Substring, at number: Int) throws(_POFile.Problem) {
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        if trimmed.isEmpty {
            try finishMessage()
        } else if trimmed.hasPrefix("#") {
            if !strings.isEmpty { try finishMessage() }  // a comment after the strings starts the next message
            if trimmed.hasPrefix("#,") {
                flags += trimmed.dropFirst(2).split(separator: ",").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
            }
        } else if trimmed.hasPrefix("\"") {
            guard let field else { throw _POFile.Problem(line: number, message: "a string outside a msgid or msgstr") }
            append(try Self.literal(trimmed, line: number), to: field)
        } else {
            let keyword = trimmed.prefix { $0 != " " && $0 != "\t" && $0 != "\"" }
            let value = try Self.literal(trimmed.dropFirst(keyword.count).drop { $0 == " " || $0 == "\t" }, line: number)
            try start(String(keyword), value, at: number)
        }
    }

    private mutating func start(_ keyword: String, _ value: String, at number: Int) throws(_POFile.Problem) {
        switch keyword {
        case "msgid":
            if id != nil { try finishMessage() }
            id = value
            line = number
            field = .id
        case "msgid_plural":
            guard id != nil, pluralID == nil, strings.isEmpty, !hasSingleString else { throw _POFile.Problem(line: number, message: "msgid_plural out of place") }
            pluralID = value
            field = .pluralID
        case "msgstr":
            guard id != nil, pluralID == nil, !hasSingleString else { throw _POFile.Problem(line: number, message: "msgstr out of place (a plural message has msgstr[0], msgstr[1], …)") }
            hasSingleString = true
            strings[0] = value
            field = .string(0)
        case "msgctxt":
            throw _POFile.Problem(line: number, message: "msgctxt is not used: a message is found by its English text alone")
        default:
            guard keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"), let index = Int(keyword.dropFirst(7).dropLast()), index >= 0 else {
                throw _POFile.Problem(line: number, message: "'\(keyword)' is not a PO keyword")
            }
            guard id != nil, pluralID != nil, index == strings.count else { throw _POFile.Problem(line: number, message: "\(keyword) out of place") }
            strings[index] = value
            field = .string(index)
        }
    }

    private mutating func append(_ value: String, to field: Field) {
        switch field {
        case .id: id? += value
        case .pluralID: pluralID? += value
        case .string(let index): strings[index, default: ""] += value
        }
    }

    /// Ends the message being read (at a blank line, a comment after its strings, or the end).
    mutating func finishMessage() throws(_POFile.Problem) {
        defer {
            (flags, id, pluralID, strings, hasSingleString, field) = ([], nil, nil, [:], false, nil)
        }
        guard let id else { return }
        guard !strings.isEmpty else { throw _POFile.Problem(line: line, message: "msgid \"\(id)\" has no msgstr") }
        messages.append(_POFile.Message(id: id, pluralID: pluralID, strings: (0..<strings.count).map { strings[$0] ?? "" }, flags: flags, line: line))
    }

    /// The value of a C string literal that is all of `text` but for spaces after it.
    private static func literal(_ text: Substring, line: Int) throws(_POFile.Problem) -> String {
        guard text.first == "\"" else { throw _POFile.Problem(line: line, message: "expected a string in double quotes") }
        var value = ""
        var rest = text.dropFirst()
        while let character = rest.first {
            rest = rest.dropFirst()
            switch character {
            case "\"":
                guard rest.allSatisfy({ $0 == " " || $0 == "\t" }) else { throw _POFile.Problem(line: line, message: "text after the closing quote") }
                return value
            case "\\":
                guard let escaped = rest.first else { break }
                rest = rest.dropFirst()
                switch escaped {
                case "n": value += "\n"
                case "t": value += "\t"
                case "r": value += "\r"
                case "\"", "\\": value.append(escaped)
                default: throw _POFile.Problem(line: line, message: "the escape \\\(escaped) is not used in CareKit's files (\\n, \\t, \\r, \\\" and \\\\ are)")
                }
            default:
                value.append(character)
            }
        }
        throw _POFile.Problem(line: line, message: "a string without its closing quote")
    }
}

extension String {
    /// The text without the spaces and tabs around it.
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
