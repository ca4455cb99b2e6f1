import Foundation
import Testing

@testable import CareKitStore

/// Settings behind a coordinator (`OCKPreferenceStore`): kept by the first store attached for
/// writing that keeps them, read from that same store, and refused in words when none does.
@Suite("Coordinator: settings")
struct CoordinatorPreferenceTests {
    typealias S = StoreTestSupport

    @Test("Settings go to the first store attached for writing that keeps them, and are read from it")
    func settingsGoToTheFirstStoreThatKeepsThem() async throws {
        let custom = try JSONFileStore(fileURL: S.temporaryDirectory().appendingPathComponent("custom.json"), clock: { Date() })
        let readOnly = OCKStore(name: "read-only", type: .inMemory)
        let first = OCKStore(name: "first", type: .inMemory), second = OCKStore(name: "second", type: .inMemory)
        let coordinator = OCKStoreCoordinator()
        coordinator.attach(store: custom)
        coordinator.attachReadOnly(eventStore: readOnly)
        coordinator.attach(eventStore: first)
        coordinator.attach(store: second)
        #expect(coordinator.keepsPreferences)
        #expect(coordinator.preferenceStore === first, "a custom store without settings and a read-only attachment are passed over")

        try await coordinator.setPreferences([OCKPreferenceKey.language: "es-ES", OCKPreferenceKey.measurementSystem: "metric"])
        #expect(try await first.preference(forKey: OCKPreferenceKey.language) == "es-ES")
        #expect(try await coordinator.preference(forKey: OCKPreferenceKey.measurementSystem) == "metric")
        for other in [readOnly, second] { #expect(try await other.preference(forKey: OCKPreferenceKey.language) == nil) }
        try await coordinator.setPreference(nil, forKey: OCKPreferenceKey.language)
        #expect(try await first.preference(forKey: OCKPreferenceKey.language) == nil)

        // The store's own rules stand: a refused value saves none of the settings.
        await #expect(throws: OCKStoreError.self) {
            try await coordinator.setPreferences([OCKPreferenceKey.passcodeHash: "$argon2id$x", OCKPreferenceKey.lockMinutes: ""])
        }
        #expect(try await first.preference(forKey: OCKPreferenceKey.passcodeHash) == nil)
    }

    @Test("Without a store that keeps settings, reads find none and writes are refused with the reason")
    func noStoreKeepsSettings() async throws {
        let coordinator = OCKStoreCoordinator()
        #expect(!coordinator.keepsPreferences)
        coordinator.attach(store: try JSONFileStore(fileURL: S.temporaryDirectory().appendingPathComponent("custom.json"), clock: { Date() }))
        coordinator.attachReadOnly(eventStore: OCKStore(name: "read-only", type: .inMemory))
        #expect(!coordinator.keepsPreferences && coordinator.preferenceStore == nil)
        #expect(try await coordinator.preference(forKey: OCKPreferenceKey.timeZone) == nil)
        do {
            try await coordinator.setPreferences([OCKPreferenceKey.timeZone: "Europe/Madrid", OCKPreferenceKey.language: "de"])
            Issue.record("saved without a store that keeps settings")
        } catch let error as OCKStoreError {
            #expect(
                error.reason
                    == "None of the stores attached to this coordinator keeps settings, so 'language', 'time-zone' could not be saved; nothing was written. Attach a store that keeps them (an OCKStore, or a store that conforms to OCKPreferenceStore) with attach(store:)."
            )
        }
    }

    @Test("An OCKStore's settings keys are CareKit's keys")
    func theKeysAreShared() {
        #expect(OCKStore.PreferenceKey.timeZone == OCKPreferenceKey.timeZone)
        #expect(OCKStore.PreferenceKey.passcodeHash == "passcode-hash")
    }
}
