import CareKitLocalization

/// CareKitCLI's localization table, read at first use from its gettext files in
/// Resources/Localization: the English template `CareKitCLI.pot` and a catalog per language.
let _careKitCLIStrings = OCKStringTable(
    name: "CareKitCLI", template: PackageResources.CareKitCLI_pot, catalogs: [PackageResources.de_po, PackageResources.es_po, PackageResources.ar_po],
    // A terminal shows the text: no isolation marks to be copied with a path or a date.
    isolatesValues: false)

extension OCKStringTable {
    /// CareKitCLI's table (the command line's messages).
    package static var careKitCLI: OCKStringTable { _careKitCLIStrings }
}

/// CareKitCLI's text in the current language (``OCKLocalization/language``).
let loc = _careKitCLIStrings
