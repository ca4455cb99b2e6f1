import Foundation

/// Device tokens, clinicians' accounts and the chained audit trail on PostgreSQL (migration 5).
/// Every change is one transaction with its audit line. Appending takes an advisory lock, so
/// the lines of several servers on one database form one chain; it needs no right beyond
/// INSERT and SELECT on the audit table (docs/deploy.md, "Two roles").
extension PostgresSyncStorage {
    static let auditColumns = "id, at, clinician, patient, actor, action, address, previous, hash"
    /// The advisory lock every append holds ("CKSA").
    static let auditLock = 1_128_747_841

    /// Migration 5's step in code: every existing line's hash, in order, in one statement.
    static func chainAudit(_ connection: _PGConnection) throws {
        let rows = try connection.query("SELECT \(auditColumns) FROM audit ORDER BY id")
        let entries = _AuditChain.sealed((0..<rows.count).map { auditEntry(rows, $0) }, after: _AuditChain.genesis)
        // The time stays as stored: `sealed` rounds it to the millisecond, as the hash does.
        try connection.query(
            """
            UPDATE audit SET action = t.action, address = t.address, actor = t.actor, previous = decode(t.previous, 'hex'), hash = decode(t.hash, 'hex')
            FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) AS t(id, action, address, actor, previous, hash)
            WHERE audit.id = t.id
            """,
            [
                array(entries.map { String($0.id ?? 0) }), array(entries.map(\.action)), array(entries.map(\.address)),
                array(entries.map(\.clinicianEmail)), array(entries.map { hex($0.previousHash ?? Data()) }), array(entries.map { hex($0.hash ?? Data()) })
            ])
        try connection.execute(
            """
            ALTER TABLE audit ENABLE TRIGGER audit_append_only;
            ALTER TABLE audit ALTER COLUMN actor SET NOT NULL, ALTER COLUMN previous SET NOT NULL, ALTER COLUMN hash SET NOT NULL;
            """)
    }

    static func auditEntry(_ rows: _PGRows, _ row: Int) -> SyncAuditEntry {
        var entry = SyncAuditEntry(
            date: Date(timeIntervalSince1970: rows.double(row, 1)), clinician: rows[row, 2].flatMap { Int64($0) }, clinicianEmail: rows.string(row, 4),
            patient: rows[row, 3].flatMap { Int64($0) }, action: rows.string(row, 5), address: rows.string(row, 6))
        entry.id = rows.int64(row, 0)
        entry.previousHash = bytes(rows.string(row, 7))
        entry.hash = bytes(rows.string(row, 8))
        return entry
    }

    /// A `bytea` in PostgreSQL's hex output (`\x…`).
    static func bytes(_ text: String) -> Data {
        let digits = Array(text.hasPrefix("\\x") ? text.utf8.dropFirst(2) : text.utf8[...])
        var data = Data(capacity: digits.count / 2)
        var index = 0
        while index + 1 < digits.count {
            guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else { return Data() }
            data.append(high << 4 | low)
            index += 2
        }
        return data
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case 48...57: digit - 48
        case 97...102: digit - 87
        case 65...70: digit - 55
        default: nil
        }
    }

    /// Appends the lines after the last one, sealed with their hashes, inside the caller's
    /// transaction: the advisory lock first, then (a statement of its own, so a snapshot taken
    /// after the lock) the last hash, both in one round trip, then the lines in one statement,
    /// numbered in order. The last hash is read by a statement planned each time, never a
    /// prepared one: prepared while the trail was nearly empty, its plan (read the table, sort)
    /// was kept as the trail grew, and every page of the dashboard got slower than the last.
    /// Returns the chain's new last hash.
    @discardableResult
    static func insertChained(_ entries: [SyncAuditEntry], _ connection: _PGConnection) throws -> Data {
        let last = try connection.lastRows(ofBatch: "SELECT pg_advisory_xact_lock(\(auditLock)); SELECT hash FROM audit ORDER BY id DESC LIMIT 1")
        let previous = last.count == 1 ? bytes(last.string(0, 0)) : _AuditChain.genesis
        guard !entries.isEmpty else { return previous }
        // A line that names its clinician by number only is written with their address.
        var named = entries
        let unnamed = Set(entries.filter { $0.clinicianEmail.isEmpty }.compactMap(\.clinician))
        if !unnamed.isEmpty {
            let rows = try connection.query("SELECT id, email FROM clinician WHERE id = ANY($1::bigint[])", [array(unnamed.map(String.init))])
            let emails = Dictionary((0..<rows.count).map { (rows.int64($0, 0), rows.string($0, 1)) }, uniquingKeysWith: { a, _ in a })
            for index in named.indices where named[index].clinicianEmail.isEmpty {
                named[index].clinicianEmail = named[index].clinician.flatMap { emails[$0] } ?? ""
            }
        }
        let sealed = _AuditChain.sealed(named, after: previous)
        try connection.query(insertSQL(headCheck: false), insertParameters(sealed))
        return sealed.last?.hash ?? previous
    }

    /// The lines' insert, numbered in order; with `headCheck`, only when the chain's last hash is
    /// the one given last (`$9`, hex; NULL for a trail without lines), read by the statement's
    /// own snapshot.
    private static func insertSQL(headCheck: Bool) -> String {
        """
        INSERT INTO audit (at, clinician, patient, actor, action, address, previous, hash)
        SELECT at, clinician, patient, actor, action, address, decode(previous, 'hex'), decode(hash, 'hex')
        FROM unnest($1::double precision[], $2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
            WITH ORDINALITY AS t(at, clinician, patient, actor, action, address, previous, hash, n)
        \(headCheck ? "WHERE (SELECT hash FROM audit ORDER BY id DESC LIMIT 1) IS NOT DISTINCT FROM decode($9, 'hex')" : "")
        ORDER BY n
        """
    }

    private static func insertParameters(_ sealed: [SyncAuditEntry]) -> [String?] {
        [
            array(sealed.map { text($0.date) }), nullableArray(sealed.map(\.clinician)), nullableArray(sealed.map(\.patient)),
            array(sealed.map(\.clinicianEmail)), array(sealed.map(\.action)), array(sealed.map(\.address)),
            array(sealed.map { hex($0.previousHash ?? Data()) }), array(sealed.map { hex($0.hash ?? Data()) })
        ]
    }

    /// Appends lines whose clinicians are named, sealed after `head` (the chain's last hash as
    /// this server last wrote or read it), in one round trip: the chain's lock, then the lines
    /// only if the chain still ends at `head`, in one transaction. Nothing is sent between taking
    /// the lock and the commit, so the lock every server on the database shares is held for the
    /// insert and the commit's flush alone. Returns the new last hash, or nil when the chain had
    /// moved on (another server appended, or a line written with another change): nothing was
    /// written then.
    static func insertChained(_ entries: [SyncAuditEntry], after head: Data, _ connection: _PGConnection) throws -> Data? {
        let sealed = _AuditChain.sealed(entries, after: head)
        guard let last = sealed.last?.hash else { return head }
        let results = try connection.pipelined([
            ("SELECT pg_advisory_xact_lock(\(auditLock))", []),
            (insertSQL(headCheck: true), insertParameters(sealed) + [head == _AuditChain.genesis ? nil : hex(head)])
        ])
        return results.last?.changed == sealed.count ? last : nil
    }

    /// An array literal of numbers, NULL for nil.
    private static func nullableArray(_ values: [Int64?]) -> String {
        "{" + values.map { $0.map(String.init) ?? "NULL" }.joined(separator: ",") + "}"
    }

    /// Appends joined with other requests' appends of the same moment (``_GroupCommit``): one
    /// transaction, one turn of the chain's lock and one flushed commit for all of them; in one
    /// round trip when the chain's last hash is known (``auditHead``), else after reading it.
    public func appendAudit(_ entries: [SyncAuditEntry]) throws {
        guard !entries.isEmpty else { return }
        try auditAppends.submit(entries) { all in
            try run { connection in
                // Taken: unknown until this append is done (a failed one leaves it unknown).
                let head = auditHead.withLock { head in
                    defer { head = nil }
                    return head
                }
                if let head, all.allSatisfy({ !$0.clinicianEmail.isEmpty || $0.clinician == nil }),
                    let last = try Self.insertChained(all, after: head, connection)
                {
                    auditHead.withLock { $0 = last }
                    return
                }
                let last = try connection.transaction { try Self.insertChained(all, connection) }
                auditHead.withLock { $0 = last }
            }
        }
    }

    public func auditEntries(after id: Int64, limit: Int) throws -> [SyncAuditEntry] {
        try run { connection in
            let rows = try connection.query(
                "SELECT \(Self.auditColumns) FROM audit WHERE id > $1 ORDER BY id LIMIT $2", [String(id), String(max(1, limit))])
            return (0..<rows.count).map { Self.auditEntry(rows, $0) }
        }
    }

    /// Whether the server's role owns the audit table, so could switch its trigger off; nil
    /// when the table cannot be read.
    public func ownsAuditTable() throws -> Bool {
        try run { connection in
            let rows = try connection.query("SELECT pg_get_userbyid(relowner) = current_user FROM pg_class WHERE oid = to_regclass('audit')")
            return rows.count == 1 && rows.string(0, 0) == "t"
        }
    }

    // MARK: Device tokens

    private static let tokenQuery = """
        SELECT encode(device_token.hash, 'hex'), patient.id, patient.name, patient.created, device_token.label, device_token.created,
            device_token.last_used, device_token.revoked, patient_contact.at
        FROM device_token JOIN patient ON patient.id = device_token.patient
        LEFT JOIN patient_contact ON patient_contact.patient = patient.id
        """

    private static func token(_ rows: _PGRows, _ row: Int) -> SyncDeviceToken {
        func date(_ column: Int) -> Date? { rows[row, column].flatMap(Double.init).map { Date(timeIntervalSince1970: $0) } }
        return SyncDeviceToken(
            hash: bytes(rows.string(row, 0)),
            patient: SyncPatient(id: rows.int64(row, 1), name: rows.string(row, 2), created: Date(timeIntervalSince1970: rows.double(row, 3))),
            label: rows.string(row, 4), created: Date(timeIntervalSince1970: rows.double(row, 5)), lastUsed: date(6), revoked: date(7),
            patientLastContact: date(8))
    }

    public func deviceToken(hash: Data) throws -> SyncDeviceToken? {
        try run { connection in
            let rows = try connection.query(Self.tokenQuery + " WHERE device_token.hash = decode($1, 'hex')", [Self.hex(hash)])
            return rows.count == 1 ? Self.token(rows, 0) : nil
        }
    }

    public func deviceTokens() throws -> [SyncDeviceToken] {
        try run { connection in
            let rows = try connection.query(Self.tokenQuery + " ORDER BY patient.name COLLATE \"C\", device_token.created")
            return (0..<rows.count).map { Self.token(rows, $0) }
        }
    }

    public func noteDeviceTokenUse(hash: Data, at date: Date) throws {
        _ = try run { connection in
            try connection.query(
                "UPDATE device_token SET last_used = $2 WHERE hash = decode($1, 'hex') AND (last_used IS NULL OR last_used < $2)",
                [Self.hex(hash), Self.text(date)])
        }
    }

    // MARK: Clinicians

    public func clinicians() throws -> [SyncClinician] {
        try run { connection in
            let rows = try connection.query("SELECT id, email, password, created, status FROM clinician ORDER BY email COLLATE \"C\"")
            return (0..<rows.count).map { Self.clinician(rows, $0, from: 0) }
        }
    }

    public func administer(_ change: SyncAdministration, at date: Date, audit: SyncAuditEntry) throws -> Bool {
        try run { connection in
            try connection.transaction {
                // Each statement returns the rows it changed.
                func changes(_ sql: String, _ parameters: [String?]) throws -> Bool { try connection.query(sql + " RETURNING 1", parameters).count > 0 }
                let changed: Bool
                switch change {
                case .revokeDeviceToken(let hash):
                    changed = try changes("UPDATE device_token SET revoked = $2 WHERE hash = decode($1, 'hex') AND revoked IS NULL", [Self.hex(hash), Self.text(date)])
                case .setClinicianStatus(let clinician, let status):
                    changed = try changes(
                        "UPDATE clinician SET status = $2 WHERE id = $1 AND status <> $2 AND status <> 'removed'", [String(clinician), status.rawValue])
                    if changed && status != .active { _ = try changes("DELETE FROM team_session WHERE clinician = $1", [String(clinician)]) }
                    if changed && status == .removed { _ = try changes("DELETE FROM assignment WHERE clinician = $1", [String(clinician)]) }
                case .unassign(let clinician, let patient):
                    changed = try changes("DELETE FROM assignment WHERE clinician = $1 AND patient = $2", [String(clinician), String(patient)])
                case .setPassword(let clinician, let hash):
                    changed = try changes("UPDATE clinician SET password = $2 WHERE id = $1 AND status <> 'removed'", [String(clinician), hash])
                    if changed { _ = try changes("DELETE FROM team_session WHERE clinician = $1", [String(clinician)]) }
                case .resetSecondFactor(let clinician):
                    let codes = try changes("DELETE FROM recovery_code WHERE clinician = $1", [String(clinician)])
                    changed = try changes("UPDATE clinician SET totp_secret = NULL WHERE id = $1 AND totp_secret IS NOT NULL", [String(clinician)]) || codes
                    if changed { _ = try changes("DELETE FROM team_session WHERE clinician = $1", [String(clinician)]) }
                }
                if changed { try Self.insertChained([audit], connection) }
                return changed
            }
        }
    }
}
