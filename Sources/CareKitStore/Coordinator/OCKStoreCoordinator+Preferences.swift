import CareKitLocalization
import Foundation

/// Settings behind a coordinator: one store keeps them, the first attached for writing that
/// keeps settings (an `OCKStore` attached with ``OCKStoreCoordinator/attach(store:)``, usually
/// the first). Reads and writes go to that one store, so what is written is what is read;
/// settings are a device's, not the care plan's, so they are neither fanned out nor merged.
/// Stores attached read-only are never written, so they keep none here.
extension OCKStoreCoordinator: OCKPreferenceStore {

    /// The store that keeps the coordinator's settings, or nil when no store attached for
    /// writing keeps any.
    public var preferenceStore: (any OCKPreferenceStore)? {
        attachedWriters.lazy.compactMap { $0 as? any OCKPreferenceStore }.first { $0 !== self && $0.keepsPreferences }
    }

    /// Whether a store behind the coordinator keeps settings.
    public var keepsPreferences: Bool { preferenceStore != nil }

    /// The setting `key` in ``preferenceStore``; nil when it was never set, or when no store
    /// behind the coordinator keeps settings (none was ever kept).
    public func preference(forKey key: String) async throws -> String? {
        guard let store = preferenceStore else { return nil }
        return try await store.preference(forKey: key)
    }

    /// Sets (or, with nil, clears) the setting `key` in ``preferenceStore``; refused, with the
    /// reason, when no store behind the coordinator keeps settings.
    public func setPreference(_ value: String?, forKey key: String) async throws {
        try await setPreferences([key: value])
    }

    /// Sets (or, for nil values, clears) several settings in ``preferenceStore``, as it sets
    /// them (all or none); refused, with the reason, when no store behind the coordinator keeps
    /// settings.
    public func setPreferences(_ values: [String: String?]) async throws {
        guard let store = preferenceStore else {
            let names = values.keys.sorted().map { "'\($0)'" }.joined(separator: ", ")
            throw OCKStoreError.updateFailed(
                reason: loc(
                    "None of the stores attached to this coordinator keeps settings, so {names} could not be saved; nothing was written. Attach a store that keeps them (an OCKStore, or a store that conforms to OCKPreferenceStore) with attach(store:).",
                    ["names": names]))
        }
        try await store.setPreferences(values)
    }
}
