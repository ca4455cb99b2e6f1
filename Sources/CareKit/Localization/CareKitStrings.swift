import CareKitUI

/// CareKit's localization table: its English keys' Spanish, German and Arabic text (and the
/// English plural forms).
let _careKitStrings = OCKStringTable(
    name: "CareKit",
    translations: [
        "en": _careKitEnglish,
        "es": _careKitSpanish.merging(_careKitMeasurementSpanish) { shared, _ in shared },
        "de": _careKitGerman.merging(_careKitMeasurementGerman) { shared, _ in shared },
        "ar": _careKitArabic.merging(_careKitMeasurementArabic) { shared, _ in shared }
    ])

extension OCKStringTable {
    /// CareKit's table (cards, view controllers, reports).
    public static var careKit: OCKStringTable { _careKitStrings }
}

/// CareKit's text in the current language (``OCKLocalization/language``).
let loc = _careKitStrings
