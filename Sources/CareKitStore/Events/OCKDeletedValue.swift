import Foundation

/// A value that was recorded and later removed: deleted on its own (a new outcome version
/// without it) or with its whole outcome (a tombstone). The store keeps every version, so a
/// history or a report can show it: "310 mmHg, recorded Tue 8:02 AM, deleted 8:05 AM".
public struct OCKDeletedValue: Hashable, Sendable {
    /// The value as it was when it was removed.
    public var value: OCKOutcomeValue
    /// The task version and occurrence of the event it was recorded for.
    public var taskUUID: UUID
    public var occurrence: Int
    /// When it was removed (the removing version's write time).
    public var deletedDate: Date
    /// The version that removed it: a later version of its outcome, or the tombstone.
    public var removedBy: UUID

    public init(value: OCKOutcomeValue, taskUUID: UUID, occurrence: Int, deletedDate: Date, removedBy: UUID) {
        self.value = value
        self.taskUUID = taskUUID
        self.occurrence = occurrence
        self.deletedDate = deletedDate
        self.removedBy = removedBy
    }

    /// The values removed in a set of outcome versions (``OCKStore/fetchOutcomeHistory(taskIDs:dateInterval:)``),
    /// oldest deletion first. A value counts as removed when a version of its outcome that
    /// follows one holding it no longer holds it; a corrected value (same kind and time of
    /// recording, another number) is a change, not a removal. A value the event holds again
    /// (`current`, its outcomes' live values: restored by an undo) is no longer listed.
    ///
    /// - Complexity: O(v · n) for v versions of n values each.
    public static func removed(in versions: [OCKOutcome], current: [OCKOutcome] = []) -> [OCKDeletedValue] {
        let byUUID = Dictionary(versions.map { ($0.uuid, $0) }, uniquingKeysWith: { first, _ in first })
        var removed: [OCKDeletedValue] = []
        for version in versions {
            let date = version.deletedDate ?? version.updatedDate ?? version.effectiveDate
            for previousUUID in version.previousVersionUUIDs {
                guard let previous = byUUID[previousUUID] else { continue }
                var remaining = version.deletedDate == nil ? version.values.map(Key.init) : []
                for value in previous.values {
                    if let index = remaining.firstIndex(of: Key(value)) {
                        remaining.remove(at: index)
                        continue
                    }
                    removed.append(
                        OCKDeletedValue(value: value, taskUUID: previous.taskUUID, occurrence: previous.taskOccurrenceIndex, deletedDate: date, removedBy: version.uuid))
                }
            }
        }
        // A value held again by the event, the same in every part (restored), is not removed any more.
        var held: [EventKey: [OCKOutcomeValue]] = [:]
        for outcome in current where outcome.deletedDate == nil {
            held[EventKey(taskUUID: outcome.taskUUID, occurrence: outcome.taskOccurrenceIndex), default: []] += outcome.values
        }
        removed.removeAll { deleted in
            let event = EventKey(taskUUID: deleted.taskUUID, occurrence: deleted.occurrence)
            guard let index = held[event]?.firstIndex(of: deleted.value) else { return false }
            held[event]?.remove(at: index)
            return true
        }
        // One value removed twice (by two branches that merged) is listed once.
        var seen = Set<Listed>()
        return removed.sorted { $0.deletedDate < $1.deletedDate }.filter { seen.insert(Listed(event: EventKey(taskUUID: $0.taskUUID, occurrence: $0.occurrence), value: $0.value)).inserted }
    }

    /// `values` in readings: the values one version removed that were recorded at one time
    /// (a blood pressure's two numbers), in the order first met.
    public static func readings(_ values: [OCKDeletedValue]) -> [[OCKDeletedValue]] {
        var groups: [[OCKDeletedValue]] = []
        for value in values {
            if let index = groups.firstIndex(where: { $0[0].removedBy == value.removedBy && $0[0].value.createdDate == value.value.createdDate }) {
                groups[index].append(value)
            } else {
                groups.append([value])
            }
        }
        return groups
    }

    /// What identifies a recorded value across the versions of its outcome: its kind and when it
    /// was recorded (a correction keeps both).
    private struct Key: Hashable {
        var kind: String?
        var created: Date

        init(_ value: OCKOutcomeValue) {
            kind = value.kind
            created = value.createdDate
        }
    }

    private struct Listed: Hashable {
        var event: EventKey
        var value: OCKOutcomeValue
    }

    private struct EventKey: Hashable {
        var taskUUID: UUID
        var occurrence: Int
    }
}
