import CareKitLocalization

/// CareKitArguments' localization table: its English keys' Spanish, German and Arabic text
/// (usage errors and the headings of help).
let _careKitArgumentsStrings = OCKStringTable(
    name: "CareKitArguments",
    translations: ["en": _careKitArgumentsEnglish, "es": _careKitArgumentsSpanish, "de": _careKitArgumentsGerman, "ar": _careKitArgumentsArabic],
    isolatesValues: false)  // a terminal's text

extension OCKStringTable {
    /// CareKitArguments' table (usage errors and help headings of every tool).
    public static var careKitArguments: OCKStringTable { _careKitArgumentsStrings }
}

/// CareKitArguments' text in the current language (``OCKLocalization/language``).
let loc = _careKitArgumentsStrings
