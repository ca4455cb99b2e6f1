import CareKit
import CareKitHTTP
import CareKitStore
import CareKitUI
import Foundation

extension CareKitWebServer {

    /// Reads and checks a state-changing form: same origin, the browser's CSRF token.
    func checkedForm(_ request: HTTPRequest) throws -> HTTPForm {
        let form = try request.form()
        guard WebSecurity.csrf.verify(request, form: form) else {
            throw HTTPError(status: 403, message: loc("This form expired or came from another site, so nothing was changed. Reload the page and try again."))
        }
        return form
    }

    /// After a change: 204 for scripts (they refresh the page themselves), else back to the page.
    func afterChange(_ request: HTTPRequest, form: HTTPForm, fallback: String) -> HTTPResponse {
        if request.header("x-carekit-fragment") != nil { return HTTPResponse(status: 204) }
        return .redirect(to: HTTPReturnPath.safe(form["return"], fallback: fallback) + Self.fragment(form["anchor"]))
    }

    /// `#anchor` for a card's id (letters, digits, `-` and `_` only), else nothing.
    static func fragment(_ anchor: String?) -> String {
        guard let anchor, !anchor.isEmpty, anchor.count <= 80,
            anchor.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_") })
        else { return "" }
        return "#" + anchor
    }

    /// The event with an id, with its outcome as it is now (two reads: its task version, then
    /// the occurrence).
    func event(_ id: String) async throws -> OCKAnyEvent {
        let event = try await eventToChange(id)
        return try await store.fetchAnyEvent(forTask: event.task, occurrence: event.scheduleEvent.occurrence)
    }

    /// The event an action is about, read no more than the action needs: its task version (one
    /// read), without the outcome, which the action reads itself in the transaction that
    /// changes it (``OCKAnyEventStore/perform(_:on:now:calendar:)``). Reading it here too would
    /// only read it twice, and the copy read here could be stale by then.
    func eventToChange(_ id: String) async throws -> OCKAnyEvent {
        guard let (uuid, occurrence) = OCKEventID.parse(id) else { throw HTTPError(status: 404, message: loc("'{event}' is not an event of this app.", ["event": id])) }
        var query = OCKTaskQuery()
        query.uuids = [uuid]
        guard let task = try await store.fetchAnyTasks(query: query).first, let scheduleEvent = task.schedule.event(forOccurrenceIndex: occurrence) else {
            throw HTTPError(status: 404, message: loc("There is no event {event} in this store.", ["event": id]))
        }
        return OCKAnyEvent(task: task, outcome: nil, scheduleEvent: scheduleEvent)
    }

    /// POST /events/{id}/complete | log | values/{n}/delete: checks the form, then applies the
    /// action `makeAction` reads from it to the event (see ``OCKWebRoute``).
    func eventAction(
        _ request: HTTPRequest, eventID: String,
        _ makeAction: (HTTPForm, Date, OCKAnyEvent) throws -> OCKEventAction
    ) async throws -> HTTPResponse {
        let form = try checkedForm(request)
        let now = today
        // A tap queued offline and sent again after its answer was lost is applied once.
        let requestID = try _OfflineSupport.requestID(form)
        if let requestID, !requestLedger.claim(requestID) { return afterChange(request, form: form, fallback: "/") }
        do {
            // A tap is recorded when it was made (`tapped_at`, a tap queued offline), not when it
            // arrived: a dose ticked on time and sent later is not marked late.
            let tapped = _OfflineSupport.tapDate(form, now: now)
            let event = try await eventToChange(eventID)
            let action = try makeAction(form, tapped, event)
            _ = try await store.perform(action, on: event, now: tapped, calendar: calendar)
        } catch {
            if let requestID { requestLedger.release(requestID) }
            throw error
        }
        return afterChange(request, form: form, fallback: "/")
    }

    /// What a log form records: its value (read by ``OCKOutcomeValue/init(parsing:units:kind:createdDate:)``:
    /// a 400 saying why for an ambiguous one such as "1,234") with its unit, or a tap.
    ///
    /// A value for a task that measures something (``OCKTaskMeasurement``) is read as one
    /// reading of it ("128/84" for a blood pressure) and refused (400, with what to type) when
    /// no body can have it.
    static func logAction(_ form: HTTPForm, now: Date, task: any OCKAnyTask) throws(HTTPError) -> OCKEventAction {
        guard let text = form["value"], !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            return .appendValues([OCKOutcomeValue(true, units: nil, kind: nil, createdDate: now)])
        }
        let units = form["unit"].flatMap { $0.isEmpty ? nil : $0 }
        if let measurement = (task as? OCKTask).flatMap(OCKTaskMeasurement.init(task:)) {
            return .appendValues(try typedReading(text, measurement: measurement, units: units, kind: nil, createdDate: now))
        }
        return .appendValues([try typedMeasurement(text, units: units, kind: nil, createdDate: now)])
    }

    /// What a page about a day that has not come yet says above its read-only cards.
    func futureDayNotice(_ day: Date) -> String? {
        guard let tomorrow = startOfTomorrow, day >= tomorrow else { return nil }
        return loc("{day} has not come yet: this is what is planned. You can record it on the day.", ["day": formatter.shortDay(day)])
    }

    // MARK: Reports

    /// GET /report?from=&to=[&format=pdf|html][&contact=]: without a format, the report in the
    /// app's frame with the days to choose and the PDF to download.
    func report(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let provider = application.report else { throw HTTPError(status: 404, message: loc("This app does not make reports.")) }
        let end = calendar.startOfDay(for: today)
        let defaultStart = calendar.date(byAdding: .day, value: -6, to: end) ?? end
        func day(_ name: String, _ fallback: Date) throws -> Date {
            guard let text = request.queryValue(name), !text.isEmpty else { return fallback }
            guard let value = try? OCKDayCodec.date(from: text, calendar: calendar) else {
                throw HTTPError(status: 400, message: loc("'{text}' is not a date; write it as YYYY-MM-DD.", ["text": text]))
            }
            return value
        }
        let from = try day("from", defaultStart)
        let to = try day("to", end)
        guard from <= to else { throw HTTPError(status: 400, message: loc("The report must start on or before the day it ends.")) }
        guard let days = calendar.dateComponents([.day], from: from, to: to).day, days <= 366 else {
            throw HTTPError(status: 400, message: loc("A report covers at most a year; choose a shorter range."))
        }
        let interval = DateInterval.ockDays(from: from, through: to, calendar: calendar)
        var recipient: (any OCKAnyContact)?
        if let contactID = request.queryValue("contact") {
            var query = OCKContactQuery(for: today, calendar: calendar)
            query.ids = [contactID]
            recipient = try await store.fetchAnyContacts(query: query).first
        }
        let document = try await provider.document(store: store, interval: interval, formatter: formatter, recipient: recipient)
        let (fromText, toText) = (OCKDayCodec.string(from: from, calendar: calendar), OCKDayCodec.string(from: to, calendar: calendar))
        let name = "carekit-report-\(fromText)-\(toText)"
        switch request.queryValue("format") {
        case nil:
            let range = loc("{from} – {to}", ["from": formatter.shortDay(from), "to": formatter.shortDay(to)])
            let hasName = try await store.latestPatient().map { !OCKContactFormatting.name($0.name).isEmpty } ?? false
            let page = _ReportPage(document: document, from: fromText, to: toText, range: range, hasPatientName: hasName)
            return .html(shell.document(title: page.title, activeTab: _WebShell.reportTab, main: page.main))
        case "html":
            return .html(document.htmlContent)
        case "pdf":
            var response = HTTPResponse.data(try Self.pdf(of: document), contentType: "application/pdf")
            response.setHeader("Content-Disposition", "attachment; filename=\"\(name).pdf\"")
            return response
        case let other?:
            throw HTTPError(status: 400, message: loc("Reports come as pdf or html, not '{format}'.", ["format": other]))
        }
    }
}
