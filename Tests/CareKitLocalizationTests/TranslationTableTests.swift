import CareKit
import CareKitArguments
import CareKitCLI
import CareKitPDF
import CareKitStore
import CareKitTeam
import CareKitUI
import CareKitWeb
import Foundation
import Testing

@testable import CareKitLocalization

/// Every text a module writes through `loc("…")` is in its gettext template and translated in
/// every language's catalog, with the same placeholders; no file keeps a text no module writes
/// any more; the tables the modules use are what their files say.
@Suite struct TranslationTableTests {

    /// The modules with user-facing text and their tables.
    static let modules: [(name: String, table: OCKStringTable)] = [
        ("CareKitUI", .careKitUI), ("CareKit", .careKit), ("CareKitWeb", .careKitWeb), ("CareKitPDF", .careKitPDF), ("CareKitCLI", .careKitCLI),
        ("CareKitArguments", .careKitArguments), ("CareKitStore", .careKitStore), ("CareKitTeam", .careKitTeam)
    ]

    static let translated: [OCKLanguage] = OCKLanguage.supported.filter { $0 != .english }

    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// A key found in the sources: its text, whether it is plural, and where.
    struct UsedKey: Hashable {
        var text: String
        var isPlural: Bool
        var place: String
    }

    /// The keys a module's sources use: `loc("…")`, `loc("…", count: …)` and `loc.key("…")`.
    static func usedKeys(module: String) throws -> [UsedKey] {
        let root = sources.appendingPathComponent(module)
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

    /// A module's gettext files, read from its sources.
    struct Files {
        var templateBytes: [UInt8]
        var template: _POFile
        /// Language code → catalog bytes and the catalog.
        var catalogs: [String: (bytes: [UInt8], file: _POFile)]
    }

    static func files(module: String) throws -> Files {
        let folder = sources.appendingPathComponent(module).appendingPathComponent("Resources/Localization")
        let templateBytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent("\(module).pot")))
        var catalogs: [String: (bytes: [UInt8], file: _POFile)] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name != "\(module).pot" {
            #expect(name.hasSuffix(".po"), "\(module): Resources/Localization holds \(name), neither the template nor a catalog")
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            let file = try _POFile(parsing: bytes)
            #expect(file.language == String(name.dropLast(3)), "\(module)/\(name) says it is in '\(file.language ?? "")'")
            catalogs[file.language ?? name] = (bytes, file)
        }
        return Files(templateBytes: templateBytes, template: try _POFile(parsing: templateBytes), catalogs: catalogs)
    }

    /// The message's key in the tables: a plural text's English plural, else its English text.
    static func key(_ message: _POFile.Message) -> String { message.pluralID ?? message.id }

    @Test(arguments: modules.map(\.name))
    func everyKeyIsTranslatedInEveryLanguage(module: String) throws {
        let files = try Self.files(module: module)
        let template = Dictionary(files.template.messages.map { (Self.key($0), $0) }) { first, _ in first }
        var missing: [String] = []
        for key in try Self.usedKeys(module: module) {
            #expect(!key.text.contains(#"\("#), "\(key.place): '\(key.text)' interpolates a value into a key; use a {placeholder}")
            #expect(!key.text.isEmpty, "\(key.place): an empty key")
            switch template[key.text] {
            case nil: missing.append("\(module).pot: \(key.isPlural ? "msgid_plural" : "msgid") \"\(key.text)\" (\(key.place))")
            case let message? where (message.pluralID != nil) != key.isPlural:
                missing.append("\(module).pot: \"\(key.text)\" is \(key.isPlural ? "plural in \(key.place), not" : "not plural in \(key.place), but") in the template")
            default: break
            }
        }
        for language in Self.translated {
            guard let catalog = files.catalogs[language.code]?.file else {
                missing.append("\(language.code).po: the whole catalog")
                continue
            }
            let messages = Dictionary(catalog.messages.map { (Self.key($0), $0) }) { first, _ in first }
            for entry in files.template.messages {
                let expected = entry.pluralID == nil ? 1 : language.pluralCategories.count
                guard let message = messages[Self.key(entry)], message.id == entry.id, !message.isFuzzy, message.strings.count == expected,
                    message.strings.allSatisfy({ !$0.isEmpty })
                else {
                    missing.append("\(language.code).po: \"\(Self.key(entry))\"\(entry.pluralID == nil ? "" : " (\(expected) plural forms)")")
                    continue
                }
            }
        }
        #expect(missing.isEmpty, "\(module) lacks \(missing.count) texts:\n\(missing.sorted().joined(separator: "\n"))")
    }

    @Test(arguments: modules.map(\.name))
    func translationsKeepTheKeysPlaceholders(module: String) throws {
        let files = try Self.files(module: module)
        for (code, catalog) in files.catalogs {
            for message in catalog.file.messages {
                var expected = Set(OCKStringTable.placeholders(in: Self.key(message)))
                // A plural form may leave out its count ("one day", "يوم واحد").
                if message.pluralID != nil { expected.remove("count") }
                for text in message.strings {
                    var found = Set(OCKStringTable.placeholders(in: text))
                    if message.pluralID != nil { found.remove("count") }
                    #expect(found == expected, "\(module) \(code) '\(Self.key(message))' → '\(text)': placeholders \(found.sorted()) instead of \(expected.sorted())")
                }
            }
        }
    }

    @Test(arguments: modules.map(\.name))
    func filesKeepNoTextThatIsNotUsed(module: String) throws {
        let files = try Self.files(module: module)
        let used = Set(try Self.usedKeys(module: module).map(\.text))
        let stale = files.template.messages.map(Self.key).filter { !used.contains($0) }
        #expect(stale.isEmpty, "\(module).pot keeps texts no source writes: \(stale.sorted())")
        let template = Set(files.template.messages.map { [$0.id, $0.pluralID ?? ""] })
        for (code, catalog) in files.catalogs {
            let extra = catalog.file.messages.filter { !template.contains([$0.id, $0.pluralID ?? ""]) }.map(Self.key)
            #expect(extra.isEmpty, "\(module)'s \(code).po keeps texts its template does not have: \(extra.sorted())")
        }
    }

    /// The table a module uses is the one its files make: every catalog is embedded and read.
    @Test(arguments: modules.map(\.name))
    func theModulesTableIsItsFiles(module: String) throws {
        let table = try #require(Self.modules.first { $0.name == module }?.table)
        let files = try Self.files(module: module)
        let fromFiles = OCKStringTable(name: module, template: files.templateBytes, catalogs: files.catalogs.values.map(\.bytes))
        #expect(Set(table.translations.keys) == Set(["en"] + Self.translated.map(\.code)))
        #expect(table.translations == fromFiles.translations)
    }

    /// Each catalog names its language and the plural rule CareKit counts with, and keeps the
    /// template's format flags (so that `msgfmt --check` compares the placeholders).
    @Test(arguments: modules.map(\.name))
    func catalogsSayTheirLanguageAndPluralRule(module: String) throws {
        let files = try Self.files(module: module)
        #expect(files.template.header["Plural-Forms"] == OCKLanguage.english.gettextPluralForms)
        let flags = Dictionary(files.template.messages.map { (Self.key($0), $0.flags) }) { first, _ in first }
        for message in files.template.messages {
            let texts = [message.id] + (message.pluralID.map { [$0] } ?? [])
            let isFormat = texts.contains { $0.contains("{") } && texts.allSatisfy(Self.bracesArePlaceholders)
            #expect(message.flags.contains("python-brace-format") == isFormat, "\(module).pot \"\(Self.key(message))\": python-brace-format \(isFormat ? "missing" : "on a text that is not one")")
        }
        for language in Self.translated {
            let catalog = try #require(files.catalogs[language.code]?.file, "\(module) has no \(language.code).po")
            #expect(catalog.header["Plural-Forms"] == language.gettextPluralForms, "\(module)/\(language.code).po: Plural-Forms")
            #expect(catalog.header["Content-Type"] == "text/plain; charset=UTF-8", "\(module)/\(language.code).po: Content-Type")
            for message in catalog.messages {
                #expect(message.flags.filter { $0 != "fuzzy" } == flags[Self.key(message)] ?? [], "\(module)/\(language.code).po \"\(Self.key(message))\": flags differ from the template's")
            }
        }
    }

    /// Whether every brace in `text` opens or closes a `{name}` placeholder.
    static func bracesArePlaceholders(_ text: String) -> Bool {
        text.replacing(#/\{[A-Za-z_][A-Za-z0-9_]*\}/#, with: "").allSatisfy { $0 != "{" && $0 != "}" }
    }
}
