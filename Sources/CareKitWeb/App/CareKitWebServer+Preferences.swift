import CareKitStore

/// Where the app keeps the patient's settings (language, units, time zone, the passcode): in
/// the store, through ``CareKitStore/OCKPreferenceStore``, whatever store it is (an `OCKStore`,
/// a coordinator, a custom store that conforms).
extension CareKitWebServer {
    /// The store's settings, or nil when the store keeps none: then the language and the units
    /// are kept in each browser's cookies only, and the app cannot have a passcode.
    var preferences: (any OCKPreferenceStore)? { Self.preferences(of: store) }

    static func preferences(of store: any OCKAnyStoreProtocol) -> (any OCKPreferenceStore)? {
        guard let settings = store as? any OCKPreferenceStore, settings.keepsPreferences else { return nil }
        return settings
    }
}
