extension OCKStringTable {
    /// A table read from gettext PO files: `template` (the `.pot` file, whose messages are the
    /// English text; a plural text's `msgid` and `msgid_plural` are its English "one" and
    /// "other" forms) and one catalog per language (a `.po` file, whose `Language` header says
    /// which). A module keeps its files in `Resources/Localization` and embeds them
    /// (`resources: [.embedInCode("Resources/Localization")]`).
    ///
    /// A plural text is found by its `msgid_plural`, and its `msgstr[n]` are the forms of the
    /// language's plural categories in order (``OCKLanguage/pluralCategories``, which the
    /// catalog's `Plural-Forms` header numbers the same way). An empty or fuzzy translation is
    /// left out, so the text is shown in English. A file that cannot be read, or whose language
    /// CareKit does not speak, adds nothing (the tests read every file CareKit ships).
    public init(name: String, template: [UInt8], catalogs: [[UInt8]], isolatesValues: Bool = true) {
        var translations: [String: [String: String]] = [:]
        if let template = try? _POFile(parsing: template) {
            translations["en"] = Self.texts(of: template, categories: OCKLanguage.english.pluralCategories, english: true)
        }
        for bytes in catalogs {
            guard let catalog = try? _POFile(parsing: bytes), let language = catalog.language.flatMap(OCKLanguage.init(tag:)) else { continue }
            translations[language.code, default: [:]].merge(Self.texts(of: catalog, categories: language.pluralCategories, english: false)) { first, _ in first }
        }
        self.init(name: name, translations: translations, isolatesValues: isolatesValues)
    }

    /// A file's texts keyed as ``translations`` keeps them: a plain text by its English text, a
    /// plural form by "English plural|category". The template gives only its plural texts'
    /// English forms (every other English text is its key).
    static func texts(of file: _POFile, categories: [String], english: Bool) -> [String: String] {
        var texts: [String: String] = [:]
        for message in file.messages where !message.isFuzzy {
            if let plural = message.pluralID {
                let forms = english ? [message.id, plural] : message.strings
                for (category, form) in zip(categories, forms) where !form.isEmpty {
                    texts["\(plural)|\(category)"] = form
                }
            } else if !english, let text = message.strings.first, !text.isEmpty {
                texts[message.id] = text
            }
        }
        return texts
    }
}
