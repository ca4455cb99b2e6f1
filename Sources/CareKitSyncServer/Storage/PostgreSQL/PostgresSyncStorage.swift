import CareKitStore
import Foundation
import Synchronization

/// The sync server's storage for many patients: PostgreSQL through libpq
/// (`carekit sync-server --db postgres://…`).
///
/// Several servers can share one database: a push locks its patient's row, so pushes for one
/// patient are applied one after another whichever server receives them, and each version is
/// kept once per patient (its uuid is the key). Every push is one transaction; a pull reads one
/// snapshot. Statements are prepared once per connection; at most `connections` connections are
/// open; a statement runs at most 15 s. Acknowledged pushes are committed (PostgreSQL's
/// `synchronous_commit`), so they survive a restart of the database.
public final class PostgresSyncStorage: SyncStorage, @unchecked Sendable {
    /// The connection string, as given (a `postgres://` URI or `key=value` pairs).
    public let conninfo: String
    private let pool: _PGPool
    /// The audit trail's appends of the same moment, joined (``appendAudit(_:)``).
    let auditAppends = _GroupCommit<SyncAuditEntry>()
    /// The audit chain's last hash as this server last wrote or read it (nil: not known), so an
    /// append can check it under the chain's lock instead of reading it there.
    let auditHead = Mutex<Data?>(nil)

    /// The schema's migrations, applied in order, each once, in one transaction with the
    /// schema's version (table `carekit_sync_schema`).
    static let migrations: [String] = [
        """
        CREATE TABLE patient (id bigserial PRIMARY KEY, name text NOT NULL UNIQUE, created double precision NOT NULL, knowledge text NOT NULL DEFAULT '');
        CREATE TABLE device_token (hash bytea PRIMARY KEY, patient bigint NOT NULL REFERENCES patient(id), label text NOT NULL, created double precision NOT NULL);
        CREATE TABLE revision (patient bigint NOT NULL REFERENCES patient(id), sequence bigint NOT NULL, knowledge text NOT NULL,
            stored double precision NOT NULL, PRIMARY KEY (patient, sequence));
        CREATE TABLE version (patient bigint NOT NULL, uuid uuid NOT NULL, sequence bigint NOT NULL, position integer NOT NULL, json text NOT NULL,
            PRIMARY KEY (patient, uuid), UNIQUE (patient, sequence, position));
        """,
        // 2: the care team (docs/team.md). The audit trail refuses updates, deletions and TRUNCATE.
        """
        CREATE TABLE clinician (id bigserial PRIMARY KEY, email text NOT NULL UNIQUE, password text NOT NULL, created double precision NOT NULL);
        CREATE TABLE assignment (clinician bigint NOT NULL REFERENCES clinician(id), patient bigint NOT NULL REFERENCES patient(id),
            created double precision NOT NULL, PRIMARY KEY (clinician, patient));
        CREATE TABLE team_session (hash bytea PRIMARY KEY, clinician bigint NOT NULL REFERENCES clinician(id), created double precision NOT NULL,
            last_seen double precision NOT NULL);
        CREATE TABLE audit (id bigserial PRIMARY KEY, at double precision NOT NULL, clinician bigint NOT NULL REFERENCES clinician(id),
            patient bigint NOT NULL REFERENCES patient(id), action text NOT NULL, address text NOT NULL);
        CREATE INDEX audit_patient ON audit(patient, id);
        CREATE FUNCTION carekit_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN RAISE EXCEPTION 'the audit trail is append-only'; END $$;
        CREATE TRIGGER audit_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON audit FOR EACH STATEMENT EXECUTE FUNCTION carekit_audit_append_only();
        """,
        // 3: failed sign-ins, counted in storage so that several servers on one database share them.
        """
        CREATE TABLE login_failure (key text NOT NULL, at double precision NOT NULL);
        CREATE INDEX login_failure_key ON login_failure(key, at);
        CREATE INDEX login_failure_at ON login_failure(at);
        """,
        // 4: the identifiers an administrator gives a patient (an MRN), served on their FHIR Patient.
        """
        CREATE TABLE patient_identifier (patient bigint NOT NULL REFERENCES patient(id), system text NOT NULL, value text NOT NULL,
            updated double precision NOT NULL, PRIMARY KEY (patient, system));
        """,
        // 5: triage: acknowledged alerts, and when a patient's devices last made contact.
        """
        CREATE TABLE alert_ack (patient bigint NOT NULL REFERENCES patient(id), key text NOT NULL, clinician bigint NOT NULL REFERENCES clinician(id),
            at double precision NOT NULL, note text NOT NULL, PRIMARY KEY (patient, key));
        CREATE TABLE patient_contact (patient bigint PRIMARY KEY REFERENCES patient(id), at double precision NOT NULL);
        """,
        // 6: people come and go (revoked tokens, their last use, disabled and removed
        // clinicians) and the audit trail chained by hash: the existing lines get their hashes
        // (chainAudit) with the trigger off for this transaction only, then it is on again.
        """
        ALTER TABLE device_token ADD COLUMN last_used double precision, ADD COLUMN revoked double precision;
        ALTER TABLE clinician ADD COLUMN status text NOT NULL DEFAULT 'active';
        ALTER TABLE audit ALTER COLUMN clinician DROP NOT NULL, ALTER COLUMN patient DROP NOT NULL,
            ADD COLUMN actor text, ADD COLUMN previous bytea, ADD COLUMN hash bytea;
        ALTER TABLE audit DISABLE TRIGGER audit_append_only;
        UPDATE audit SET actor = coalesce((SELECT email FROM clinician WHERE clinician.id = audit.clinician), '');
        """,
        // 7: sign-in attempts are counted before their password is checked, each named so that
        // a right password can uncount its own.
        """
        ALTER TABLE login_failure ADD COLUMN attempt text;
        CREATE INDEX login_failure_attempt ON login_failure(attempt);
        """,
        // 8: two-step sign-in: a clinician's TOTP secret, the last step taken, recovery codes
        // (hashes), and how far each session has come.
        """
        ALTER TABLE clinician ADD COLUMN totp_secret bytea, ADD COLUMN totp_last_step bigint NOT NULL DEFAULT 0;
        ALTER TABLE team_session ADD COLUMN stage text NOT NULL DEFAULT 'signed-in', ADD COLUMN pending_secret bytea;
        CREATE TABLE recovery_code (clinician bigint NOT NULL REFERENCES clinician(id), hash bytea NOT NULL, used double precision,
            PRIMARY KEY (clinician, hash));
        """,
        // 9: the care team's overview of each patient, kept across starts (SyncKeptOverview).
        """
        CREATE TABLE team_overview (patient bigint PRIMARY KEY REFERENCES patient(id), revision bigint NOT NULL, json text NOT NULL);
        """,
        // 10: each patient's latest revision (number, when stored) on their row, so the patient
        // list reads one row a patient instead of an index probe of `revision` each. Kept by the
        // database on every insert into `revision`, whichever server (of whichever version: one
        // still running through an upgrade) stores it.
        """
        ALTER TABLE patient ADD COLUMN latest_sequence bigint NOT NULL DEFAULT 0, ADD COLUMN latest_stored double precision;
        UPDATE patient SET latest_sequence = latest.sequence, latest_stored = latest.stored
        FROM (SELECT DISTINCT ON (patient) patient, sequence, stored FROM revision ORDER BY patient, sequence DESC) latest
        WHERE latest.patient = patient.id;
        CREATE FUNCTION carekit_revision_latest() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                UPDATE patient SET latest_sequence = added.sequence, latest_stored = added.stored
                FROM (SELECT DISTINCT ON (patient) patient, sequence, stored FROM added_revisions ORDER BY patient, sequence DESC) added
                WHERE patient.id = added.patient AND added.sequence > patient.latest_sequence;
                RETURN NULL;
            END $$;
        CREATE TRIGGER revision_latest AFTER INSERT ON revision REFERENCING NEW TABLE AS added_revisions
            FOR EACH STATEMENT EXECUTE FUNCTION carekit_revision_latest();
        """,
        // 11: each revision's prefix knowledge (_RevisionPrefix), filled in code for the
        // revisions already stored.
        """
        ALTER TABLE revision ADD COLUMN prefix text;
        """
    ]

    /// Whether `text` names a PostgreSQL database rather than a file.
    public static func isConnectionString(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// Connects (at most `connections` at once) and brings the schema up to date.
    public init(conninfo: String, connections: Int = 8) throws {
        self.conninfo = conninfo
        pool = _PGPool(conninfo: conninfo, capacity: connections) { connection in
            try connection.execute("SET statement_timeout = '15s'; SET idle_in_transaction_session_timeout = '60s'; SET client_min_messages = warning")
        }
        try run { connection in try Self.migrate(connection) }
    }

    private static func migrate(_ connection: _PGConnection) throws {
        // A current schema is only read: the server's own role may lack the right to change
        // it (docs/deploy.md, "Two roles").
        let found = try connection.query("SELECT to_regclass('carekit_sync_schema') IS NOT NULL")
        if found.string(0, 0) == "t", Int(try connection.query("SELECT max(version) FROM carekit_sync_schema").int64(0, 0)) == migrations.count {
            return
        }
        try connection.transaction {
            // One migrating server at a time; the others wait, then find the schema current.
            try connection.execute("SELECT pg_advisory_xact_lock(1128747865)")  // "CKSY"
            try connection.execute("CREATE TABLE IF NOT EXISTS carekit_sync_schema (version integer NOT NULL)")
            let rows = try connection.query("SELECT version FROM carekit_sync_schema")
            let current = rows.count == 0 ? 0 : Int(rows.int64(0, 0))
            if rows.count == 0 { try connection.query("INSERT INTO carekit_sync_schema (version) VALUES (0)") }
            guard current <= migrations.count else {
                throw SyncStorageError("The database's schema (version \(current)) is newer than this server's (\(migrations.count)); upgrade carekit.")
            }
            for (index, migration) in migrations.enumerated().dropFirst(current) {
                try connection.execute(migration)
                if index + 1 == 6 { try chainAudit(connection) }
                if index + 1 == 11 { try fillRevisionPrefixes(connection) }
            }
            try connection.query("UPDATE carekit_sync_schema SET version = $1", [String(migrations.count)])
        }
    }

    /// Runs `body` with a connection, and says a failure in words.
    func run<T>(_ body: (_PGConnection) throws -> T) throws -> T {
        do {
            return try pool.with(body)
        } catch let error as _PGError {
            throw SyncStorageError("The sync database (PostgreSQL) failed: \(error.message)")
        }
    }

    // MARK: Accounts

    public func addPatient(name: String, created: Date) throws -> SyncPatient {
        try run { connection in
            do {
                let rows = try connection.query("INSERT INTO patient (name, created) VALUES ($1, $2) RETURNING id", [name, Self.text(created)])
                return SyncPatient(id: rows.int64(0, 0), name: name, created: created)
            } catch let error as _PGError where error.isUniqueViolation {
                throw SyncStorageError("A patient named '\(name)' already exists on this server.", isConflict: true)
            }
        }
    }

    public func patients() throws -> [SyncPatient] {
        try run { connection in
            let rows = try connection.query("SELECT id, name, created FROM patient ORDER BY name COLLATE \"C\"")
            return (0..<rows.count).map { SyncPatient(id: rows.int64($0, 0), name: rows.string($0, 1), created: Date(timeIntervalSince1970: rows.double($0, 2))) }
        }
    }

    public func addDeviceToken(hash: Data, patient: Int64, label: String, created: Date) throws {
        _ = try run { connection in
            _ = try connection.query(
                "INSERT INTO device_token (hash, patient, label, created) VALUES (decode($1, 'hex'), $2, $3, $4)",
                [Self.hex(hash), String(patient), label, Self.text(created)])
        }
    }

    public func patient(tokenHash: Data) throws -> SyncPatient? {
        try run { connection in
            let rows = try connection.query(
                """
                SELECT patient.id, patient.name, patient.created FROM device_token JOIN patient ON patient.id = device_token.patient
                WHERE device_token.hash = decode($1, 'hex') AND device_token.revoked IS NULL
                """, [Self.hex(tokenHash)])
            guard rows.count == 1 else { return nil }
            return SyncPatient(id: rows.int64(0, 0), name: rows.string(0, 1), created: Date(timeIntervalSince1970: rows.double(0, 2)))
        }
    }

    // MARK: Revisions

    public func pull(patient: Int64, since: OCKRevisionRecord.KnowledgeVector, after cursor: SyncCursor?, limit: Int) throws -> SyncPullResult {
        try run { connection in
            try connection.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            defer { try? connection.execute("COMMIT") }
            let start = cursor ?? SyncCursor(sequence: 0, position: -1)
            // Positions are PostgreSQL integers: the end of a revision is Int32.max.
            return try _PullPages.page(
                since: since, start: start, limit: limit, endOfRevision: Int64(Int32.max),
                skip: { from in
                    let last = try connection.query("SELECT coalesce(max(sequence), 0) FROM revision WHERE patient = $1", [String(patient)]).int64(0, 0)
                    return try _PullPages.firstUncovered(since: since, from: from, last: last) { atOrAfter in
                        let rows = try connection.query(
                            "SELECT sequence, prefix FROM revision WHERE patient = $1 AND sequence >= $2 ORDER BY sequence LIMIT 1", [String(patient), String(atOrAfter)])
                        guard rows.count == 1 else { return nil }
                        return (rows.int64(0, 0), try rows[0, 1].map(SQLiteSyncStorage.vector))
                    }
                },
                revisions: { from, count in
                    let rows = try connection.query(
                        "SELECT sequence, knowledge FROM revision WHERE patient = $1 AND sequence >= $2 ORDER BY sequence LIMIT $3",
                        [String(patient), String(from), String(count)])
                    return try (0..<rows.count).map { row in (rows.int64(row, 0), try SQLiteSyncStorage.vector(rows.string(row, 1))) }
                },
                versions: { sequence, after, limit in
                    let rows = try connection.query(
                        """
                        SELECT uuid, json, position FROM version WHERE patient = $1 AND sequence = $2 AND position > $3 ORDER BY position LIMIT $4
                        """, [String(patient), String(sequence), String(min(after, Int64(Int32.max))), String(limit)])
                    return (0..<rows.count).compactMap { row in
                        UUID(uuidString: rows.string(row, 0)).map { ($0, Data(rows.string(row, 1).utf8), rows.int64(row, 2)) }
                    }
                },
                knowledge: { try knowledge(of: patient, connection) })
        }
    }

    public func push(patient: Int64, revisions: [SyncStoredRevision], deviceKnowledge: OCKRevisionRecord.KnowledgeVector?, at date: Date) throws -> SyncPushOutcome {
        try run { connection in
            // Without versions, looked at first with a plain read: an idle device's push locks
            // no row, takes no transaction id and writes nothing.
            if revisions.allSatisfy(\.versions.isEmpty),
                try _PushKnowledge.changesNothing(knowledge(of: patient, connection), revisions: revisions, device: deviceKnowledge)
            {
                return SyncPushOutcome(stored: 0, alreadyPresent: 0)
            }
            do {
                let outcome = try push(patient: patient, revisions: revisions, deviceKnowledge: deviceKnowledge, at: date, connection)
                // Knowledge only (see SyncStorage.push): committed without waiting for the disk.
                try connection.execute(revisions.allSatisfy(\.versions.isEmpty) ? "SET LOCAL synchronous_commit TO OFF; COMMIT" : "COMMIT")
                return outcome
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
        }
    }

    /// A push inside its transaction (begun here, committed by the caller): three round trips.
    private func push(
        patient: Int64, revisions: [SyncStoredRevision], deviceKnowledge: OCKRevisionRecord.KnowledgeVector?, at date: Date, _ connection: _PGConnection
    ) throws -> SyncPushOutcome {
        let id = String(patient)
        let uuids = Set(revisions.flatMap { $0.versions.map(\.uuid) })
        // The patient's row is the lock: pushes for one patient, on any server, one at a time.
        // What the push then reads is read by a statement that starts after the lock is held
        // (one that waited for the lock would still see its snapshot from before): the patient's
        // knowledge, the last revision's number and which of the pushed versions are stored.
        // The three statements go in one round trip.
        let rows = try connection.lastRows(ofBatch: Self.pushLockAndRead(patient: patient, uuids: uuids))
        guard rows.count == 1, let stored = rows[0, 0] else { throw SyncStorageError("No patient \(patient) on this server.") }
        let current = try SQLiteSyncStorage.vector(stored)
        let knowledge = try _PushKnowledge.after(current, revisions: revisions, device: deviceKnowledge)
        var sequence = rows.int64(0, 1)
        var present = Set(rows.string(0, 2).split(separator: ",").compactMap { UUID(uuidString: String($0)) })
        // The last revision's prefix knowledge; when it is not known, every revision's vector merged.
        var prefix = try rows[0, 3].map(SQLiteSyncStorage.vector) ?? OCKRevisionRecord.KnowledgeVector()
        if rows[0, 3] == nil, sequence > 0 {
            let every = try connection.query("SELECT knowledge FROM revision WHERE patient = $1", [id])
            for row in 0..<every.count { prefix.merge(with: try SQLiteSyncStorage.vector(every.string(row, 0))) }
        }
        // The new revisions and their versions, numbered here, then written with the
        // patient's new knowledge in a second round trip.
        var outcome = SyncPushOutcome(stored: 0, alreadyPresent: 0)
        var revisionSequences: [String] = [], revisionKnowledge: [String] = [], revisionPrefixes: [String] = []
        var versionUUIDs: [String] = [], versionSequences: [String] = [], versionPositions: [String] = [], versionJSON: [String] = []
        for revision in revisions {
            var position = 0
            for version in revision.versions {
                guard present.insert(version.uuid).inserted else {
                    outcome.alreadyPresent += 1
                    continue
                }
                if position == 0 {
                    sequence += 1
                    revisionSequences.append(String(sequence))
                    revisionKnowledge.append(SQLiteSyncStorage.text(revision.knowledgeVector))
                    prefix.merge(with: revision.knowledgeVector)
                    revisionPrefixes.append(SQLiteSyncStorage.text(prefix))
                }
                versionUUIDs.append(version.uuid.uuidString)
                versionSequences.append(String(sequence))
                versionPositions.append(String(position))
                versionJSON.append(String(decoding: version.json, as: UTF8.self))
                position += 1
            }
            outcome.stored += position
        }
        guard !versionUUIDs.isEmpty || knowledge != current else { return outcome }
        try connection.query(
            Self.pushWriteStatement,
            [
                id, Self.array(revisionSequences), Self.array(revisionKnowledge), Self.text(date), Self.array(versionUUIDs),
                Self.array(versionSequences), Self.array(versionPositions), Self.array(versionJSON),
                knowledge == current ? nil : SQLiteSyncStorage.text(knowledge), Self.array(revisionPrefixes)
            ])
        return outcome
    }

    /// A push's first round trip: the transaction begun, the patient's row locked, then (in a
    /// statement of its own, so with a snapshot taken after the lock) their knowledge, their
    /// last revision's number and the pushed uuids already stored (comma-separated). Only a
    /// number and uuids written by `UUID` go into the text (the types say so).
    static func pushLockAndRead(patient: Int64, uuids: Set<UUID>) -> String {
        let list = uuids.map(\.uuidString).joined(separator: ",")
        return """
            BEGIN; SELECT 1 FROM patient WHERE id = \(patient) FOR UPDATE;
            SELECT (SELECT knowledge FROM patient WHERE id = \(patient)),
                (SELECT coalesce(max(sequence), 0) FROM revision WHERE patient = \(patient)),
                (SELECT coalesce(string_agg(uuid::text, ','), '') FROM version WHERE patient = \(patient) AND uuid = ANY('{\(list)}'::uuid[])),
                (SELECT prefix FROM revision WHERE patient = \(patient) ORDER BY sequence DESC LIMIT 1)
            """
    }

    /// A push's write: its revisions (with their prefix knowledge, `$10`), their versions and
    /// the patient's knowledge (unchanged when `$9` is null), in one statement; the patient's
    /// latest revision follows by the trigger of migration 10.
    static let pushWriteStatement = """
        WITH new_revision AS (
            INSERT INTO revision (patient, sequence, knowledge, stored, prefix)
            SELECT $1, s, k, $4, p FROM unnest($2::bigint[], $3::text[], $10::text[]) AS t(s, k, p)
        ), new_version AS (
            INSERT INTO version (patient, uuid, sequence, position, json)
            SELECT $1, u, s, p, j FROM unnest($5::uuid[], $6::bigint[], $7::integer[], $8::text[]) AS t(u, s, p, j)
        )
        UPDATE patient SET knowledge = coalesce($9, knowledge) WHERE id = $1
        """

    /// Migration 11's step in code: the prefix knowledge of every revision stored before it,
    /// in one statement.
    static func fillRevisionPrefixes(_ connection: _PGConnection) throws {
        let rows = try connection.query("SELECT patient, sequence, knowledge FROM revision ORDER BY patient, sequence")
        guard rows.count > 0 else { return }
        let prefixes = try _RevisionPrefix.running((0..<rows.count).map { (rows.int64($0, 0), rows.string($0, 2)) })
        try connection.query(
            """
            UPDATE revision SET prefix = t.prefix FROM unnest($1::bigint[], $2::bigint[], $3::text[]) AS t(patient, sequence, prefix)
            WHERE revision.patient = t.patient AND revision.sequence = t.sequence
            """,
            [array((0..<rows.count).map { rows.string($0, 0) }), array((0..<rows.count).map { rows.string($0, 1) }), array(prefixes)])
    }

    private func knowledge(of patient: Int64, _ connection: _PGConnection) throws -> OCKRevisionRecord.KnowledgeVector {
        let rows = try connection.query("SELECT knowledge FROM patient WHERE id = $1", [String(patient)])
        guard rows.count == 1 else { throw SyncStorageError("No patient \(patient) on this server.") }
        return try SQLiteSyncStorage.vector(rows.string(0, 0))
    }

    // MARK: Values as text

    /// Seconds since 1970, exactly (Swift prints the shortest text that reads back the same).
    static func text(_ date: Date) -> String { String(date.timeIntervalSince1970) }

    static func hex(_ data: Data) -> String { _Hex.string(data) }

    /// A PostgreSQL array literal of texts: each element quoted, `\` and `"` escaped.
    static func array(_ values: [String]) -> String {
        // Byte by byte into one buffer: `\` and `"` are ASCII, so no UTF-8 sequence holds them.
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        bytes.reserveCapacity(values.reduce(2) { $0 + $1.utf8.count + 3 })
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "\""))
            for byte in value.utf8 {
                if byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\"") { bytes.append(UInt8(ascii: "\\")) }
                bytes.append(byte)
            }
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension Array {
    /// The elements in consecutive pieces of at most `size`.
    func chunked(into size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: Swift.max(1, size)).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
