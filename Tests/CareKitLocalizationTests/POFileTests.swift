import Testing

@testable import CareKitLocalization

/// The gettext PO reader, and tables made from PO files.
@Suite struct POFileTests {

    static func parse(_ text: String) throws(_POFile.Problem) -> _POFile { try _POFile(parsing: Array(text.utf8)) }

    static let german = #"""
        # A translator's comment.
        msgid ""
        msgstr ""
        "Language: de\n"
        "Content-Type: text/plain; charset=UTF-8\n"
        "Plural-Forms: nplurals=2; plural=(n != 1);\n"

        #. Shown on a button.
        #: Tasks/OCKSimpleTaskView.swift
        msgid "Done"
        msgstr "Erledigt"

        #, python-brace-format
        msgid "{task} at {time}"
        msgstr ""
        "{task} um "
        "{time}"

        #, python-brace-format
        msgid "{count} day left"
        msgid_plural "{count} days left"
        msgstr[0] "noch ein Tag"
        msgstr[1] "noch {count} Tage"
        msgid "Say \"hi\"\n\tnow \\ later"
        msgstr "Sag \"hallo\"\n\tjetzt \\ später"

        #, fuzzy
        msgid "Cancel"
        msgstr "Abbruch?"

        msgid "Save"
        msgstr ""

        #~ msgid "Gone"
        #~ msgstr "Weg"
        """#

    @Test func aCatalogIsReadWithItsHeaderPluralsContinuationsAndEscapes() throws {
        let file = try Self.parse(Self.german)
        #expect(file.language == "de")
        #expect(file.header["Plural-Forms"] == "nplurals=2; plural=(n != 1);")
        #expect(file.messages.map(\.id) == ["Done", "{task} at {time}", "{count} day left", "Say \"hi\"\n\tnow \\ later", "Cancel", "Save"])
        #expect(file.messages[1].strings == ["{task} um {time}"])
        #expect(file.messages[1].flags == ["python-brace-format"])
        #expect(file.messages[2].pluralID == "{count} days left")
        #expect(file.messages[2].strings == ["noch ein Tag", "noch {count} Tage"])
        #expect(file.messages[3].strings == ["Sag \"hallo\"\n\tjetzt \\ später"])
        #expect(file.messages[4].isFuzzy)
        #expect(file.messages[0].line == 10)
    }

    @Test func crlfLinesAndAFileWithoutHeaderAreRead() throws {
        let file = try Self.parse("msgid \"A\"\r\nmsgstr \"B\"\r\n")
        #expect(file.header.isEmpty)
        #expect(file.language == nil)
        #expect(file.messages.map(\.strings) == [["B"]])
    }

    @Test(arguments: [
        ("msgid \"A\"\n", "line 1: msgid \"A\" has no msgstr"),
        ("msgid \"A\"\nmsgstr \"B\"\nmsgid \"A\"\nmsgstr \"C\"\n", "line 3: msgid \"A\" is already on line 1"),
        ("msgctxt \"menu\"\nmsgid \"A\"\nmsgstr \"B\"\n", "line 1: msgctxt is not used: a message is found by its English text alone"),
        ("msgid \"A\nmsgstr \"B\"\n", "line 1: a string without its closing quote"),
        ("msgid \"A\" x\nmsgstr \"B\"\n", "line 1: text after the closing quote"),
        ("msgid \"A\\x41\"\nmsgstr \"B\"\n", #"line 1: the escape \x is not used in CareKit's files (\n, \t, \r, \" and \\ are)"#),
        ("msgid \"A\"\nmsgstr[0] \"B\"\n", "line 2: msgstr[0] out of place"),
        ("msgid \"A\"\nmsgid_plural \"As\"\nmsgstr[1] \"B\"\n", "line 3: msgstr[1] out of place"),
        ("msgid \"A\"\nmsgid_plural \"As\"\nmsgstr \"B\"\n", "line 3: msgstr out of place (a plural message has msgstr[0], msgstr[1], …)"),
        ("\"B\"\n", "line 1: a string outside a msgid or msgstr"),
        ("msgfoo \"A\"\n", "line 1: 'msgfoo' is not a PO keyword"),
        ("msgid A\n", "line 1: expected a string in double quotes")
    ])
    func aDamagedFileIsRefusedWithTheLineAndTheProblem(text: String, problem: String) {
        #expect(throws: _POFile.Problem.self) { try Self.parse(text) }
        do {
            _ = try Self.parse(text)
        } catch {
            #expect(error.description == problem)
        }
    }

    @Test func bytesThatAreNotUTF8AreRefused() {
        #expect(throws: _POFile.Problem(line: 1, message: "the file is not UTF-8")) { try _POFile(parsing: [0x6D, 0xFF, 0xFE]) }
    }

    static let template = #"""
        msgid ""
        msgstr ""
        "Plural-Forms: nplurals=2; plural=(n != 1);\n"

        msgid "Done"
        msgstr ""

        msgid "{count} day left"
        msgid_plural "{count} days left"
        msgstr[0] ""
        msgstr[1] ""
        """#

    static let arabic = #"""
        msgid ""
        msgstr ""
        "Language: ar\n"

        msgid "Done"
        msgstr "تم"

        msgid "{count} day left"
        msgid_plural "{count} days left"
        msgstr[0] "لا أيام"
        msgstr[1] "يوم واحد"
        msgstr[2] "يومان"
        msgstr[3] "{count} أيام"
        msgstr[4] "{count} يومًا"
        msgstr[5] "{count} يوم"
        """#

    @Test func aTableReadsTheEnglishFormsFromTheTemplateAndEachLanguagesFromItsCatalog() {
        let table = OCKStringTable(
            name: "Test", template: Array(Self.template.utf8),
            catalogs: [Array(Self.german.utf8), Array(Self.arabic.utf8), Array("msgid \"\"\nmsgstr \"Language: fr\\n\"\n\nmsgid \"Done\"\nmsgstr \"Fait\"\n".utf8)])
        #expect(table.translations["en"] == ["{count} days left|one": "{count} day left", "{count} days left|other": "{count} days left"])
        #expect(table.plural("{count} days left", count: 1, language: .english) == "1 day left")
        #expect(table.plural("{count} days left", count: 1, language: .german) == "noch ein Tag")
        #expect(table.plural("{count} days left", count: 4, language: .german) == "noch 4 Tage")
        #expect(table.plural("{count} days left", count: 2, language: .arabic) == "يومان")
        #expect(table.plural("{count} days left", count: 11, language: .arabic) == "١١ يومًا")
        #expect(table.string("{task} at {time}", ["task": "Pillen", "time": "8:00"], language: .german) == "Pillen um 8:00")
        // A fuzzy or empty translation is English; a language CareKit does not speak is left out.
        #expect(table.string("Cancel", language: .german) == "Cancel")
        #expect(table.translation(of: "Save", in: .german) == nil)
        #expect(table.translations["de"]?["Gone"] == nil)
        #expect(Set(table.translations.keys) == ["en", "de", "ar"])
    }

    @Test func aFileThatCannotBeReadAddsNothing() {
        let table = OCKStringTable(name: "Test", template: Array("msgid \"A\"\n".utf8), catalogs: [Array("msgid \"Done\"\nmsgstr \"Erledigt\"\n".utf8)])
        #expect(table.translations.isEmpty)
        #expect(table.string("Done", language: .german) == "Done")
    }
}
