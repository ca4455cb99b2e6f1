import CareKitUI

/// CareKitWeb's localization table: its English keys' Spanish, German and Arabic text (and the
/// English plural forms).
let _careKitWebStrings = OCKStringTable(
    name: "CareKitWeb",
    translations: [
        "en": _careKitWebEnglish,
        "es": _careKitWebSpanish.merging(_careKitWebPagesSpanish) { shell, _ in shell },
        "de": _careKitWebGerman.merging(_careKitWebPagesGerman) { shell, _ in shell },
        "ar": _careKitWebArabic.merging(_careKitWebPagesArabic) { shell, _ in shell }
    ])

extension OCKStringTable {
    /// CareKitWeb's table (the web app's pages, forms and messages).
    public static var careKitWeb: OCKStringTable { _careKitWebStrings }
}

/// CareKitWeb's text in the current language (``OCKLocalization/language``).
let loc = _CareKitWebText(table: _careKitWebStrings)

/// CareKitWeb's table as its pages write with it: `loc("…")`, `loc("{task} at {time}", [...])`,
/// `loc("{count} days", count: n)`, `loc.key("…")`. In a right-to-left language each value filled
/// into a sentence is isolated (between U+2068 and U+2069), so a date, a time, a number or an
/// English task title keeps its own direction inside an Arabic sentence; in a left-to-right
/// language the text is the table's.
struct _CareKitWebText: Sendable {
    let table: OCKStringTable

    func callAsFunction(_ key: String, _ arguments: KeyValuePairs<String, String> = [:]) -> String {
        let language = OCKLocalization.language
        guard language.isRightToLeft, !arguments.isEmpty else { return table.string(key, arguments, language: language) }
        return Self.isolating(table.string(key, language: language), arguments)
    }

    func callAsFunction(_ key: String, count: Int, _ arguments: KeyValuePairs<String, String> = [:]) -> String {
        let language = OCKLocalization.language
        guard language.isRightToLeft, !arguments.isEmpty else { return table.plural(key, count: count, arguments, language: language) }
        return Self.isolating(table.plural(key, count: count, language: language), arguments)
    }

    func key(_ key: String) -> String { table.key(key) }

    /// `text` with each `{name}` of `arguments` replaced by its value between the first-strong
    /// isolate and the pop directional isolate; other braces are kept.
    static func isolating(_ text: String, _ arguments: KeyValuePairs<String, String>) -> String {
        let pieces = text.split(separator: "{", omittingEmptySubsequences: false)
        var result = String(pieces.first ?? "")
        for piece in pieces.dropFirst() {
            let parts = piece.split(separator: "}", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2, let value = arguments.first(where: { $0.key == parts[0] })?.value {
                result += "\u{2068}" + value + "\u{2069}" + parts[1]
            } else {
                result += "{" + piece
            }
        }
        return result
    }
}
