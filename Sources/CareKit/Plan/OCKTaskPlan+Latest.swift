import CareKitStore
import Foundation

extension OCKAnyEventStore {
    /// The newest version of each of the tasks `ids` (by id), read in one query: the tip of
    /// each version chain (no version follows it), else the version effective last. Ids with no
    /// task, or whose versions are not `OCKTask`s, are left out.
    public func latestTaskVersions(ids: [String]) async throws -> [String: OCKTask] {
        guard !ids.isEmpty else { return [:] }
        // An OCKStore reads only the tips of the chains.
        if let store = self as? OCKStore { return try await store.fetchNewestTaskVersions(ids: ids) }
        var query = OCKTaskQuery()
        query.ids = Array(Set(ids)).sorted()
        let versions = try await fetchAnyTasks(query: query).compactMap { $0 as? OCKTask }
        var latest: [String: OCKTask] = [:]
        for (id, tasks) in Dictionary(grouping: versions, by: \.id) {
            let tips = tasks.filter { $0.nextVersionUUIDs.isEmpty }
            latest[id] = (tips.isEmpty ? tasks : tips).max { $0.effectiveDate < $1.effectiveDate }
        }
        return latest
    }
}
