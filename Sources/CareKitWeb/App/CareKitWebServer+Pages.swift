import CareKit
import CareKitHTTP
import CareKitStore
import CareKitUI
import Foundation

/// The pages that are not tabs: what they read from the store and which page shows it (the
/// HTML is in Pages/).
extension CareKitWebServer {

    /// GET shows the survey of an assessment event; POST records the answers.
    func survey(_ request: HTTPRequest, eventID: String, csrf: String) async throws -> HTTPResponse {
        // Answers replace the outcome in the action's own transaction: a POST needs no outcome read first.
        let event = request.method == "POST" ? try await eventToChange(eventID) : try await event(eventID)
        guard let task = event.task as? OCKTask, let survey = task.survey?.inDisplayUnits() else {
            throw HTTPError(status: 404, message: loc("Task '{task}' has no survey.", ["task": event.task.id]))
        }
        if let tomorrow = startOfTomorrow, event.scheduleEvent.start >= tomorrow {
            throw HTTPError(
                status: 409,
                message: loc("{task} is on {day}, which has not come yet. You can answer it on the day.", ["task": task.title ?? task.id, "day": formatter.shortDay(event.scheduleEvent.start)]))
        }
        let returnPath = HTTPReturnPath.safe(request.method == "POST" ? (try? request.form())?["return"] : request.queryValue("return"), fallback: "/")
        let page = _SurveyPage(survey: survey, task: task, event: event, formatter: formatter, csrfToken: csrf, returnPath: returnPath)
        let form: OCKSurveyFormView
        var status = 200
        if request.method == "POST" {
            let fields = try checkedForm(request)
            let answers = OCKSurvey.answers(fromFormFields: fields.fields)
            do {
                let values = try survey.outcomeValues(answers: answers, createdDate: today)
                if fields["edit"] == "1" {
                    form = page.form(answers: answers)
                } else if fields["confirmed"] != "1", let confirm = confirmation(of: values, task: task, event: event, form: fields, action: OCKWebRoute.survey(event.id).path, csrf: csrf) {
                    return .html(shell.document(title: confirm.title, activeTab: shell.tab(returning: returnPath), main: confirm.main))
                } else {
                    try await store.replaceOutcomeValues(values, for: event, now: today, calendar: calendar)
                    return .redirect(to: returnPath + Self.fragment(fields["anchor"]))
                }
            } catch let error as OCKSurveyError {
                form = page.form(answers: answers, error: error)
                status = 400
            }
        } else {
            form = page.form(answers: survey.answers(from: event.outcome?.values ?? []))
        }
        return .html(shell.document(title: page.title, activeTab: shell.tab(returning: returnPath), main: page.main(form)), status: status)
    }

    /// GET /tasks/{id}: the version in effect today, or else the latest, and its history.
    func taskDetail(_ request: HTTPRequest, taskID id: String, csrf: String) async throws -> HTTPResponse {
        var query = OCKTaskQuery(for: today, calendar: calendar)
        query.ids = [id]
        var task = try await store.fetchAnyTasks(query: query).first
        if task == nil {
            var any = OCKTaskQuery()
            any.ids = [id]
            task = try await store.fetchAnyTasks(query: any).first
        }
        guard let task else { throw HTTPError(status: 404, message: loc("There is no task '{task}'.", ["task": id])) }
        var page = _TaskPage(task: task, formatter: formatter, backPath: HTTPReturnPath.safe(request.queryValue("return"), fallback: "/"))
        page.planLinks = planLinks(for: task)
        page.planNote = try await stopNote(taskID: id)
        // Notes travel with the plan: the newest version has them all.
        page.notes = (try? await store.latestTaskVersion(id: id))?.notes ?? task.notes ?? []
        page.history = try await history(of: id, request: request, csrf: csrf)
        var versions = OCKTaskQuery()
        versions.ids = [id]
        page.planHistory = _PlanHistory(versions: try await store.fetchAnyTasks(query: versions), formatter: formatter, now: today)
        var shell = self.shell
        shell.skipLinks = [OCKWebSkipLink(title: loc("Skip to the history"), anchor: _TaskHistory.anchor)]
        return .html(shell.document(title: page.title, activeTab: shell.tab(returning: page.backPath), main: page.main))
    }

    /// GET /connect/{id}
    func contactDetail(_ request: HTTPRequest, contactID id: String) async throws -> HTTPResponse {
        let controller = OCKDetailedContactViewController(contactID: id, store: store, date: today, calendar: calendar)
        await controller.synchronized()
        defer { controller.stopSynchronizing() }
        guard let contact = controller.viewModel?.contact else { throw HTTPError(status: 404, message: loc("There is no contact '{contact}'.", ["contact": id])) }
        var reportDays: (from: String, to: String)?
        if application.report != nil {
            let end = calendar.startOfDay(for: today)
            let start = calendar.date(byAdding: .day, value: -6, to: end) ?? end
            reportDays = (OCKDayCodec.string(from: start, calendar: calendar), OCKDayCodec.string(from: end, calendar: calendar))
        }
        let connect = application.tabs.first { $0.path == "connect" }?.path ?? "connect"
        let page = _ContactPage(contact: contact, card: controller.renderNode(), reportDays: reportDays, listPath: OCKWebRoute.tab(connect).path)
        return .html(shell.document(title: page.title, activeTab: connect, main: page.main))
    }
}

extension CareKitWebServer {
    /// The step that asks before values outside their target range are saved ("152 mmHg is
    /// above your target 90–140 mmHg. Save it?"), or nil when every value is within its range
    /// (or has none). Its Save posts `form` again with `confirmed=1`; Change it with `edit=1`
    /// (the form again, as typed), unless `back` says otherwise.
    func confirmation(
        of values: [OCKOutcomeValue], task: any OCKAnyTask, event: OCKAnyEvent, form: HTTPForm, action: String, csrf: String,
        back: _ConfirmPage.Back? = nil
    ) -> _ConfirmPage? {
        let element = event.scheduleEvent.element
        let measurement = (task as? OCKTask).flatMap(OCKTaskMeasurement.init(task:))
        let flagged = values.compactMap { value in OCKRangeFlag(value: value, element: element).map { (value, $0) } }
        guard !flagged.isEmpty else { return nil }
        let sentences = flagged.map { value, flag in
            let sentence = formatter.sentence(flag, value: formatter.value(value))
            guard let measurement, measurement.parts.count > 1, let part = measurement.part(for: value) else { return sentence }
            return loc("{measurement}: {sentence}", ["measurement": part.name, "sentence": sentence])
        }
        let reading =
            measurement.map { measurement in
                measurement.readings(of: values).map { formatter.reading($0.indices.map { values[$0] }) }.joined(separator: loc(", "))
            } ?? values.map(formatter.value).joined(separator: loc(", "))
        var page = _ConfirmPage(
            title: loc("Check this value"), sentences: sentences + [loc("Measure again if you can. Save it if it is what you measured.")],
            action: action, fields: form.fields, csrfToken: csrf, confirmLabel: loc("Save {value}", ["value": reading]))
        if let back { page.back = back }
        return page
    }
}
