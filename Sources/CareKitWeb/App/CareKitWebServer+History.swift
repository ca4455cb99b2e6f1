import CareKit
import CareKitHTTP
import CareKitStore
import CareKitUI
import Foundation

/// A task's history on its page, and correcting or deleting what was recorded.
extension CareKitWebServer {

    /// The recorded entries of a task for ``_TaskHistory/days`` days up to `?until=` (else today).
    func history(of taskID: String, request: HTTPRequest, csrf: String) async throws -> _TaskHistory {
        let startOfToday = calendar.startOfDay(for: today)
        var through = startOfToday
        if let text = request.queryValue("until") {
            guard let day = try? OCKDayCodec.date(from: text, calendar: calendar) else {
                throw HTTPError(status: 400, message: loc("'{text}' is not a date; write it as YYYY-MM-DD.", ["text": text]))
            }
            through = min(day, startOfToday)
        }
        let from = calendar.date(byAdding: .day, value: 1 - _TaskHistory.days, to: through) ?? through
        var query = OCKEventQuery(dateInterval: .ockDays(from: from, through: through, calendar: calendar))
        query.taskIDs = [taskID]
        let all = try await store.fetchAnyEvents(query: query)
        // What was deleted stays in the history, as deleted (an OCKStore keeps every version).
        let interval = DateInterval.ockDays(from: from, through: through, calendar: calendar)
        var deleted: [OCKDeletedValue] = []
        if let store = store as? OCKStore { deleted = try await deletedValues(taskID: taskID, interval: interval, store: store) }
        let concurrent = try await OCKConcurrentReadings.events(besides: all, store: store, interval: interval)
        let events = all.filter { event in
            event.outcome != nil || deleted.contains { $0.taskUUID == event.task.uuid && $0.occurrence == event.scheduleEvent.occurrence }
        }
        var earlier: String?
        if try await OCKInsightsData.lastRecordedDay(before: from, taskID: taskID, store: store, calendar: calendar) != nil,
            let before = calendar.date(byAdding: .day, value: -1, to: from)
        {
            earlier = OCKWebRoute.task(taskID).path(query: Self.keeping(request, "return") + [("until", OCKDayCodec.string(from: before, calendar: calendar))])
        }
        return _TaskHistory(
            events: events, deleted: deleted, concurrent: concurrent, from: from, through: through, formatter: formatter, csrfToken: csrf,
            returnPath: request.pathWithQuery(), earlierPath: earlier, recordsBefore: startOfTomorrow, now: today)
    }

    /// The query fields of a request with these names, in order.
    static func keeping(_ request: HTTPRequest, _ names: String...) -> [(String, String)] {
        names.compactMap { name in request.queryValue(name).map { (name, $0) } }
    }

    /// An action guarded by the outcome version the form was made with (`version`), when it has one.
    static func ifVersion(_ form: HTTPForm, _ action: OCKEventAction) throws(HTTPError) -> OCKEventAction {
        guard let text = form["version"] else { return action }
        guard let uuid = UUID(uuidString: text) else { throw HTTPError(status: 400, message: loc("'{text}' is not an entry version.", ["text": text])) }
        return .ifOutcomeVersion(uuid, action)
    }

    /// POST /events/{id}/values/{n}/correct: `value` replaces the n-th value, read as the task
    /// reads a new one (a survey's question checks its answer), keeping its unit, kind and date.
    func correctValue(_ request: HTTPRequest, eventID: String, index: Int, csrf: String) async throws -> HTTPResponse {
        let form = try checkedForm(request)
        let event = try await event(eventID)
        guard let values = event.outcome?.values, values.indices.contains(index) else {
            throw HTTPError(status: 409, message: loc("That entry of {task} is no longer there. Reload the page to see the entries as they are.", ["task": event.task.title ?? event.task.id]))
        }
        let recorded = values[index]
        let text = form["value"] ?? ""
        let measurement = (event.task as? OCKTask).flatMap(OCKTaskMeasurement.init(task:))
        if let measurement, measurement.isPaired, measurement.reading(at: index, of: values).indices.count > 1 {
            return try await correctReading(request, form: form, event: event, reading: measurement.reading(at: index, of: values), text: text, measurement: measurement, csrf: csrf)
        }
        let corrected: OCKOutcomeValue
        do {
            if let survey = (event.task as? OCKTask)?.survey?.inDisplayUnits(), let value = try survey.correctedValue(recorded, answer: text) {
                corrected = value
            } else {
                guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw HTTPError(status: 400, message: loc("Enter the corrected value, or delete the entry."))
                }
                corrected = try Self.typedMeasurement(text, units: recorded.units, kind: recorded.kind, createdDate: recorded.createdDate)
                if let measurement = (event.task as? OCKTask).flatMap(OCKTaskMeasurement.init(task:)), let problem = measurement.problem(with: [corrected]) {
                    throw HTTPError(status: 400, message: OCKMeasurementNames.refusal(problem))
                }
            }
        } catch let error as OCKSurveyError {
            throw HTTPError(status: 400, message: error.message)
        } catch let error as OCKStoreError {
            throw HTTPError(status: 400, message: error.reason)
        }
        let back = OCKWebRoute.task(event.task.id).path(query: [("return", form["return"] ?? "/")])
        if form["confirmed"] != "1",
            let confirm = confirmation(
                of: [corrected], task: event.task, event: event, form: form, action: OCKWebRoute.correctEventValue(event.id, index: index).path, csrf: csrf,
                back: .link(label: loc("Change it"), path: back))
        {
            return .html(shell.document(title: confirm.title, activeTab: shell.tab(returning: form["return"] ?? "/"), main: confirm.main))
        }
        // The version check makes this read-then-write safe: a change in between is refused.
        let action = try Self.ifVersion(form, .replaceValue(at: index, with: corrected))
        _ = try await store.perform(action, on: event, now: today, calendar: calendar)
        return afterChange(request, form: form, fallback: OCKWebRoute.task(event.task.id).path)
    }

    /// A paired reading corrected as one ("128/84"): both values replaced in a new version,
    /// each keeping its kind and the time it was recorded.
    func correctReading(
        _ request: HTTPRequest, form: HTTPForm, event: OCKAnyEvent, reading: OCKTaskMeasurement.Reading, text: String, measurement: OCKTaskMeasurement, csrf: String
    ) async throws -> HTTPResponse {
        guard var values = event.outcome?.values else {
            throw HTTPError(status: 409, message: loc("That entry of {task} is no longer there. Reload the page to see the entries as they are.", ["task": event.task.title ?? event.task.id]))
        }
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { throw HTTPError(status: 400, message: loc("Enter the corrected value, or delete the entry.")) }
        let first = values[reading.indices[0]]
        var typed = try Self.typedReading(text, measurement: measurement, units: first.units, kind: nil, createdDate: first.createdDate)
        guard typed.count == reading.indices.count else {
            throw HTTPError(status: 400, message: loc("Enter both numbers, such as 128/84."))
        }
        for (position, index) in reading.indices.enumerated() {
            typed[position].kind = values[index].kind ?? typed[position].kind
            typed[position].createdDate = values[index].createdDate
            values[index] = typed[position]
        }
        let back = OCKWebRoute.task(event.task.id).path(query: [("return", form["return"] ?? "/")])
        if form["confirmed"] != "1",
            let confirm = confirmation(
                of: typed, task: event.task, event: event, form: form, action: OCKWebRoute.correctEventValue(event.id, index: reading.indices[0]).path, csrf: csrf,
                back: .link(label: loc("Change it"), path: back))
        {
            return .html(shell.document(title: confirm.title, activeTab: shell.tab(returning: form["return"] ?? "/"), main: confirm.main))
        }
        _ = try await store.perform(try Self.ifVersion(form, .replaceValues(values)), on: event, now: today, calendar: calendar)
        return afterChange(request, form: form, fallback: OCKWebRoute.task(event.task.id).path)
    }
}
