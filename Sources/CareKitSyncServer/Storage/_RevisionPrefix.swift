import CareKitStore
import Foundation

/// Each stored revision's prefix knowledge: its vector merged with the vectors of every
/// earlier revision of its patient. Prefixes only grow with the revision number, so a pull
/// finds by binary search where the revisions a device may lack begin
/// (``_PullPages/firstUncovered(since:from:last:prefix:)``) instead of reading every revision's
/// vector from the first. Both storages keep it in `revision.prefix`, written by the push that
/// adds the revision and, for revisions stored before it existed, by the migration that added
/// the column.
enum _RevisionPrefix {
    /// The prefixes of `rows` (the stored vectors, ordered by patient and then revision
    /// number), in the same order, as stored text.
    static func running(_ rows: [(patient: Int64, knowledge: String)]) throws -> [String] {
        var result: [String] = []
        result.reserveCapacity(rows.count)
        var patient: Int64?
        var prefix = OCKRevisionRecord.KnowledgeVector()
        for row in rows {
            if row.patient != patient { (patient, prefix) = (row.patient, OCKRevisionRecord.KnowledgeVector()) }
            prefix.merge(with: try SQLiteSyncStorage.vector(row.knowledge))
            result.append(SQLiteSyncStorage.text(prefix))
        }
        return result
    }
}
