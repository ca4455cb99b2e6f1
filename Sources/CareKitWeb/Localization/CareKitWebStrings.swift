import CareKitLocalization

/// CareKitWeb's localization table, read at first use from its gettext files in
/// Resources/Localization: the English template `CareKitWeb.pot` and a catalog per language.
let _careKitWebStrings = OCKStringTable(
    name: "CareKitWeb", template: PackageResources.CareKitWeb_pot, catalogs: [PackageResources.de_po, PackageResources.es_po, PackageResources.ar_po])

extension OCKStringTable {
    /// CareKitWeb's table (the web app's pages, forms and messages).
    public static var careKitWeb: OCKStringTable { _careKitWebStrings }
}

/// CareKitWeb's text in the current language (``OCKLocalization/language``).
let loc = _careKitWebStrings
