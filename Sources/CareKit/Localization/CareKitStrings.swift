import CareKitUI

/// CareKit's localization table: its English keys' Spanish, German and Arabic text (and the
/// English plural forms).
let _careKitStrings = OCKStringTable(
    name: "CareKit", translations: ["en": _careKitEnglish, "es": _careKitSpanish, "de": _careKitGerman, "ar": _careKitArabic])

extension OCKStringTable {
    /// CareKit's table (cards, view controllers, reports).
    public static var careKit: OCKStringTable { _careKitStrings }
}

/// CareKit's text in the current language (``OCKLocalization/language``).
let loc = _careKitStrings
