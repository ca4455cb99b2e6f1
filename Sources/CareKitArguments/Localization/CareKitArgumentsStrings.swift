import CareKitLocalization

/// CareKitArguments' localization table, read at first use from its gettext files in
/// Resources/Localization: the English template `CareKitArguments.pot` and a catalog per language.
let _careKitArgumentsStrings = OCKStringTable(
    name: "CareKitArguments", template: PackageResources.CareKitArguments_pot, catalogs: [PackageResources.de_po, PackageResources.es_po, PackageResources.ar_po],
    // A terminal shows the text: no isolation marks to be copied with a path or a date.
    isolatesValues: false)

extension OCKStringTable {
    /// CareKitArguments' table (usage errors and help headings of every tool).
    package static var careKitArguments: OCKStringTable { _careKitArgumentsStrings }
}

/// CareKitArguments's text in the current language (``OCKLocalization/language``).
let loc = _careKitArgumentsStrings
