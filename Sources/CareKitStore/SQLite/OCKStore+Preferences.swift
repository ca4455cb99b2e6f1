import Foundation

/// Settings the patient chose on this device (``OCKPreferenceStore``), kept in the store's
/// file beside their data, in the meta table. They belong to the file, not to the care plan:
/// they are not versions, and they are neither synchronized nor exported.
///
/// Not in Apple's CareKit, whose apps keep such settings in `UserDefaults`; a Linux store file
/// moved to another machine brings them along (docs/DEVIATIONS.md).
extension OCKStore: OCKPreferenceStore {
    /// The keys of the settings CareKit itself reads (``OCKPreferenceKey``).
    public typealias PreferenceKey = OCKPreferenceKey

    /// The setting `key`, or nil when it was never set (or was cleared).
    public func preference(forKey key: String) async throws -> String? {
        let name = Self.metaKey(key)
        return try await read { connection in
            let statement = try connection.prepare("SELECT value FROM meta WHERE key = ?")
            defer { statement.reset() }
            statement.bind(name, at: 1)
            return try statement.step() ? statement.string(0) : nil
        }
    }

    /// Sets (or, with nil, clears) the setting `key`, in one transaction. Refused, changing
    /// nothing, on a read-only or damaged store, or for a key or value that is empty, longer
    /// than 1,000 characters or holds control characters.
    public func setPreference(_ value: String?, forKey key: String) async throws {
        try await setPreferences([key: value])
    }

    /// Sets (or, for nil values, clears) several settings in one transaction: all of them or,
    /// when one is refused (as ``setPreference(_:forKey:)`` refuses it), none.
    public func setPreferences(_ values: [String: String?]) async throws {
        for (key, value) in values {
            if let problem = Self.problem(key: key) ?? value.flatMap(Self.problem(value:)) {
                throw OCKStoreError.updateFailed(reason: loc("{problem} Nothing was saved.", ["problem": problem]))
            }
        }
        try await database().write(.update) { connection in
            let upsert = try connection.prepare("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value")
            let delete = try connection.prepare("DELETE FROM meta WHERE key = ?")
            for (key, value) in values.sorted(by: { $0.key < $1.key }) {
                let statement = value == nil ? delete : upsert
                defer { statement.reset() }
                statement.bind(Self.metaKey(key), at: 1)
                if let value { statement.bind(value, at: 2) }
                try statement.run()
            }
        }
    }

    /// The setting `key` of the store file at `url`, read without opening the store (no
    /// integrity check, no migration, nothing written): for a program that needs one setting
    /// before it decides how to open the store. Nil when the file is missing, is not a CareKit
    /// store, cannot be read, or has no such setting.
    public static func preference(forKey key: String, inStoreAt url: URL) -> String? {
        guard FileManager.default.fileExists(atPath: url.path), _Database.notARegularFile(url.path) == nil else { return nil }
        // Opened as a read-only store would be: a read-only file or folder gets no -wal or -shm
        // file left beside it.
        let plan = _OpenPlan.plan(path: url.path, options: [.readOnly], files: _OpenPlan.Files(path: url.path))
        let (name, flags) = plan.openArguments(path: url.path)
        guard let connection = try? _SQLiteConnection(name: name, flags: flags) else { return nil }
        defer { connection.close() }
        guard (try? connection.scalarInt("PRAGMA application_id")) == _Schema.applicationID,
            let statement = try? connection.prepare("SELECT value FROM meta WHERE key = ?")
        else { return nil }
        defer { statement.reset() }
        statement.bind(metaKey(key), at: 1)
        return (try? statement.step()) == true ? statement.string(0) : nil
    }

    /// The meta table also holds the store's own bookkeeping (`knowledge`, `process_uuid`):
    /// settings live beside it under a prefix no bookkeeping key has.
    static func metaKey(_ key: String) -> String { "preference." + key }

    static func problem(key: String) -> String? {
        if key.isEmpty { return loc("A setting needs a name.") }
        if key.count > 100 || key.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return loc("'{name}…' is not a setting's name: names are short, without control characters.", ["name": String(key.prefix(40))])
        }
        return nil
    }

    static func problem(value: String) -> String? {
        if value.isEmpty { return loc("A setting's value cannot be empty; clear the setting instead.") }
        if value.count > 1_000 || value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return loc("A setting's value must be at most 1,000 characters, without control characters.")
        }
        return nil
    }
}
