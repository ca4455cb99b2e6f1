import CareKitLocalization

/// CareKitPDF's localization table, read at first use from its gettext files in
/// Resources/Localization: the English template `CareKitPDF.pot` and a catalog per language.
let _careKitPDFStrings = OCKStringTable(
    name: "CareKitPDF", template: PackageResources.CareKitPDF_pot, catalogs: [PackageResources.de_po, PackageResources.es_po, PackageResources.ar_po])

extension OCKStringTable {
    /// CareKitPDF's table (the PDF renderer).
    public static var careKitPDF: OCKStringTable { _careKitPDFStrings }
}

/// CareKitPDF's text in the current language (``OCKLocalization/language``).
let loc = _careKitPDFStrings
