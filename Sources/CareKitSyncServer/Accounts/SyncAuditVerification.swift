import Foundation

/// What `carekit sync-server audit verify` found.
public struct SyncAuditVerification: Hashable, Sendable {
    /// The first line whose link is broken.
    public struct Break: Hashable, Sendable {
        /// The line's number.
        public var id: Int64
        /// Whether its own hash still matches its content, so that a line before it was
        /// changed, removed or inserted (else this line itself was changed).
        public var previousChanged: Bool
    }

    /// How many lines were checked (before the break, if any).
    public var count: Int
    /// The last good line's hash (hex): note it somewhere else to notice lines cut from the end.
    public var head: String
    /// The first broken link; nil when every link holds.
    public var firstBroken: Break?
}

extension SyncStorage {
    /// Walks the whole trail in order, a page at a time, and checks each link.
    public func verifyAudit() throws -> SyncAuditVerification {
        var previous = _AuditChain.genesis
        var count = 0
        var after: Int64 = 0
        var lastID: Int64 = 0
        while true {
            let page = try auditEntries(after: after, limit: 1_000)
            guard !page.isEmpty else { break }
            for entry in page {
                let id = entry.id ?? 0
                let stored = entry.hash ?? Data()
                if entry.id == nil || id <= lastID || stored != _AuditChain.link(previous: previous, entry) {
                    // Its own hash over the previous hash it names: the line is as written, so the break is before it.
                    let selfConsistent = entry.previousHash.map { stored == _AuditChain.link(previous: $0, entry) && $0 != previous } ?? false
                    return SyncAuditVerification(count: count, head: _Hex.string(previous), firstBroken: .init(id: id, previousChanged: selfConsistent))
                }
                previous = stored
                lastID = id
                count += 1
            }
            after = lastID
        }
        return SyncAuditVerification(count: count, head: _Hex.string(previous), firstBroken: nil)
    }
}
