import CareKitUI

/// CareKitPDF's localization table: its English keys' Spanish, German and Arabic text (and the
/// English plural forms).
let _careKitPDFStrings = OCKStringTable(
    name: "CareKitPDF", translations: ["en": _careKitPDFEnglish, "es": _careKitPDFSpanish, "de": _careKitPDFGerman, "ar": _careKitPDFArabic])

extension OCKStringTable {
    /// CareKitPDF's table (the PDF renderer).
    public static var careKitPDF: OCKStringTable { _careKitPDFStrings }
}

/// CareKitPDF's text in the current language (``OCKLocalization/language``).
let loc = _careKitPDFStrings
