import CareKitSyncServer
import Foundation

/// The throwaway PostgreSQL server that `scripts/with-postgres` starts for the tests
/// (`CAREKIT_TEST_POSTGRES`, a libpq URI; `CAREKIT_TEST_POSTGRES_CTL`, its pg_ctl). Each
/// storage gets a schema of its own, so tests never see each other's patients.
package enum TestPostgres {
    /// Whether the sync suite runs on PostgreSQL (`CAREKIT_SYNC_STORAGE=postgres`).
    package static var selected: Bool { ProcessInfo.processInfo.environment["CAREKIT_SYNC_STORAGE"] == "postgres" }

    package struct Missing: Error, CustomStringConvertible {
        package var description: String {
            "No test PostgreSQL: run the tests through `make test` or `scripts/with-postgres swift test …`, which start one."
        }
    }

    package static func url() throws -> String {
        guard let url = ProcessInfo.processInfo.environment["CAREKIT_TEST_POSTGRES"], !url.isEmpty else { throw Missing() }
        return url
    }

    /// The server's control script: `stop`, `start`, `restart` (with pg_ctl's options after it).
    package static func control() throws -> String {
        guard let script = ProcessInfo.processInfo.environment["CAREKIT_TEST_POSTGRES_CTL"], !script.isEmpty else { throw Missing() }
        return script
    }

    /// A new schema, or the one a name gave before; its connection URI.
    package static func schemaURL(reopening name: String? = nil) throws -> String {
        let base = try url()
        // A name's letters and digits (test paths hold a UUID), or a new UUID's.
        let source = name ?? UUID().uuidString
        let schema = "t_" + String(source.lowercased().filter { $0.isASCII && ($0.isLetter || $0.isNumber) }.suffix(48))
        let admin = try _PGConnection(conninfo: base)
        try admin.execute("CREATE SCHEMA IF NOT EXISTS \(schema)")
        return base + "&options=-c%20search_path%3D\(schema)"
    }

    package static func storage(reopening name: String? = nil, connections: Int = 8) throws -> PostgresSyncStorage {
        try PostgresSyncStorage(conninfo: try schemaURL(reopening: name), connections: connections)
    }
}
