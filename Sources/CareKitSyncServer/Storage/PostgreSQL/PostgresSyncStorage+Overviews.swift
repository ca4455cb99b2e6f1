import Foundation

/// The dashboard's kept overviews on PostgreSQL (migration 9): read and written in one
/// statement each.
extension PostgresSyncStorage {
    public func keptOverviews(patients: [Int64]) throws -> [Int64: SyncKeptOverview] {
        guard !patients.isEmpty else { return [:] }
        return try run { connection in
            let rows = try connection.query(
                "SELECT patient, revision, json FROM team_overview WHERE patient = ANY($1::bigint[])", [Self.array(patients.map { String($0) })])
            var result: [Int64: SyncKeptOverview] = [:]
            for row in 0..<rows.count { result[rows.int64(row, 0)] = SyncKeptOverview(revision: rows.int64(row, 1), json: Data(rows.string(row, 2).utf8)) }
            return result
        }
    }

    public func keepOverviews(_ overviews: [Int64: SyncKeptOverview]) throws {
        guard !overviews.isEmpty else { return }
        let sorted = overviews.sorted { $0.key < $1.key }
        _ = try run { connection in
            try connection.query(
                """
                INSERT INTO team_overview (patient, revision, json)
                SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[])
                ON CONFLICT (patient) DO UPDATE SET revision = excluded.revision, json = excluded.json WHERE excluded.revision >= team_overview.revision
                """,
                [
                    Self.array(sorted.map { String($0.key) }), Self.array(sorted.map { String($0.value.revision) }),
                    Self.array(sorted.map { String(decoding: $0.value.json, as: UTF8.self) })
                ])
        }
    }
}
