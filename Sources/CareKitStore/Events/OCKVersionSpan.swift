import Foundation

/// The stretch of time one version of a task owns: from its effective date (`start`) until a
/// version deeper in its history takes effect (`end`, exclusive; nil when none does). An event
/// of the task belongs to the version that owns its start; a tombstone owns time with no events.
public struct OCKVersionSpan<Task: OCKAnyVersionableTask>: Sendable where Task: Sendable {
    public var version: Task
    public var start: Date
    public var end: Date?
    /// Whether this version marks the task's deletion (it owns time, but no events).
    public var isTombstone: Bool

    /// The spans of one task's versions, in time order, with the rules the store's events use.
    /// `versions` are every version of one task id, tombstones included; `isTombstone` says which.
    public static func spans(of versions: [Task], isTombstone: (Task) -> Bool) -> [OCKVersionSpan] {
        let depths = _EventAssembly.depths(of: versions)
        let byUUID = Dictionary(versions.map { ($0.uuid, $0) }, uniquingKeysWith: { first, _ in first })
        let segments = _EventAssembly.segments(
            versions.map {
                _EventAssembly.Version(uuid: $0.uuid, effectiveDate: $0.effectiveDate, depth: depths[$0.uuid] ?? 1, isTombstone: isTombstone($0))
            })
        return segments.compactMap { segment in
            byUUID[segment.version.uuid].map {
                OCKVersionSpan(version: $0, start: segment.start, end: segment.end, isTombstone: segment.version.isTombstone)
            }
        }
    }
}

extension OCKVersionSpan where Task == OCKTask {
    /// The spans of one task's versions; a version with a `deletedDate` is a tombstone.
    public static func spans(of versions: [OCKTask]) -> [OCKVersionSpan<OCKTask>] {
        spans(of: versions) { $0.deletedDate != nil }
    }
}
