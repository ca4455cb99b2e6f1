import CareKitUI

/// CareKitWeb's localization table: its English keys' Spanish, German and Arabic text (and the
/// English plural forms).
let _careKitWebStrings = OCKStringTable(
    name: "CareKitWeb", translations: ["en": _careKitWebEnglish, "es": _careKitWebSpanish, "de": _careKitWebGerman, "ar": _careKitWebArabic])

extension OCKStringTable {
    /// CareKitWeb's table (the web app's pages, forms and messages).
    public static var careKitWeb: OCKStringTable { _careKitWebStrings }
}

/// CareKitWeb's text in the current language (``OCKLocalization/language``).
let loc = _careKitWebStrings
