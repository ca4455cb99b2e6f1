/// CareKitUI's localization table, read at first use from its gettext files in
/// Resources/Localization: the English template `CareKitUI.pot` and a catalog per language.
let _careKitUIStrings = OCKStringTable(
    name: "CareKitUI", template: PackageResources.CareKitUI_pot, catalogs: [PackageResources.de_po, PackageResources.es_po, PackageResources.ar_po])

extension OCKStringTable {
    /// CareKitUI's table (views' own text: buttons, states, chart labels).
    public static var careKitUI: OCKStringTable { _careKitUIStrings }
}

/// CareKitUI's text in the current language.
let loc = _careKitUIStrings
