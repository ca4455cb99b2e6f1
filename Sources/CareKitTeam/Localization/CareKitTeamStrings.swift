import CareKitLocalization

/// CareKitTeam's localization table, read at first use from its gettext files in
/// Resources/Localization: the English template `CareKitTeam.pot` and a catalog per language.
let _careKitTeamStrings = OCKStringTable(
    name: "CareKitTeam", template: PackageResources.CareKitTeam_pot, catalogs: [PackageResources.de_po, PackageResources.es_po, PackageResources.ar_po])

extension OCKStringTable {
    /// CareKitTeam's table (the care team's dashboard: its pages, forms, alerts and refusals).
    public static var careKitTeam: OCKStringTable { _careKitTeamStrings }
}

/// CareKitTeam's text in the current language (``OCKLocalization/language``).
let loc = _careKitTeamStrings

/// `body`'s text in English: what the audit trail keeps (a legal record, in one language
/// whoever reads it) and what the server's log says.
func inEnglish<T>(_ body: () throws -> T) rethrows -> T {
    try OCKLocalization.$language.withValue(.english, operation: body)
}
