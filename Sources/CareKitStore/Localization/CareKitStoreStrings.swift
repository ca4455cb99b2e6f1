import CareKitLocalization

/// CareKitStore's localization table (the reasons of ``OCKStoreError``), read at first use
/// from its gettext files in Resources/Localization: the English template `CareKitStore.pot` and
/// a catalog per language.
let _careKitStoreStrings = OCKStringTable(
    name: "CareKitStore", template: PackageResources.CareKitStore_pot, catalogs: [PackageResources.de_po, PackageResources.es_po, PackageResources.ar_po],
    // A reason is shown in a terminal as often as on a page: no isolation marks to be copied
    // with a path or an id.
    isolatesValues: false)

extension OCKStringTable {
    /// CareKitStore's table (the reasons of store errors).
    public static var careKitStore: OCKStringTable { _careKitStoreStrings }
}

/// CareKitStore's text in the current language (``OCKLocalization/language``): a reason is
/// written in the language of the task that made the error.
let loc = _careKitStoreStrings
