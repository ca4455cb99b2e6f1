import Foundation
import Testing

/// Only the store's SQLite/ folder names SQLite: the model, the queries, the protocols, the
/// coordinator, the streams and the steps of a synchronization reach the engine through
/// protocols (`_SynchronizingStore`, `_ExternalChangeWatcher`), so another engine is a folder
/// beside SQLite/, not a change everywhere. And the store reaches SQLite only through
/// CareKitSQLite, never the C library itself.
@Suite("The SQLite seam")
struct SQLiteSeamTests {

    /// `Sources/CareKitStore` of this checkout.
    static let store = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/CareKitStore", isDirectory: true)

    /// Names SQLite's API wherever they stand, comments included.
    static let namedAnywhere = ["sqlite3_", "SQLITE_", "CSQLite", "CareKitSQLite"]

    /// The engine in code (comments may speak of it): SQLite's Swift types and the store's
    /// own wrappers of them, statements prepared or run, and SQL in string literals.
    static var inCode: [Regex<Substring>] {
        [
            /SQLite/,
            /\b_Database\b|\b_SQLBuilder\b|\b_SQLText\b|\b_Knowledge\b|\b_Writer\b/,
            /\.prepare\(|\.execute\(|\.scalarInt\(/,
            /"\s*(?:SELECT|INSERT|UPDATE|DELETE|REPLACE|CREATE|DROP|ALTER|PRAGMA|BEGIN|COMMIT|ROLLBACK|SAVEPOINT|VACUUM|WITH)\s/,
            /^\s*(?:SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM|CREATE (?:TABLE|INDEX|UNIQUE INDEX|TRIGGER|VIEW)|DROP |ALTER TABLE|PRAGMA )/
        ]
    }

    /// The lines of `text` that name SQLite, as `line: text`.
    static func findings(in text: String) -> [String] {
        let patterns = inCode
        var found: [String] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = line.trimmingCharacters(in: .whitespaces).hasPrefix("//") ? "" : line.components(separatedBy: "//").first ?? ""
            if namedAnywhere.contains(where: { line.contains($0) }) || patterns.contains(where: { code.contains($0) }) {
                found.append("\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        return found
    }

    /// Every Swift file of the store, by its path below `Sources/CareKitStore`.
    static func sources() throws -> [(path: String, text: String)] {
        let files = try #require(FileManager.default.enumerator(at: store, includingPropertiesForKeys: nil))
        var result: [(path: String, text: String)] = []
        for case let file as URL in files where file.pathExtension == "swift" {
            let path = String(file.standardizedFileURL.path.dropFirst(store.standardizedFileURL.path.count + 1))
            result.append((path, try String(contentsOf: file, encoding: .utf8)))
        }
        return result.sorted { $0.path < $1.path }
    }

    @Test("No file outside SQLite/ names SQLite, runs a statement or holds SQL")
    func onlyTheSQLiteFolderNamesSQLite() throws {
        let sources = try Self.sources()
        #expect(sources.count > 100, "the store's sources were found at \(Self.store.path)")
        #expect(sources.contains { $0.path.hasPrefix("SQLite/") && !Self.findings(in: $0.text).isEmpty }, "the check sees SQLite where it is")
        for (path, text) in sources where !path.hasPrefix("SQLite/") {
            let found = Self.findings(in: text)
            #expect(found.isEmpty, "\(path) names SQLite outside SQLite/; move that part into SQLite/ behind a protocol:\n\(found.joined(separator: "\n"))")
        }
    }

    @Test("The check finds SQLite's API, statements and SQL, and lets prose and other code be")
    func theCheckSeesSQLite() {
        let offending = [
            "import CSQLite",
            "internal import CareKitSQLite",
            "    sqlite3_step(handle)",
            "    func load(connection: _SQLiteConnection) throws {",
            #"    let statement = try connection.prepare("SELECT 1 FROM task WHERE uuid = ?")"#,
            #"    try connection.execute("DELETE FROM meta WHERE key = 'acknowledged'")"#,
            "            DELETE FROM outcome_value; DELETE FROM outcome;",
            #"    let text = "  INSERT INTO meta (key, value) VALUES (?, ?)""#,
            "    /// The name and flags for `sqlite3_open_v2`."
        ]
        for line in offending { #expect(Self.findings(in: line).count == 1, "\(line)") }
        let clean = [
            "/// OCKStore keeps them in its file, on SQLite, beside the care plan.",
            "    // UPDATE the doc when this changes",
            "    let update = OCKTaskQuery(for: Date())",
            #"    throw OCKStoreError.updateFailed(reason: "Select a task first.")"#,
            "    func merge(_ records: [OCKRevisionRecord]) async throws -> OCKSynchronizationSummary"
        ]
        for line in clean { #expect(Self.findings(in: line).isEmpty, "\(line)") }
    }

    @Test("The store reaches SQLite only through CareKitSQLite")
    func noCLibraryInTheStore() throws {
        for (path, text) in try Self.sources() {
            #expect(!text.contains("import CSQLite"), "\(path) imports the C library; use CareKitSQLite (add what it lacks there)")
        }
        let manifest = try String(contentsOf: Self.store.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Package.swift"), encoding: .utf8)
        let target = try #require(try Regex(#"name:\s*"CareKitStore",\s*dependencies:\s*\[([^\]]*)\]"#).firstMatch(in: manifest), "the CareKitStore target in Package.swift")
        let dependencies = String(try #require(target.output[1].substring))
        #expect(!dependencies.contains("\"CSQLite\""), "CareKitStore depends on CSQLite directly: \(dependencies)")
        #expect(dependencies.contains("\"CareKitSQLite\""))
    }
}
