import Foundation

/// What ``OCKStore/exportReadableVersions()`` could read.
public struct OCKRescuedVersions: Hashable, Sendable {
    /// Every version that could be read, patients first, then care plans, contacts, tasks and
    /// outcomes (the order of ``OCKStore/exportVersions()``).
    public var entities: [OCKEntity]
    /// What could not be read, one sentence per kind of entity; empty when nothing was lost.
    public var unreadable: [String]
}

extension OCKStore {

    /// Every version that can still be read, for saving what a damaged store holds: like
    /// ``exportVersions()``, but a kind of entity whose table cannot be read in one go is read
    /// one version at a time (found through the table and each of its indexes), so a damaged
    /// page costs only the versions stored on it. ``OCKRescuedVersions/unreadable`` says what
    /// was lost.
    ///
    /// - Complexity: O(*n*) queries for a kind that cannot be read in one go.
    public func exportReadableVersions() async throws -> OCKRescuedVersions {
        try await read { connection in
            var rescue = _Rescue(connection: connection)
            let entities =
                rescue.all(OCKPatient.self).map(OCKEntity.patient)
                + rescue.all(OCKCarePlan.self).map(OCKEntity.carePlan)
                + rescue.all(OCKContact.self).map(OCKEntity.contact)
                + rescue.all(OCKTask.self).map(OCKEntity.task)
                + rescue.all(OCKOutcome.self).map(OCKEntity.outcome)
            return OCKRescuedVersions(entities: entities, unreadable: rescue.unreadable)
        }
    }
}

/// Reads what it can of each table, noting what it cannot.
private struct _Rescue {
    let connection: _SQLiteConnection
    var unreadable: [String] = []

    init(connection: _SQLiteConnection) {
        self.connection = connection
    }

    mutating func all<Entity: _StoredEntity>(_ type: Entity.Type) -> [Entity] {
        let failure: _SQLiteError
        do {
            return try _SQLBuilder().fetch(Entity.self, orderBy: ["t.seq", "t.row"], limit: nil, offset: 0, connection: connection, cache: nil)
        } catch let error as _SQLiteError {
            failure = error
        } catch {
            failure = _SQLiteError(code: 0, message: "\(error)")
        }
        let rows = rowIDs(of: Entity.table)
        var found: [Entity] = []
        for row in rows.sorted() {
            var builder = _SQLBuilder()
            builder.add("t.row = ?", .integer(row))
            if let entity = try? builder.fetch(Entity.self, orderBy: [], limit: nil, offset: 0, connection: connection, cache: nil).first {
                found.append(entity)
            }
        }
        let lost = rows.count - found.count
        if rows.isEmpty {
            unreadable.append("No \(Entity.noun) version could be read (SQLite: \(failure.message)).")
        } else {
            unreadable.append(
                "\(found.count) \(Entity.noun) version\(found.count == 1 ? " was" : "s were") read one at a time\(lost > 0 ? "; \(lost) of the \(rows.count) found could not be read" : ""), and any stored only on a damaged page were not found (SQLite: \(failure.message))."
            )
        }
        return found
    }

    /// The row ids a table's b-tree and each of its indexes still lead to: a damaged page of
    /// one leaves the others' entries readable.
    private func rowIDs(of table: String) -> Set<Int64> {
        var rows = Set<Int64>()
        var sources = ["SELECT row FROM \(table)"]
        if let statement = try? connection.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?") {
            statement.bind(table, at: 1)
            while (try? statement.step()) == true {
                let name = statement.string(0)
                sources.append("SELECT row FROM \(table) INDEXED BY \"\(name.replacingOccurrences(of: "\"", with: "\"\""))\"")
            }
            statement.reset()
        }
        for sql in sources {
            // A partial index cannot serve a query without its condition: it fails to prepare.
            guard let statement = try? connection.prepare(sql) else { continue }
            while (try? statement.step()) == true { rows.insert(statement.int64(0)) }
            statement.reset()
        }
        return rows
    }
}
