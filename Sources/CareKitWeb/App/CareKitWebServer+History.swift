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
        let events = try await store.fetchAnyEvents(query: query).filter { $0.outcome != nil }
        var earlier: String?
        if try await OCKInsightsData.lastRecordedDay(before: from, taskID: taskID, store: store, calendar: calendar) != nil,
            let before = calendar.date(byAdding: .day, value: -1, to: from)
        {
            earlier = OCKWebRoute.task(taskID).path(query: Self.keeping(request, "return") + [("until", OCKDayCodec.string(from: before, calendar: calendar))])
        }
        return _TaskHistory(
            events: events, from: from, through: through, formatter: formatter, csrfToken: csrf,
            returnPath: request.pathWithQuery(), earlierPath: earlier, recordsBefore: startOfTomorrow)
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
    func correctValue(_ request: HTTPRequest, eventID: String, index: Int) async throws -> HTTPResponse {
        let form = try checkedForm(request)
        let event = try await event(eventID)
        guard let values = event.outcome?.values, values.indices.contains(index) else {
            throw HTTPError(status: 409, message: loc("That entry of {task} is no longer there. Reload the page to see the entries as they are.", ["task": event.task.title ?? event.task.id]))
        }
        let recorded = values[index]
        let text = form["value"] ?? ""
        let corrected: OCKOutcomeValue
        do {
            if let survey = (event.task as? OCKTask)?.survey?.inDisplayUnits(), let value = try survey.correctedValue(recorded, answer: text) {
                corrected = value
            } else {
                guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw HTTPError(status: 400, message: loc("Enter the corrected value, or delete the entry."))
                }
                corrected = try Self.typedMeasurement(text, units: recorded.units, kind: recorded.kind, createdDate: recorded.createdDate)
            }
        } catch let error as OCKSurveyError {
            throw HTTPError(status: 400, message: error.message)
        } catch let error as OCKStoreError {
            throw HTTPError(status: 400, message: error.reason)
        }
        // The version check makes this read-then-write safe: a change in between is refused.
        let action = try Self.ifVersion(form, .replaceValue(at: index, with: corrected))
        _ = try await store.perform(action, on: event, now: today, calendar: calendar)
        return afterChange(request, form: form, fallback: OCKWebRoute.task(event.task.id).path)
    }
}
