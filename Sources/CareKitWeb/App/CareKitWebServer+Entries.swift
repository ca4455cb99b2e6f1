import CareKit
import CareKitHTTP
import CareKitStore
import CareKitUI
import Foundation

/// Deleting an entry (after asking) and undoing it: nothing recorded disappears without a trace.
extension CareKitWebServer {

    /// GET|POST /events/{id}/values/{n}/delete: without `confirmed=1`, the page that asks
    /// ("Delete 310 mmHg, recorded Tue 8:02 AM?"); with it, removes the reading that holds the
    /// n-th value (both numbers of a blood pressure), guarded by the version shown (`version`).
    func deleteReading(_ request: HTTPRequest, eventID: String, index: Int, csrf: String) async throws -> HTTPResponse {
        let form: HTTPForm? = request.method == "POST" ? try checkedForm(request) : nil
        let event = try await event(eventID)
        let returnPath = HTTPReturnPath.safe(form?["return"] ?? request.queryValue("return"), fallback: OCKWebRoute.task(event.task.id).path)
        guard let outcome = event.outcome, outcome.values.indices.contains(index) else {
            throw HTTPError(status: 409, message: loc("That entry of {task} is no longer there. Reload the page to see the entries as they are.", ["task": event.task.title ?? event.task.id]))
        }
        let measurement = (event.task as? OCKTask).flatMap(OCKTaskMeasurement.init(task:))
        let reading = measurement?.reading(at: index, of: outcome.values) ?? OCKTaskMeasurement.Reading(indices: [index])
        let members = reading.indices.map { outcome.values[$0] }
        let shown = _TaskHistory.text(of: members, formatter: formatter)
        let version = (outcome as? any OCKVersionedObjectCompatible)?.uuid.uuidString
        guard let form, form["confirmed"] == "1" else {
            let recorded = members[0].createdDate
            let page = _ConfirmPage(
                title: loc("Delete this entry?"),
                sentences: [
                    loc(
                        "{task}: {value}, recorded {day} at {time}.",
                        ["task": event.task.title ?? event.task.id, "value": shown, "day": formatter.shortDay(recorded), "time": formatter.time(recorded)]),
                    loc("It stays in the history as deleted, and you can undo it for {minutes} minutes.", ["minutes": OCKLocalization.number(Int(_TaskHistory.undoWindow / 60))])
                ],
                action: OCKWebRoute.deleteEventValue(event.id, index: index).path,
                fields: [("return", returnPath)] + (version.map { [("version", $0)] } ?? []), csrfToken: csrf,
                confirmLabel: loc("Delete {value}", ["value": shown]), isDestructive: true,
                back: .link(label: loc("Keep it"), path: returnPath))
            return .html(shell.document(title: page.title, activeTab: shell.tab(returning: returnPath), main: page.main))
        }
        var remaining = outcome.values
        for position in reading.indices.sorted(by: >) { remaining.remove(at: position) }
        let action = try Self.ifVersion(form, remaining.isEmpty ? .markIncomplete : .replaceValues(remaining))
        _ = try await store.perform(action, on: event, now: today, calendar: calendar)
        return afterChange(request, form: form, fallback: returnPath)
    }

    /// POST /events/{id}/values/restore: puts back, as a new version, the values that the
    /// version `removed_by` removed and that were recorded at `recorded`, within
    /// ``_TaskHistory/undoWindow`` of their deletion. The values come from the store's own
    /// history, never from the form.
    func restoreValues(_ request: HTTPRequest, eventID: String) async throws -> HTTPResponse {
        let form = try checkedForm(request)
        guard let store = store as? OCKStore else { throw HTTPError(status: 404, message: loc("This store keeps no history of deleted entries.")) }
        let event = try await event(eventID)
        guard let removedBy = form["removed_by"].flatMap(UUID.init(uuidString:)), let recorded = form["recorded"].flatMap(Double.init) else {
            throw HTTPError(status: 400, message: loc("That is not an entry that was deleted."))
        }
        let deleted = try await deletedValues(
            taskID: event.task.id, interval: DateInterval(start: event.scheduleEvent.start, end: max(event.scheduleEvent.end, event.scheduleEvent.start.addingTimeInterval(1))), store: store
        )
        .filter { $0.taskUUID == event.task.uuid && $0.occurrence == event.scheduleEvent.occurrence && $0.removedBy == removedBy && $0.value.createdDate.timeIntervalSinceReferenceDate == recorded }
        guard let first = deleted.first else {
            throw HTTPError(status: 409, message: loc("That entry is no longer deleted, or was never recorded here. Reload the page to see the entries as they are."))
        }
        guard today.timeIntervalSince(first.deletedDate) < _TaskHistory.undoWindow else {
            throw HTTPError(
                status: 409, message: loc("It is more than {minutes} minutes since it was deleted: record it again instead.", ["minutes": OCKLocalization.number(Int(_TaskHistory.undoWindow / 60))]))
        }
        let action: OCKEventAction =
            event.outcome.flatMap { ($0 as? any OCKVersionedObjectCompatible)?.uuid }.map { .ifOutcomeVersion($0, .appendValues(deleted.map(\.value))) } ?? .appendValues(deleted.map(\.value))
        _ = try await store.perform(action, on: event, now: today, calendar: calendar)
        return afterChange(request, form: form, fallback: OCKWebRoute.task(event.task.id).path)
    }

    /// The values deleted from a task's events in an interval, and not restored since.
    func deletedValues(taskID: String, interval: DateInterval, store: OCKStore) async throws -> [OCKDeletedValue] {
        let versions = try await store.fetchOutcomeHistory(taskIDs: [taskID], dateInterval: interval)
        var query = OCKOutcomeQuery(dateInterval: interval)
        query.taskIDs = [taskID]
        return OCKDeletedValue.removed(in: versions, current: try await store.fetchOutcomes(query: query))
    }
}
