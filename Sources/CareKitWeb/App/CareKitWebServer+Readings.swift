import CareKit
import CareKitHTTP
import CareKitStore
import CareKitUI
import Foundation

/// Readings two devices recorded for one event while apart: the cards show the one recorded
/// first (the store's election); the day's page lists the others, so that none vanishes.
extension CareKitWebServer {
    /// "Also recorded on another device": the other readings of the events that start on `day`,
    /// each with its task, time and flag and a link to the task's history; nil without any.
    func concurrentReadings(on day: Date, returnPath: String) async throws -> HTMLNode? {
        guard let store = store as? OCKStore else { return nil }
        let interval = DateInterval.ockDay(containing: day, calendar: calendar)
        let others = try await store.fetchConcurrentOutcomes(taskIDs: [], dateInterval: interval)
        guard !others.isEmpty else { return nil }
        var query = OCKTaskQuery()
        query.uuids = Array(Set(others.map(\.taskUUID)))
        let tasks = Dictionary(try await store.fetchTasks(query: query).map { ($0.uuid, $0) }, uniquingKeysWith: { first, _ in first })
        let items: [HTMLNode] = others.compactMap { outcome in
            guard let task = tasks[outcome.taskUUID], let event = task.schedule.event(forOccurrenceIndex: outcome.taskOccurrenceIndex) else { return nil }
            let measurement = OCKTaskMeasurement(task: task)
            let readings = measurement?.readings(of: outcome.values) ?? outcome.values.indices.map { OCKTaskMeasurement.Reading(indices: [$0]) }
            var line: [HTMLNode] = [
                .element("a", [HTMLAttribute("href", OCKWebRoute.task(task.id).path(query: [("return", returnPath)]))], [.text(task.title ?? task.id)]),
                .text(" · " + formatter.shortTimeDescription(event) + " · ")
            ]
            for (index, reading) in readings.enumerated() {
                let members = reading.indices.map { outcome.values[$0] }
                if index > 0 { line.append(.text(loc(", "))) }
                line.append(.element("strong", [], [.text(_TaskHistory.text(of: members, formatter: formatter))]))
                let flags = members.compactMap { formatter.valueFlag($0, element: event.element) }
                if let flag = flags.first { line += [.text(" "), OCKValueFlag(text: flag.text, isHigh: flag.isHigh).node] }
            }
            return .element("li", [], line)
        }
        guard !items.isEmpty else { return nil }
        return .element(
            "section", [.class("ock-card ck-concurrent-readings"), .aria("labelledby", "ck-concurrent-heading")],
            [
                .element("h2", [.id("ck-concurrent-heading")], [.text(loc("Also recorded on another device"))]),
                .element(
                    "p", [.class("ck-entry-when")],
                    [.text(loc("Two devices recorded these events while apart. The cards count the reading recorded first; these are kept too, and your care team sees them."))]),
                .element("ul", [], items)
            ])
    }
}
