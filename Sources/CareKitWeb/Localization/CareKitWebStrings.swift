import CareKitUI

/// CareKitWeb's localization table: its English keys' Spanish, German and Arabic text (and the
/// English plural forms).
let _careKitWebStrings = OCKStringTable(
    name: "CareKitWeb",
    translations: [
        "en": _careKitWebEnglish,
        "es": _careKitWebSpanish.merging(_careKitWebPagesSpanish) { shell, _ in shell }.merging(_careKitWebMeasurementSpanish) { shell, _ in shell },
        "de": _careKitWebGerman.merging(_careKitWebPagesGerman) { shell, _ in shell }.merging(_careKitWebMeasurementGerman) { shell, _ in shell },
        "ar": _careKitWebArabic.merging(_careKitWebPagesArabic) { shell, _ in shell }.merging(_careKitWebMeasurementArabic) { shell, _ in shell }
    ])

extension OCKStringTable {
    /// CareKitWeb's table (the web app's pages, forms and messages).
    public static var careKitWeb: OCKStringTable { _careKitWebStrings }
}

/// CareKitWeb's text in the current language (``OCKLocalization/language``).
let loc = _careKitWebStrings
