import Foundation

/// The shape of an entity's version history, from each version's links to the versions it follows.
public enum OCKVersionGraph {
    /// Each version's depth: 1 for a version that follows none in the set, otherwise one more
    /// than the deepest version it follows (the store's own version number). Links to versions
    /// outside the set count as depth 0; a circle of links cannot recurse forever.
    /// - Complexity: O(v + l) for v versions and l links.
    public static func depths(of versions: [(uuid: UUID, previous: [UUID])]) -> [UUID: Int] {
        let byUUID = Dictionary(versions.map { ($0.uuid, $0.previous) }, uniquingKeysWith: { first, _ in first })
        var depths: [UUID: Int] = [:]
        func depth(_ uuid: UUID, _ visiting: inout Set<UUID>) -> Int {
            if let known = depths[uuid] { return known }
            guard let previous = byUUID[uuid], !visiting.contains(uuid) else { return 0 }
            visiting.insert(uuid)
            let value = 1 + (previous.map { depth($0, &visiting) }.max() ?? 0)
            visiting.remove(uuid)
            depths[uuid] = value
            return value
        }
        for version in versions {
            var visiting: Set<UUID> = []
            _ = depth(version.uuid, &visiting)
        }
        return depths
    }
}
