import Synchronization

/// The translations of one module's text: for each language but English, the text of each
/// English key. English plural forms are kept with the translations, under "en".
///
/// Plural forms are stored under `key|category` ("{count} days|one").
public struct OCKStringTable: Sendable {
    /// The module's name ("CareKitWeb").
    public let name: String
    /// Language code → English key → text.
    public let translations: [String: [String: String]]

    /// Whether values filled into a right-to-left sentence are isolated (see
    /// ``string(_:_:language:)``): yes for text shown in a browser or a PDF, whose bidi
    /// algorithm reads the marks; no for a terminal's, where they would be copied with a path.
    public let isolatesValues: Bool

    public init(name: String, translations: [String: [String: String]], isolatesValues: Bool = true) {
        self.name = name
        self.translations = translations
        self.isolatesValues = isolatesValues
    }

    /// The text of `key` in `language`, or nil when the table has none.
    public func translation(of key: String, in language: OCKLanguage) -> String? {
        translations[language.code]?[key]
    }

    /// `key` in `language` with its placeholders filled: "{task} at {time}" → "Pills at 8:00".
    /// English is the key itself; a key the language lacks is written in English. In a
    /// right-to-left language each value is isolated (between U+2068 and U+2069), so that a
    /// date, a number or an English task title keeps its own direction inside the sentence.
    public func string(_ key: String, _ arguments: KeyValuePairs<String, String> = [:], language: OCKLanguage) -> String {
        let text = language.code == "en" ? key : (translation(of: key, in: language) ?? key)
        return Self.fill(text, values(arguments, language))
    }

    /// The arguments to fill in; in a right-to-left language, each that holds left-to-right
    /// text (Latin letters, European digits: "Cardio", "10:30") is isolated.
    private func values(_ arguments: KeyValuePairs<String, String>, _ language: OCKLanguage) -> [(key: String, value: String)] {
        arguments.map { argument in
            (argument.key, isolatesValues && language.isRightToLeft && Self.holdsLeftToRightText(argument.value) ? "\u{2068}" + argument.value + "\u{2069}" : argument.value)
        }
    }

    /// Whether `text` has a European digit or a letter of a script other than Arabic's.
    static func holdsLeftToRightText(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            if ("0"..."9").contains(scalar) { return true }
            guard scalar.properties.isAlphabetic else { return false }
            switch scalar.value {
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF: return false  // Hebrew, Arabic, Syriac, Thaana, N'Ko and their forms
            default: return true
            }
        }
    }

    /// The plural form of `key` for `count` in `language`, with `{count}` written in the
    /// language's digits and the other placeholders filled. A missing form falls back to the
    /// language's "other", then to English.
    public func plural(_ key: String, count: Int, _ arguments: KeyValuePairs<String, String> = [:], language: OCKLanguage) -> String {
        let category = language.pluralCategory(count)
        let text =
            translations[language.code]?["\(key)|\(category)"]
            ?? translations[language.code]?["\(key)|other"]
            ?? translations["en"]?["\(key)|\(OCKLanguage.english.pluralCategory(count))"]
            ?? key
        return Self.fill(text, [("count", language.number(count))] + values(arguments, language))
    }

    /// `text` with each `{name}` replaced by its value (in one pass, so a value that contains
    /// braces is not read again).
    static func fill(_ text: String, _ arguments: [(key: String, value: String)]) -> String {
        guard !arguments.isEmpty, text.contains("{") else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let name = rest[rest.index(after: open)..<close]
            if let value = arguments.first(where: { $0.key == name })?.value {
                result += value
            } else {
                result += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        result += rest
        return result
    }

    /// The placeholders of a text ("{count} of {total}" → ["count", "total"]), sorted.
    public static func placeholders(in text: String) -> [String] {
        var names: [String] = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names.sorted()
    }

    // MARK: Tables by name

    /// The table registered as `name`, if any.
    package static func registered(_ name: String) -> OCKStringTable? {
        _registry.withLock { $0[name] }
    }

    /// Makes a table findable by name in ``OCKLocalization/localized(_:tableName:bundle:value:comment:)``
    /// (an app's own text, or one of CareKit's modules' tables such as ``careKitUI``).
    public static func register(_ table: OCKStringTable) {
        _registry.withLock { $0[table.name] = table }
    }
}

private let _registry = Mutex<[String: OCKStringTable]>([:])

// MARK: - Text in the current language

extension OCKStringTable {
    /// `key` in the current language (``OCKLocalization/language``) with its placeholders
    /// filled: each module keeps its table as `loc` and writes `loc("Done")`,
    /// `loc("{task} at {time}", ["task": title, "time": time])`.
    public func callAsFunction(_ key: String, _ arguments: KeyValuePairs<String, String> = [:]) -> String {
        string(key, arguments, language: OCKLocalization.language)
    }

    /// The plural form of `key` for `count` in the current language: `loc("{count} days", count: 3)`.
    public func callAsFunction(_ key: String, count: Int, _ arguments: KeyValuePairs<String, String> = [:]) -> String {
        plural(key, count: count, arguments, language: OCKLocalization.language)
    }
}

extension OCKStringTable {
    /// `key` itself, marked as a key of this table: for text chosen now and written later in
    /// the reader's language (a default tab title, translated when a page shows it). The
    /// missing-key test finds keys by `loc("…")` and `loc.key("…")`.
    public func key(_ key: String) -> String { key }
}
