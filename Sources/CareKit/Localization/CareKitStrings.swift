import CareKitLocalization

/// CareKit's localization table, read at first use from its gettext files in
/// Resources/Localization: the English template `CareKit.pot` and a catalog per language.
let _careKitStrings = OCKStringTable(
    name: "CareKit", template: PackageResources.CareKit_pot, catalogs: [PackageResources.de_po, PackageResources.es_po, PackageResources.ar_po])

extension OCKStringTable {
    /// CareKit's table (cards, view controllers, reports, measurements).
    public static var careKit: OCKStringTable { _careKitStrings }
}

/// CareKit's text in the current language (``OCKLocalization/language``).
let loc = _careKitStrings
