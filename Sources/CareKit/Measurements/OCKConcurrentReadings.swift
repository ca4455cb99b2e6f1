import CareKitStore
import Foundation

/// The events of an interval as they were recorded on every device: the event the store shows
/// (its elected outcome) and, for an event two devices recorded while apart, one more event per
/// other outcome (``CareKitStore/OCKStore/fetchConcurrentOutcomes(taskIDs:dateInterval:)``).
/// The election decides whether an event is done; none of the readings behind it vanishes from
/// what a patient, a report or an alert reads.
public enum OCKConcurrentReadings {
    /// The other outcomes of `events`, as events of their own (the same task version and
    /// occurrence, another outcome). Empty for a store that keeps no concurrent outcomes (any
    /// store but `OCKStore`).
    public static func events(besides events: [OCKAnyEvent], store: any OCKAnyReadOnlyEventStore, interval: DateInterval) async throws -> [OCKAnyEvent] {
        guard let store = store as? OCKStore, !events.isEmpty else { return [] }
        let ids = Array(Set(events.map(\.task.id)))
        let others = try await store.fetchConcurrentOutcomes(taskIDs: ids, dateInterval: interval)
        guard !others.isEmpty else { return [] }
        let byEvent = Dictionary(events.map { (OCKEventID.make(taskUUID: $0.task.uuid, occurrence: $0.scheduleEvent.occurrence), $0) }, uniquingKeysWith: { first, _ in first })
        return others.compactMap { outcome in
            guard let event = byEvent[OCKEventID.make(taskUUID: outcome.taskUUID, occurrence: outcome.taskOccurrenceIndex)] else { return nil }
            return OCKAnyEvent(task: event.task, outcome: outcome, scheduleEvent: event.scheduleEvent)
        }
    }
}
