import CareKit
import CareKitArguments
import CareKitCLI
import CareKitPDF
import CareKitUI
import CareKitWeb
import Foundation
import Testing

/// Every text a module writes through `loc("…")` has a translation in every language, with the
/// same placeholders; no table keeps a text no module writes any more.
@Suite struct TranslationTableTests {

    /// The modules with user-facing text and their tables.
    static let modules: [(name: String, table: OCKStringTable)] = [
        ("CareKitUI", .careKitUI), ("CareKit", .careKit), ("CareKitWeb", .careKitWeb), ("CareKitPDF", .careKitPDF), ("CareKitCLI", .careKitCLI),
        ("CareKitArguments", .careKitArguments)
    ]

    static let translated: [OCKLanguage] = OCKLanguage.supported.filter { $0 != .english }

    /// A key found in the sources: its text, whether it is plural, and where.
    struct UsedKey: Hashable {
        var text: String
        var isPlural: Bool
        var place: String
    }

    /// The keys a module's sources use: `loc("…")`, `loc("…", count: …)` and `loc.key("…")`.
    static func usedKeys(module: String) throws -> [UsedKey] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources").appendingPathComponent(module)
        guard let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        let pattern = try Regex(#"\bloc(?:\.key)?\(\s*"((?:[^"\\]|\\.)*)"(\s*,\s*count:)?"#)
        var keys: [UsedKey] = []
        for case let file as URL in files where file.pathExtension == "swift" && !file.path.contains("/Localization/") {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: pattern) {
                guard let literal = match.output[1].substring else { continue }
                let key = String(literal).replacingOccurrences(of: #"\""#, with: "\"").replacingOccurrences(of: #"\\"#, with: "\\")
                keys.append(UsedKey(text: key, isPlural: match.output[2].substring != nil, place: file.lastPathComponent))
            }
        }
        return keys
    }

    @Test(arguments: modules.map(\.name))
    func everyKeyIsTranslatedInEveryLanguage(module: String) throws {
        let table = try #require(Self.modules.first { $0.name == module }?.table)
        let keys = try Self.usedKeys(module: module)
        var missing: [String] = []
        for key in keys {
            #expect(!key.text.contains(#"\("#), "\(key.place): '\(key.text)' interpolates a value into a key; use a {placeholder}")
            #expect(!key.text.isEmpty, "\(key.place): an empty key")
            for language in Self.translated {
                if key.isPlural {
                    for category in language.pluralCategories where table.translations[language.code]?["\(key.text)|\(category)"] == nil {
                        missing.append("\(language.code) \(key.text)|\(category) (\(key.place))")
                    }
                } else if table.translations[language.code]?[key.text] == nil {
                    missing.append("\(language.code) \(key.text) (\(key.place))")
                }
            }
            if key.isPlural {
                for category in OCKLanguage.english.pluralCategories where table.translations["en"]?["\(key.text)|\(category)"] == nil {
                    missing.append("en \(key.text)|\(category) (\(key.place))")
                }
            }
        }
        #expect(missing.isEmpty, "\(module) lacks \(missing.count) translations:\n\(missing.sorted().joined(separator: "\n"))")
    }

    @Test(arguments: modules.map(\.name))
    func translationsKeepTheKeysPlaceholders(module: String) throws {
        let table = try #require(Self.modules.first { $0.name == module }?.table)
        for (code, strings) in table.translations {
            for (key, text) in strings {
                let base = key.split(separator: "|", maxSplits: 1).first.map(String.init) ?? key
                var expected = Set(OCKStringTable.placeholders(in: base))
                var found = Set(OCKStringTable.placeholders(in: text))
                // A plural form may leave out its count ("one day", "يوم واحد").
                if key.contains("|") {
                    expected.remove("count")
                    found.remove("count")
                }
                #expect(found == expected, "\(module) \(code) '\(key)' → '\(text)': placeholders \(found.sorted()) instead of \(expected.sorted())")
            }
        }
    }

    @Test(arguments: modules.map(\.name))
    func tablesKeepNoTextThatIsNotUsed(module: String) throws {
        let table = try #require(Self.modules.first { $0.name == module }?.table)
        let used = Set(try Self.usedKeys(module: module).map(\.text))
        for (code, strings) in table.translations {
            let stale = strings.keys.filter { key in
                !used.contains(key.split(separator: "|", maxSplits: 1).first.map(String.init) ?? key)
            }
            #expect(stale.isEmpty, "\(module)'s \(code) table keeps texts no source writes: \(stale.sorted())")
        }
    }
}
