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
            throw HTTPError(status: 403, message: "This form expired or came from another site, so nothing was changed. Reload the page and try again.")
        }
        return form
    }

    /// After a change: 204 for scripts (they refresh the page themselves), else back to the page.
    func afterChange(_ request: HTTPRequest, form: HTTPForm, fallback: String) -> HTTPResponse {
        if request.header("x-carekit-fragment") != nil { return HTTPResponse(status: 204) }
        return .redirect(to: HTTPReturnPath.safe(form["return"], fallback: fallback))
    }

    func event(_ id: String) async throws -> OCKAnyEvent {
        guard OCKEventID.parse(id) != nil else { throw HTTPError(status: 404, message: "'\(id)' is not an event of this app.") }
        do {
            return try await store.fetchAnyEvent(withID: id)
        } catch {
            throw HTTPError(status: 404, message: "There is no event \(id) in this store.")
        }
    }

    /// POST /events/{id}/complete | log | values/{n}/delete
    func eventAction(_ request: HTTPRequest, parts: [String], csrf: String) async throws -> HTTPResponse {
        let form = try checkedForm(request)
        let event = try await event(parts[1])
        let now = today
        let action: OCKEventAction
        switch Array(parts.dropFirst(2)) {
        case ["complete"]:
            switch form["completed"] {
            case "true": action = .complete
            case "false": action = .markIncomplete
            case nil: action = .toggleCompletion
            case let other?: throw HTTPError(status: 400, message: "'completed' must be true or false, not '\(other)'.")
            }
        case ["log"]:
            let value: OCKOutcomeValue
            if let text = form["value"], !text.trimmingCharacters(in: .whitespaces).isEmpty {
                value = OCKOutcomeValue(Self.parseValue(text), units: form["unit"].flatMap { $0.isEmpty ? nil : $0 }, kind: nil, createdDate: now)
            } else {
                value = OCKOutcomeValue(true, units: nil, kind: nil, createdDate: now)
            }
            action = .appendValues([value])
        case let path where path.count == 3 && path[0] == "values" && path[2] == "delete":
            guard let index = Int(path[1]), index >= 0 else { throw HTTPError(status: 400, message: "'\(path[1])' is not a value number.") }
            action = .deleteValue(at: index)
        default:
            throw HTTPError(status: 404, message: "Events do not have an action called \(parts.dropFirst(2).joined(separator: "/")).")
        }
        _ = try await store.perform(action, on: event, now: now, calendar: calendar)
        return afterChange(request, form: form, fallback: "/")
    }

    /// What a page about a day that has not come yet says above its read-only cards.
    func futureDayNotice(_ day: Date) -> String? {
        guard let tomorrow = startOfTomorrow, day >= tomorrow else { return nil }
        return "\(formatter.shortDay(day)) has not come yet: this is what is planned. You can record it on the day."
    }

    static func parseValue(_ text: String) -> any OCKOutcomeValueUnderlyingType {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let integer = Int(trimmed) { return integer }
        if let number = Double(trimmed.replacingOccurrences(of: ",", with: ".")), number.isFinite { return number }
        return trimmed
    }

    // MARK: Surveys

    /// GET shows the survey of an assessment event; POST records the answers.
    func survey(_ request: HTTPRequest, eventID: String, csrf: String) async throws -> HTTPResponse {
        let event = try await event(eventID)
        guard let task = event.task as? OCKTask, let survey = task.survey else {
            throw HTTPError(status: 404, message: "Task '\(event.task.id)' has no survey.")
        }
        if let tomorrow = startOfTomorrow, event.scheduleEvent.start >= tomorrow {
            throw HTTPError(status: 409, message: "\(task.title ?? task.id) is on \(formatter.shortDay(event.scheduleEvent.start)), which has not come yet. You can answer it on the day.")
        }
        let returnPath = HTTPReturnPath.safe(request.method == "POST" ? (try? request.form())?["return"] : request.queryValue("return"), fallback: "/")
        let form = OCKSurveyFormView(survey: survey)
        form.headerView.titleLabel.text = survey.title ?? task.title ?? task.id
        form.headerView.detailLabel.text = "\(formatter.shortDay(event.scheduleEvent.start)), \(formatter.timeDescription(event.scheduleEvent))"
        form.cancelURL = returnPath
        form.action = OCKFormAction(method: .post, url: "/survey/" + URLEncoding.encode(event.id),
                                    hiddenFields: [OCKFormField(name: WebSecurity.csrfField, value: csrf), OCKFormField(name: "return", value: returnPath)])
        if let instructions = task.instructions { form.headerView.detailLabel.text = (form.headerView.detailLabel.text ?? "") + " · " + instructions }

        var status = 200
        if request.method == "POST" {
            let fields = try checkedForm(request)
            let answers = OCKSurvey.answers(fromFormFields: fields.fields)
            do {
                let values = try survey.outcomeValues(answers: answers, createdDate: today)
                try await store.replaceOutcomeValues(values, for: event, now: today, calendar: calendar)
                return .redirect(to: returnPath)
            } catch let error as OCKSurveyError {
                form.answers = answers
                form.error = error
                status = 400
            }
        } else {
            form.answers = survey.answers(from: event.outcome?.values ?? [])
        }
        let title = task.title ?? "Survey"
        let main: [HTMLNode] = [
            .element("div", [.class("ck-page-heading")], [.element("h2", [.class("ck-page-title")], [.text(title)])]),
            .element("div", [.class("ock-card-list")], [form.render(standalone: true)]),
        ]
        return .html(document(title: title, activeTab: nil, main: main), status: status)
    }

    // MARK: Task and contact pages

    func taskDetail(_ request: HTTPRequest, taskID id: String, csrf: String) async throws -> HTTPResponse {
        var query = OCKTaskQuery(for: today, calendar: calendar)
        query.ids = [id]
        var task = try await store.fetchTasks(query: query).first
        if task == nil {
            var any = OCKTaskQuery()
            any.ids = [id]
            task = try await store.fetchTasks(query: any).first
        }
        guard let task else { throw HTTPError(status: 404, message: "There is no task '\(id)'.") }
        let detail = OCKDetailView(title: task.title ?? task.id, body: task.instructions ?? "No instructions.")
        let formatter = self.formatter
        let schedule = task.schedule.elements.map(formatter.scheduleDescription)
        let back = HTTPReturnPath.safe(request.queryValue("return"), fallback: "/")
        let main: [HTMLNode] = [
            .element("div", [.class("ck-page-heading")], [.element("h2", [.class("ck-page-title")], [.text(task.title ?? task.id)])]),
            .element("div", [.class("ock-card-list")], [
                detail.render(standalone: true),
                .element("section", [.class("ock-card ck-schedule")], [
                    .element("h3", [], [.text("Schedule")]),
                    .element("ul", [], schedule.map { .element("li", [], [.text($0)]) }),
                ]),
                .element("p", [], [.element("a", [HTMLAttribute("href", back), .class("ck-back")], [.text("Back")])]),
            ]),
        ]
        return .html(document(title: task.title ?? task.id, activeTab: nil, main: main))
    }

    func contactDetail(_ request: HTTPRequest, contactID id: String, csrf: String) async throws -> HTTPResponse {
        let controller = OCKDetailedContactViewController(contactID: id, store: store, date: today, calendar: calendar)
        await controller.synchronized()
        defer { controller.stopSynchronizing() }
        guard let contact = controller.viewModel?.contact else { throw HTTPError(status: 404, message: "There is no contact '\(id)'.") }
        var content: [HTMLNode] = [controller.renderNode()]
        if application.report != nil {
            let end = calendar.startOfDay(for: today)
            let start = calendar.date(byAdding: .day, value: -6, to: end) ?? end
            content.append(.element("form", [.class("ock-card ck-report-form"), HTMLAttribute("method", "get"), HTMLAttribute("action", "/report")], [
                .element("h3", [.class("ck-card-heading")], [.text("Send report")]),
                .element("p", [.class("ock-text-subheadline")], [.text("A summary of your care plan for \(OCKContactFormatting.name(contact.name)): tasks completed and measurements recorded.")]),
                .element("input", [HTMLAttribute("type", "hidden"), HTMLAttribute("name", "contact"), HTMLAttribute("value", contact.id)]),
                .element("div", [.class("ck-report-range")], [
                    .element("label", [], [.text("From "), .element("input", [HTMLAttribute("type", "date"), HTMLAttribute("name", "from"), HTMLAttribute("value", WebDates.string(start, calendar: calendar)), .flag("required")])]),
                    .element("label", [], [.text("To "), .element("input", [HTMLAttribute("type", "date"), HTMLAttribute("name", "to"), HTMLAttribute("value", WebDates.string(end, calendar: calendar)), .flag("required")])]),
                ]),
                .element("div", [.class("ck-report-buttons")], [
                    .element("button", [.class("ock-button ock-labeled-button"), HTMLAttribute("type", "submit"), HTMLAttribute("name", "format"), HTMLAttribute("value", "pdf")], [.text("Download PDF")]),
                    .element("button", [.class("ock-button ck-secondary-button"), HTMLAttribute("type", "submit"), HTMLAttribute("name", "format"), HTMLAttribute("value", "html")], [.text("View report")]),
                ]),
            ]))
        }
        content.append(.element("p", [], [.element("a", [HTMLAttribute("href", "/connect"), .class("ck-back")], [.text("All contacts")])]))
        let main: [HTMLNode] = [
            .element("div", [.class("ck-page-heading")], [.element("h2", [.class("ck-page-title")], [.text(OCKContactFormatting.name(contact.name))])]),
            .element("div", [.class("ock-card-list")], content),
        ]
        return .html(document(title: OCKContactFormatting.name(contact.name), activeTab: "connect", main: main))
    }

    // MARK: Reports

    /// GET /report?from=&to=&format=pdf|html[&contact=]
    func report(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let provider = application.report else { throw HTTPError(status: 404, message: "This app does not make reports.") }
        let end = calendar.startOfDay(for: today)
        let defaultStart = calendar.date(byAdding: .day, value: -6, to: end) ?? end
        func day(_ name: String, _ fallback: Date) throws -> Date {
            guard let text = request.queryValue(name), !text.isEmpty else { return fallback }
            guard let value = WebDates.day(text, calendar: calendar) else { throw HTTPError(status: 400, message: "'\(text)' is not a date; write it as YYYY-MM-DD.") }
            return value
        }
        let from = try day("from", defaultStart)
        let to = try day("to", end)
        guard from <= to else { throw HTTPError(status: 400, message: "The report must start on or before the day it ends.") }
        guard let days = calendar.dateComponents([.day], from: from, to: to).day, days <= 366 else {
            throw HTTPError(status: 400, message: "A report covers at most a year; choose a shorter range.")
        }
        let interval = DateInterval(start: from, end: calendar.date(byAdding: .day, value: 1, to: to) ?? to)
        var recipient: OCKContact?
        if let contactID = request.queryValue("contact") {
            var query = OCKContactQuery(for: today, calendar: calendar)
            query.ids = [contactID]
            recipient = try await store.fetchContacts(query: query).first
        }
        let document = try await provider.document(store: store, interval: interval, formatter: formatter, recipient: recipient)
        let name = "carekit-report-\(WebDates.string(from, calendar: calendar))-\(WebDates.string(to, calendar: calendar))"
        switch request.queryValue("format") ?? "html" {
        case "html":
            return .html(document.htmlContent)
        case "pdf":
            var response = HTTPResponse.data(try Self.pdf(of: document), contentType: "application/pdf")
            response.setHeader("Content-Disposition", "attachment; filename=\"\(name).pdf\"")
            return response
        case let other:
            throw HTTPError(status: 400, message: "Reports come as pdf or html, not '\(other)'.")
        }
    }
}
