import Foundation
import Testing

@testable import CareKitStore

/// Settings kept in the store file (the patient's time zone): saved in one write, kept when
/// the store is reopened, readable before the store is opened, refused on a read-only file.
@Suite("Preferences in the store file")
struct StorePreferenceTests {
    typealias S = StoreTestSupport
    static let key = OCKStore.PreferenceKey.timeZone

    @Test func aSavedSettingIsThereAfterReopeningAndCanBeCleared() async throws {
        let url = S.temporaryDirectory().appendingPathComponent("care.sqlite")
        let store = OCKStore(url: url)
        #expect(try await store.preference(forKey: Self.key) == nil)
        try await store.setPreference("Asia/Tokyo", forKey: Self.key)
        try await store.setPreference("Europe/Madrid", forKey: Self.key)
        store.close()

        let reopened = OCKStore(url: url)
        #expect(try await reopened.preference(forKey: Self.key) == "Europe/Madrid", "the last value saved")
        #expect(OCKStore.preference(forKey: Self.key, inStoreAt: url) == "Europe/Madrid", "read without opening the store")
        // Settings are not care data: they are no version and are not exported.
        #expect(try await reopened.exportVersions().isEmpty)
        try await reopened.setPreference(nil, forKey: Self.key)
        #expect(try await reopened.preference(forKey: Self.key) == nil)
        #expect(OCKStore.preference(forKey: Self.key, inStoreAt: url) == nil)
        reopened.close()
    }

    @Test("Several settings are written in one transaction: a refused value saves none of them")
    func severalSettingsInOneTransaction() async throws {
        let store = OCKStore(name: "prefs", type: .inMemory)
        let hash = OCKStore.PreferenceKey.passcodeHash, minutes = OCKStore.PreferenceKey.lockMinutes
        try await store.setPreferences([hash: "$argon2id$x", minutes: "5"])
        await #expect(throws: OCKStoreError.self) { try await store.setPreferences([hash: "$argon2id$y", minutes: ""]) }
        #expect(try await store.preference(forKey: hash) == "$argon2id$x")
        #expect(try await store.preference(forKey: minutes) == "5")
        try await store.setPreferences([hash: nil, minutes: nil])
        #expect(try await store.preference(forKey: hash) == nil)
        #expect(try await store.preference(forKey: minutes) == nil)
    }

    @Test func theStoresOwnBookkeepingIsNotASetting() async throws {
        let url = S.temporaryDirectory().appendingPathComponent("care.sqlite")
        let store = OCKStore(url: url)
        try await store.addTask(S.dailyTask("pills"))
        // The meta table's own keys ('process_uuid', 'knowledge') are out of a setting's reach.
        #expect(try await store.preference(forKey: "process_uuid") == nil)
        try await store.setPreference("x", forKey: "knowledge")
        #expect(try await store.fetchTasks(query: OCKTaskQuery()).map(\.id) == ["pills"])
        #expect(try await store.preference(forKey: "knowledge") == "x")
        store.close()
    }

    @Test func badNamesAndValuesAreRefusedAndChangeNothing() async throws {
        let store = OCKStore(url: S.temporaryDirectory().appendingPathComponent("care.sqlite"))
        try await store.setPreference("UTC", forKey: Self.key)
        for (value, key, words) in [("", Self.key, ["cannot be empty"]), ("a\u{7}b", Self.key, ["control characters"]), ("UTC", "", ["needs a name"])] {
            await S.expectError(.updateFailed, mentioning: words + ["Nothing was saved"]) { try await store.setPreference(value, forKey: key) }
        }
        #expect(try await store.preference(forKey: Self.key) == "UTC")
        store.close()
    }

    @Test func aReadOnlyStoreRefusesToSaveAndSaysWhy() async throws {
        let url = S.temporaryDirectory().appendingPathComponent("care.sqlite")
        let writer = OCKStore(url: url)
        try await writer.setPreference("UTC", forKey: Self.key)
        writer.close()
        let reader = OCKStore(url: url, options: [.readOnly])
        #expect(try await reader.preference(forKey: Self.key) == "UTC")
        await S.expectError(.updateFailed, mentioning: ["read-only"]) { try await reader.setPreference("Asia/Tokyo", forKey: Self.key) }
        reader.close()
        #expect(OCKStore.preference(forKey: Self.key, inStoreAt: url) == "UTC")
    }

    @Test func filesThatAreNotStoresHaveNoSettings() throws {
        let folder = S.temporaryDirectory()
        #expect(OCKStore.preference(forKey: Self.key, inStoreAt: folder.appendingPathComponent("missing.sqlite")) == nil)
        let text = folder.appendingPathComponent("notes.txt")
        try Data("not a database".utf8).write(to: text)
        #expect(OCKStore.preference(forKey: Self.key, inStoreAt: text) == nil)
        #expect(try String(contentsOf: text, encoding: .utf8) == "not a database", "left untouched")
    }
}
