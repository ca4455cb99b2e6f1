import CareKitUI

/// CareKitCLI's localization table: its English keys' Spanish, German and Arabic text (and the
/// English plural forms).
let _careKitCLIStrings = OCKStringTable(
    name: "CareKitCLI", translations: ["en": _careKitCLIEnglish, "es": _careKitCLISpanish, "de": _careKitCLIGerman, "ar": _careKitCLIArabic],
    // A terminal shows the text: no isolation marks to be copied with a path or a date.
    isolatesValues: false)

extension OCKStringTable {
    /// CareKitCLI's table (the command line's messages).
    package static var careKitCLI: OCKStringTable { _careKitCLIStrings }
}

/// CareKitCLI's text in the current language (``OCKLocalization/language``).
let loc = _careKitCLIStrings
