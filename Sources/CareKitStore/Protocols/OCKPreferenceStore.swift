import Foundation

/// A store that keeps a device's settings beside the patient's data: the keys CareKit reads
/// are ``OCKPreferenceKey``'s (the time zone, the language, the units, the app's passcode).
/// Settings are not versions: they are neither synchronized nor exported, and merges leave
/// them alone.
///
/// `OCKStore` keeps them in its file; ``OCKStoreCoordinator`` forwards them to one of its
/// stores. An app that keeps settings asks its store for this protocol
/// (`store as? any OCKPreferenceStore`), never for a concrete store, so that a coordinator or a
/// custom store can stand behind it. Not in Apple's CareKit, whose apps keep such settings in
/// `UserDefaults` (docs/DEVIATIONS.md).
public protocol OCKPreferenceStore: AnyObject, Sendable {
    /// Whether settings written now are kept. A store that keeps none (a coordinator without
    /// such a store) says false, and refuses writes with the reason.
    var keepsPreferences: Bool { get }

    /// The setting `key`, or nil when it was never set (or was cleared).
    func preference(forKey key: String) async throws -> String?

    /// Sets (or, with nil, clears) the setting `key`.
    func setPreference(_ value: String?, forKey key: String) async throws

    /// Sets (or, for nil values, clears) several settings at once: all of them or, when one
    /// is refused, none.
    func setPreferences(_ values: [String: String?]) async throws
}

extension OCKPreferenceStore {
    /// A store that conforms keeps its settings.
    public var keepsPreferences: Bool { true }

    /// Sets (or, with nil, clears) the setting `key`, as a one-key ``setPreferences(_:)``.
    public func setPreference(_ value: String?, forKey key: String) async throws {
        try await setPreferences([key: value])
    }
}
