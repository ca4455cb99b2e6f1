import CareKitStore
import CareKitUI
import Foundation

/// The care report's "Deleted entries": every value recorded in the period and deleted since,
/// with when it was recorded and when it was deleted ("310 mmHg, recorded Tue 8:02 AM, deleted
/// 8:05 AM"), so that a clinician reading "130 mmHg" also sees the 310 it replaced. Only a store
/// that keeps its versions (`OCKStore`) can say; for any other the section is left out.
enum _CareReportDeletions {
    static func elements(store: any OCKAnyReadOnlyEventStore, tasks: [any OCKAnyTask], interval: DateInterval, formatter: OCKEventFormatter) async throws -> [any OCKDocumentElement] {
        guard let store = store as? OCKStore, !tasks.isEmpty else { return [] }
        let ids = Array(Set(tasks.map(\.id)))
        let versions = try await store.fetchOutcomeHistory(taskIDs: ids, dateInterval: interval)
        var query = OCKOutcomeQuery(dateInterval: interval)
        query.taskIDs = ids
        let deleted = OCKDeletedValue.removed(in: versions, current: try await store.fetchOutcomes(query: query))
        guard !deleted.isEmpty else { return [] }
        var byUUID = Dictionary(tasks.map { ($0.uuid, $0) }, uniquingKeysWith: { first, _ in first })
        // Outcomes name the task version they were recorded for, which may be an earlier one.
        let missing = Set(deleted.map(\.taskUUID)).subtracting(byUUID.keys)
        if !missing.isEmpty {
            var versions = OCKTaskQuery()
            versions.uuids = Array(missing)
            for task in try await store.fetchAnyTasks(query: versions) { byUUID[task.uuid] = task }
        }
        let calendar = formatter.calendar
        let dates = OCKDateFormatting(calendar: calendar, locale: formatter.locale)
        func when(_ date: Date) -> String {
            loc("{day}, {time}", ["day": dates.string(from: date, template: "EEEMMMd"), "time": formatter.time(date)])
        }
        // Values removed together at one time of recording are one reading (128/84 mmHg).
        let groups = OCKDeletedValue.readings(deleted)
        var rows: [[String]] = []
        for group in groups.sorted(by: { $0[0].value.createdDate < $1[0].value.createdDate }) {
            let first = group[0]
            let task = byUUID[first.taskUUID]
            let values = group.map(\.value)
            let text = values.count > 1 ? formatter.reading(values) : (values[0].booleanValue == true && values[0].kind == nil ? loc("Done") : formatter.value(values[0]))
            var taskName = task?.title ?? task?.id ?? "–"
            if let event = task?.schedule.event(forOccurrenceIndex: first.occurrence) {
                taskName += " (" + when(event.start) + ")"
            }
            rows.append([taskName, text, when(first.value.createdDate), when(first.deletedDate)])
        }
        return [
            OCKDocumentElementSubtitle(subtitle: loc("Deleted entries")),
            OCKDocumentElementParagraph(content: loc("Recorded in this period and deleted later; the values above do not include them.")),
            OCKDocumentElementTable(headers: [loc("Task"), loc("Entry"), loc("Recorded at"), loc("Deleted at")], rows: rows)
        ]
    }
}
