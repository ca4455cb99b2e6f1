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
    static func page(
        since: OCKRevisionRecord.KnowledgeVector, start: SyncCursor, limit: Int, endOfRevision: Int64,
        revisions: (_ from: Int64, _ count: Int) throws -> [Revision],
        versions: (_ sequence: Int64, _ after: Int64, _ limit: Int) throws -> [Row],
        knowledge: () throws -> OCKRevisionRecord.KnowledgeVector
    ) throws -> SyncPullResult {
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
}
