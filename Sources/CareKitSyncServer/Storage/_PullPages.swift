import CareKitStore
import Foundation

/// How a pull is cut into pages, the same for every storage: the revisions `since` does not
/// cover, in order, each one's versions after the cursor, at most `limit` versions a page; the
/// last page carries the patient's knowledge. A page reads the revisions from its cursor on in
/// batches and stops at the first one it has no room for, so its cost follows its size, not
/// the number of revisions after it.
enum _PullPages {
    /// A stored version with its position in its revision.
    typealias Row = (uuid: UUID, json: Data, position: Int64)
    /// A stored revision's number and vector.
    typealias Revision = (sequence: Int64, vector: OCKRevisionRecord.KnowledgeVector)

    /// - Parameters:
    ///   - revisions: up to `count` revisions numbered `from` or more, with their vectors, in order.
    ///   - endOfRevision: the position that means "all of this revision was sent".
    ///   - versions: up to `limit` versions of revision `sequence` after position `after`.
    ///   - skip: where the revisions `since` may not cover begin (``firstUncovered(since:from:last:prefix:)``), or nil
    ///     to look at every revision from `start`.
    static func page(
        since: OCKRevisionRecord.KnowledgeVector, start: SyncCursor, limit: Int, endOfRevision: Int64,
        skip: ((_ from: Int64) throws -> Int64)? = nil,
        revisions: (_ from: Int64, _ count: Int) throws -> [Revision],
        versions: (_ sequence: Int64, _ after: Int64, _ limit: Int) throws -> [Row],
        knowledge: () throws -> OCKRevisionRecord.KnowledgeVector
    ) throws -> SyncPullResult {
        var start = start
        // Every revision before the first `since` may not cover is covered: none is looked at.
        if let skip {
            let first = try skip(start.sequence)
            if first > start.sequence { start = SyncCursor(sequence: first, position: -1) }
        }
        var result = SyncPullResult(revisions: [], next: nil, knowledge: nil)
        var room = max(1, limit)
        var from = start.sequence
        var lastSent: Int64?
        let batch = min(max(room + 1, 16), 1_000)
        while true {
            let found = try revisions(from, batch)
            for (sequence, vector) in found {
                from = sequence + 1
                guard !since.covers(vector) else { continue }
                if room == 0, let lastSent {
                    // A revision is left and this page is full: the next page starts after the last one sent.
                    result.next = SyncCursor(sequence: lastSent, position: endOfRevision)
                    return result
                }
                let rows = try versions(sequence, sequence == start.sequence ? start.position : -1, room + 1)
                let more = rows.count > room
                let page = rows.prefix(room)
                if !page.isEmpty {
                    result.revisions.append(SyncStoredRevision(knowledgeVector: vector, versions: page.map { SyncStoredVersion(uuid: $0.uuid, json: $0.json) }))
                }
                room -= page.count
                if more {
                    result.next = SyncCursor(sequence: sequence, position: page.last?.position ?? -1)
                    return result
                }
                lastSent = sequence
            }
            if found.count < batch { break }
        }
        result.knowledge = try knowledge()
        return result
    }

    /// The lowest revision number from `from` on whose prefix knowledge (its vector merged
    /// with every earlier revision's, kept with it) `since` does not cover; every revision
    /// before it is covered, so a pull need not look at them. Prefixes only grow with the
    /// revision number, so a binary search finds it (``_PrefixSearch``): a device that is up to
    /// date looks at a handful of revisions, not the patient's whole history.
    /// - Parameters:
    ///   - last: the patient's last revision number.
    ///   - prefix: the first revision numbered `atOrAfter` or more, with its prefix (nil when
    ///     not known: never skipped).
    static func firstUncovered(
        since: OCKRevisionRecord.KnowledgeVector, from: Int64, last: Int64,
        prefix: (_ atOrAfter: Int64) throws -> (sequence: Int64, prefix: OCKRevisionRecord.KnowledgeVector?)?
    ) throws -> Int64 {
        func covered(_ found: (sequence: Int64, prefix: OCKRevisionRecord.KnowledgeVector?)) -> Bool { found.prefix.map(since.covers) ?? false }
        // The two common cases in one lookup each: a device that lacks the first revision (a new
        // one, or the next page of its first pull), and one that lacks nothing.
        guard let first = try prefix(from), covered(first) else { return from }
        if let final = try prefix(last), final.sequence == last, covered(final) { return last + 1 }
        // Covered up to `n` when the first revision numbered `n` or more is covered (none: not).
        return try _PrefixSearch.firstUncovered(first.sequence + 1, last) { number in try prefix(number).map(covered) ?? false }
    }
}
