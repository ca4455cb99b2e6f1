/// CareKitUI's localization table: its English keys' Spanish, German and Arabic text (and the
/// English plural forms).
let _careKitUIStrings = OCKStringTable(
    name: "CareKitUI", translations: ["en": _careKitUIEnglish, "es": _careKitUISpanish, "de": _careKitUIGerman, "ar": _careKitUIArabic])

extension OCKStringTable {
    /// CareKitUI's table (views' own text: buttons, states, chart labels).
    public static var careKitUI: OCKStringTable { _careKitUIStrings }
}

/// CareKitUI's text in the current language.
let loc = _careKitUIStrings
