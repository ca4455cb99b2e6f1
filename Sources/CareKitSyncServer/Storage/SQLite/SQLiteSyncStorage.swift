import CSQLite
import CareKitSQLite
import CareKitStore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The sync server's embedded storage: one SQLite file (WAL, `synchronous=FULL`, created
/// `0600`), one writer at a time.
public final class SQLiteSyncStorage: SyncStorage, @unchecked Sendable {
    /// The database file, or `:memory:`.
    public let path: String
    let connection: SQLiteConnection
    private let lock = NSLock()
    /// The audit trail's appends of the same moment, joined (``appendAudit(_:)``).
    let auditAppends = _GroupCommit<SyncAuditEntry>()

    /// The schema, created in one transaction with its version (`PRAGMA user_version`).
    static let schema = """
        CREATE TABLE patient (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, created REAL NOT NULL, knowledge TEXT NOT NULL DEFAULT '');
        CREATE TABLE device_token (hash BLOB PRIMARY KEY, patient INTEGER NOT NULL REFERENCES patient(id), label TEXT NOT NULL, created REAL NOT NULL) WITHOUT ROWID;
        CREATE TABLE revision (patient INTEGER NOT NULL REFERENCES patient(id), sequence INTEGER NOT NULL, knowledge TEXT NOT NULL, stored REAL NOT NULL,
            PRIMARY KEY (patient, sequence)) WITHOUT ROWID;
        CREATE TABLE version (patient INTEGER NOT NULL, uuid TEXT NOT NULL, sequence INTEGER NOT NULL, position INTEGER NOT NULL, json BLOB NOT NULL,
            PRIMARY KEY (patient, uuid)) WITHOUT ROWID;
        CREATE UNIQUE INDEX version_order ON version(patient, sequence, position);
        """
    /// The schema's later versions, each applied once, in one transaction with its version
    /// (`PRAGMA user_version`): version 2 holds the care team (docs/team.md), version 3 failed
    /// sign-ins, version 4 patients' identifiers, version 5 acknowledged alerts and last contacts, version 6 revoked tokens, clinicians' status and the chained audit, version 7 named sign-in attempts, version 8 two-step sign-in, version 9 the dashboard's kept overviews, version 10 revisions' prefix knowledge. Never edit one.
    static let migrations: [String] = [
        """
        CREATE TABLE clinician (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE, password TEXT NOT NULL, created REAL NOT NULL);
        CREATE TABLE assignment (clinician INTEGER NOT NULL REFERENCES clinician(id), patient INTEGER NOT NULL REFERENCES patient(id),
            created REAL NOT NULL, PRIMARY KEY (clinician, patient)) WITHOUT ROWID;
        CREATE TABLE team_session (hash BLOB PRIMARY KEY, clinician INTEGER NOT NULL REFERENCES clinician(id), created REAL NOT NULL,
            last_seen REAL NOT NULL) WITHOUT ROWID;
        CREATE TABLE audit (id INTEGER PRIMARY KEY, at REAL NOT NULL, clinician INTEGER NOT NULL REFERENCES clinician(id),
            patient INTEGER NOT NULL REFERENCES patient(id), action TEXT NOT NULL, address TEXT NOT NULL);
        CREATE INDEX audit_patient ON audit(patient, id);
        CREATE TRIGGER audit_never_updated BEFORE UPDATE ON audit BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END;
        CREATE TRIGGER audit_never_deleted BEFORE DELETE ON audit BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END;
        """,
        // 3: failed sign-ins, counted in storage so that several servers on one database share them.
        """
        CREATE TABLE login_failure (key TEXT NOT NULL, at REAL NOT NULL);
        CREATE INDEX login_failure_key ON login_failure(key, at);
        CREATE INDEX login_failure_at ON login_failure(at);
        """,
        // 4: the identifiers an administrator gives a patient (an MRN), served on their FHIR Patient.
        """
        CREATE TABLE patient_identifier (patient INTEGER NOT NULL REFERENCES patient(id), system TEXT NOT NULL, value TEXT NOT NULL,
            updated REAL NOT NULL, PRIMARY KEY (patient, system)) WITHOUT ROWID;
        """,
        // 5: triage: acknowledged alerts, and when a patient's devices last made contact.
        """
        CREATE TABLE alert_ack (patient INTEGER NOT NULL REFERENCES patient(id), key TEXT NOT NULL, clinician INTEGER NOT NULL REFERENCES clinician(id),
            at REAL NOT NULL, note TEXT NOT NULL, PRIMARY KEY (patient, key)) WITHOUT ROWID;
        CREATE TABLE patient_contact (patient INTEGER PRIMARY KEY REFERENCES patient(id), at REAL NOT NULL);
        """,
        // 6: people come and go (revoked tokens, their last use, disabled and removed
        // clinicians) and the audit trail chained by hash: the old table's lines are copied,
        // hashed, into the new one (chainAudit), which then gets its triggers.
        """
        ALTER TABLE device_token ADD COLUMN last_used REAL;
        ALTER TABLE device_token ADD COLUMN revoked REAL;
        ALTER TABLE clinician ADD COLUMN status TEXT NOT NULL DEFAULT 'active';
        DROP TRIGGER audit_never_updated;
        DROP TRIGGER audit_never_deleted;
        DROP INDEX audit_patient;
        ALTER TABLE audit RENAME TO audit_unchained;
        CREATE TABLE audit (id INTEGER PRIMARY KEY, at REAL NOT NULL, clinician INTEGER REFERENCES clinician(id),
            patient INTEGER REFERENCES patient(id), actor TEXT NOT NULL, action TEXT NOT NULL, address TEXT NOT NULL,
            previous BLOB NOT NULL, hash BLOB NOT NULL);
        """,
        // 7: sign-in attempts are counted before their password is checked, each named so that
        // a right password can uncount its own.
        """
        ALTER TABLE login_failure ADD COLUMN attempt TEXT;
        CREATE INDEX login_failure_attempt ON login_failure(attempt);
        """,
        // 8: two-step sign-in: a clinician's TOTP secret, the last step taken, recovery codes
        // (hashes), and how far each session has come.
        """
        ALTER TABLE clinician ADD COLUMN totp_secret BLOB;
        ALTER TABLE clinician ADD COLUMN totp_last_step INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE team_session ADD COLUMN stage TEXT NOT NULL DEFAULT 'signed-in';
        ALTER TABLE team_session ADD COLUMN pending_secret BLOB;
        CREATE TABLE recovery_code (clinician INTEGER NOT NULL REFERENCES clinician(id), hash BLOB NOT NULL, used REAL,
            PRIMARY KEY (clinician, hash)) WITHOUT ROWID;
        """,
        // 9: the care team's overview of each patient, kept across starts (SyncKeptOverview).
        """
        CREATE TABLE team_overview (patient INTEGER PRIMARY KEY REFERENCES patient(id), revision INTEGER NOT NULL, json BLOB NOT NULL);
        """,
        // 10: each revision's prefix knowledge (_RevisionPrefix), filled in code for the
        // revisions already stored.
        """
        ALTER TABLE revision ADD COLUMN prefix TEXT;
        """
    ]
    /// The schema version this server writes.
    static var schemaVersion: Int64 { Int64(1 + migrations.count) }

    /// `PRAGMA application_id` of a sync server database ("CKSY").
    static let applicationID: Int64 = 0x434B_5359

    /// Opens (creating if needed) the database at `path`; `":memory:"` keeps it in memory.
    public init(path: String) throws {
        self.path = path
        if path != ":memory:" { try Self.createPrivately(path) }
        do {
            connection = try SQLiteConnection(path: path)
            if path != ":memory:" {
                // Reset at once: a statement left stepped would keep a read snapshot open, and
                // this connection's next write would have to upgrade it, which SQLite refuses
                // without waiting ("database is locked") once another process has committed.
                let mode = try connection.prepare("PRAGMA journal_mode=WAL")
                _ = try mode.step()
                mode.reset()
            }
            try connection.execute("PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;")
            let application = try connection.scalarInt("PRAGMA application_id") ?? 0
            let tables = try connection.scalarInt("SELECT count(*) FROM sqlite_master") ?? 0
            if application != Self.applicationID {
                guard application == 0 && tables == 0 else {
                    throw SyncStorageError("\(path) is not a CareKit sync server database; it was left untouched. Choose another --db.")
                }
                try connection.transaction {
                    try connection.execute(Self.schema + "PRAGMA application_id=\(Self.applicationID); PRAGMA user_version=1;")
                }
            }
            try migrate()
        } catch let error as SQLiteError {
            throw SyncStorageError("Could not open the sync database \(path): \(error.message)")
        }
    }

    deinit { connection.close() }

    /// Brings a database of an earlier schema up to date, each step in one transaction with
    /// its version; a newer schema is refused untouched.
    private func migrate() throws {
        let current = try connection.scalarInt("PRAGMA user_version") ?? 0
        guard current <= Self.schemaVersion else {
            throw SyncStorageError("\(path) was written by a newer carekit (schema \(current), this one knows \(Self.schemaVersion)); it was left untouched. Upgrade carekit.")
        }
        guard current >= 1 else { return }
        // ALTER and DROP TABLE need every statement of the connection reset.
        connection.resetStatements()
        for version in current..<Self.schemaVersion {
            try connection.transaction {
                try connection.execute(Self.migrations[Int(version) - 1])
                if version + 1 == 6 { try chainAudit() }
                if version + 1 == 10 { try fillRevisionPrefixes() }
                try connection.execute("PRAGMA user_version=\(version + 1);")
            }
        }
    }

    /// Creates the file `0600` (and its folder `0700`) before SQLite does, so its journal files
    /// are private too; an existing file is left as it is.
    private static func createPrivately(_ path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        let descriptor = Glibc.open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw SyncStorageError("Could not create the sync database \(path): \(String(cString: strerror(errno))).")
        }
        close(descriptor)
    }

    func locked<T>(_ body: () throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        do {
            return try body()
        } catch let error as SQLiteError {
            if let plain = error.plainReason(file: path) { throw SyncStorageError("The sync database could not be used: \(plain).") }
            throw SyncStorageError("The sync database failed: \(error.message) (SQLite code \(error.code)).")
        }
    }

    // MARK: Accounts

    public func addPatient(name: String, created: Date) throws -> SyncPatient {
        try locked {
            let statement = try connection.prepare("INSERT INTO patient (name, created) VALUES (?, ?)")
            statement.bind(name, at: 1)
            statement.bind(created, at: 2)
            do {
                try statement.run()
            } catch let error as SQLiteError where error.isUniqueViolation {
                throw SyncStorageError("A patient named '\(name)' already exists on this server.", isConflict: true)
            }
            return SyncPatient(id: connection.lastInsertRowID, name: name, created: created)
        }
    }

    public func patients() throws -> [SyncPatient] {
        try locked {
            let statement = try connection.prepare("SELECT id, name, created FROM patient ORDER BY name")
            var result: [SyncPatient] = []
            while try statement.step() {
                result.append(SyncPatient(id: statement.int64(0), name: statement.string(1), created: statement.date(2)))
            }
            return result
        }
    }

    public func addDeviceToken(hash: Data, patient: Int64, label: String, created: Date) throws {
        try locked {
            let statement = try connection.prepare("INSERT INTO device_token (hash, patient, label, created) VALUES (?, ?, ?, ?)")
            statement.bind(hash, at: 1)
            statement.bind(patient, at: 2)
            statement.bind(label, at: 3)
            statement.bind(created, at: 4)
            try statement.run()
        }
    }

    public func patient(tokenHash: Data) throws -> SyncPatient? {
        try locked {
            let statement = try connection.prepare(
                """
                SELECT patient.id, patient.name, patient.created FROM device_token JOIN patient ON patient.id = device_token.patient
                WHERE device_token.hash = ? AND device_token.revoked IS NULL
                """)
            statement.bind(tokenHash, at: 1)
            defer { statement.reset() }
            guard try statement.step() else { return nil }
            return SyncPatient(id: statement.int64(0), name: statement.string(1), created: statement.date(2))
        }
    }

    // MARK: Revisions

    public func pull(patient: Int64, since: OCKRevisionRecord.KnowledgeVector, after cursor: SyncCursor?, limit: Int) throws -> SyncPullResult {
        try locked {
            try connection.transaction(immediate: false) {
                let start = cursor ?? SyncCursor(sequence: 0, position: -1)
                let revisions = try connection.prepare(
                    "SELECT sequence, knowledge FROM revision WHERE patient = ? AND sequence >= ? ORDER BY sequence LIMIT ?")
                let versions = try connection.prepare(
                    """
                    SELECT uuid, json, position FROM version WHERE patient = ? AND sequence = ? AND position > ? ORDER BY position LIMIT ?
                    """)
                let prefixAt = try connection.prepare("SELECT sequence, prefix FROM revision WHERE patient = ? AND sequence >= ? ORDER BY sequence LIMIT 1")
                return try _PullPages.page(
                    since: since, start: start, limit: limit, endOfRevision: Int64.max,
                    skip: { from in
                        let last = try self.connection.scalarInt("SELECT coalesce(max(sequence), 0) FROM revision WHERE patient = \(patient)") ?? 0
                        return try _PullPages.firstUncovered(since: since, from: from, last: last) { atOrAfter in
                            prefixAt.reset()
                            defer { prefixAt.reset() }
                            prefixAt.bind(patient, at: 1)
                            prefixAt.bind(atOrAfter, at: 2)
                            guard try prefixAt.step() else { return nil }
                            return (prefixAt.int64(0), prefixAt.isNull(1) ? nil : try Self.vector(prefixAt.string(1)))
                        }
                    },
                    revisions: { from, count in
                        revisions.reset()
                        defer { revisions.reset() }
                        revisions.bind(patient, at: 1)
                        revisions.bind(from, at: 2)
                        revisions.bind(count, at: 3)
                        var found: [_PullPages.Revision] = []
                        while try revisions.step() { found.append((revisions.int64(0), try Self.vector(revisions.string(1)))) }
                        return found
                    },
                    versions: { sequence, after, limit in
                        versions.reset()
                        defer { versions.reset() }
                        versions.bind(patient, at: 1)
                        versions.bind(sequence, at: 2)
                        versions.bind(after, at: 3)
                        versions.bind(limit, at: 4)
                        var rows: [_PullPages.Row] = []
                        while try versions.step() {
                            guard let uuid = UUID(uuidString: versions.string(0)) else { continue }
                            rows.append((uuid, versions.data(1), versions.int64(2)))
                        }
                        return rows
                    },
                    knowledge: { try knowledge(of: patient) })
            }
        }
    }

    public func push(patient: Int64, revisions: [SyncStoredRevision], deviceKnowledge: OCKRevisionRecord.KnowledgeVector?, at date: Date) throws -> SyncPushOutcome {
        try locked {
            // Without versions, looked at first with a read: an idle device's push takes no
            // write lock and writes nothing.
            if revisions.allSatisfy(\.versions.isEmpty), try _PushKnowledge.changesNothing(knowledge(of: patient), revisions: revisions, device: deviceKnowledge) {
                return SyncPushOutcome(stored: 0, alreadyPresent: 0)
            }
            // Knowledge only (see SyncStorage.push): committed without a flush to the disk.
            let unflushed = revisions.allSatisfy(\.versions.isEmpty) && (try? connection.execute("PRAGMA synchronous=NORMAL")) != nil
            defer {
                // A connection that cannot flush again is closed: refusing is better than not flushing.
                if unflushed, (try? connection.execute("PRAGMA synchronous=FULL")) == nil { connection.close() }
            }
            return try connection.transaction {
                var outcome = SyncPushOutcome(stored: 0, alreadyPresent: 0)
                let current = try knowledge(of: patient)
                let merged = try _PushKnowledge.after(current, revisions: revisions, device: deviceKnowledge)
                let known = try connection.prepare("SELECT 1 FROM version WHERE patient = ? AND uuid = ?")
                let insertRevision = try connection.prepare("INSERT INTO revision (patient, sequence, knowledge, stored, prefix) VALUES (?, ?, ?, ?, ?)")
                let insertVersion = try connection.prepare("INSERT INTO version (patient, uuid, sequence, position, json) VALUES (?, ?, ?, ?, ?)")
                var (sequence, prefix) = try lastRevision(of: patient)
                for revision in revisions {
                    var fresh: [SyncStoredVersion] = []
                    var seen = Set<UUID>()
                    for version in revision.versions where seen.insert(version.uuid).inserted {
                        known.reset()
                        known.bind(patient, at: 1)
                        known.bind(version.uuid.uuidString, at: 2)
                        if try known.step() { outcome.alreadyPresent += 1 } else { fresh.append(version) }
                        known.reset()
                    }
                    outcome.alreadyPresent += revision.versions.count - seen.count
                    guard !fresh.isEmpty else { continue }
                    sequence += 1
                    insertRevision.reset()
                    insertRevision.bind(patient, at: 1)
                    insertRevision.bind(sequence, at: 2)
                    insertRevision.bind(Self.text(revision.knowledgeVector), at: 3)
                    insertRevision.bind(date, at: 4)
                    prefix.merge(with: revision.knowledgeVector)
                    insertRevision.bind(Self.text(prefix), at: 5)
                    try insertRevision.run()
                    for (position, version) in fresh.enumerated() {
                        insertVersion.reset()
                        insertVersion.bind(patient, at: 1)
                        insertVersion.bind(version.uuid.uuidString, at: 2)
                        insertVersion.bind(sequence, at: 3)
                        insertVersion.bind(position, at: 4)
                        insertVersion.bind(version.json, at: 5)
                        try insertVersion.run()
                    }
                    outcome.stored += fresh.count
                }
                if merged != current {
                    let update = try connection.prepare("UPDATE patient SET knowledge = ? WHERE id = ?")
                    update.bind(Self.text(merged), at: 1)
                    update.bind(patient, at: 2)
                    try update.run()
                }
                return outcome
            }
        }
    }

    /// The number and prefix knowledge of the patient's last revision (0 and empty when there
    /// is none), in one read; when its prefix is not known, every revision's vector merged.
    private func lastRevision(of patient: Int64) throws -> (sequence: Int64, prefix: OCKRevisionRecord.KnowledgeVector) {
        let last = try connection.prepare("SELECT sequence, prefix FROM revision WHERE patient = ? ORDER BY sequence DESC LIMIT 1")
        last.bind(patient, at: 1)
        defer { last.reset() }
        guard try last.step() else { return (0, OCKRevisionRecord.KnowledgeVector()) }
        let sequence = last.int64(0)
        if !last.isNull(1) { return (sequence, try Self.vector(last.string(1))) }
        last.reset()
        let every = try connection.prepare("SELECT knowledge FROM revision WHERE patient = ?")
        every.bind(patient, at: 1)
        defer { every.reset() }
        var merged = OCKRevisionRecord.KnowledgeVector()
        while try every.step() { merged.merge(with: try Self.vector(every.string(0))) }
        return (sequence, merged)
    }

    /// Migration 10's step in code: the prefix knowledge of every revision stored before it.
    func fillRevisionPrefixes() throws {
        let read = try connection.prepare("SELECT patient, sequence, knowledge FROM revision ORDER BY patient, sequence")
        var rows: [(patient: Int64, sequence: Int64, knowledge: String)] = []
        while try read.step() { rows.append((read.int64(0), read.int64(1), read.string(2))) }
        read.reset()
        let prefixes = try _RevisionPrefix.running(rows.map { ($0.patient, $0.knowledge) })
        let update = try connection.prepare("UPDATE revision SET prefix = ? WHERE patient = ? AND sequence = ?")
        for (row, prefix) in zip(rows, prefixes) {
            update.reset()
            update.bind(prefix, at: 1)
            update.bind(row.patient, at: 2)
            update.bind(row.sequence, at: 3)
            try update.run()
        }
        update.reset()
    }

    private func knowledge(of patient: Int64) throws -> OCKRevisionRecord.KnowledgeVector {
        let statement = try connection.prepare("SELECT knowledge FROM patient WHERE id = ?")
        statement.bind(patient, at: 1)
        defer { statement.reset() }
        guard try statement.step() else { throw SyncStorageError("No patient \(patient) on this server.") }
        return try Self.vector(statement.string(0))
    }

    /// Vectors are kept as CareKit's JSON.
    static func text(_ vector: OCKRevisionRecord.KnowledgeVector) -> String {
        (try? String(decoding: JSONEncoder().encode(vector), as: UTF8.self)) ?? #"{"processes":[]}"#
    }

    static func vector(_ text: String) throws -> OCKRevisionRecord.KnowledgeVector {
        guard !text.isEmpty else { return OCKRevisionRecord.KnowledgeVector() }
        do {
            return try JSONDecoder().decode(OCKRevisionRecord.KnowledgeVector.self, from: Data(text.utf8))
        } catch {
            throw SyncStorageError("A stored knowledge vector is unreadable (\(error)); the database was changed by something other than the server.")
        }
    }
}
