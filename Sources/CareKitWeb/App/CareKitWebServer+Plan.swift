import CareKit
import CareKitHTTP
import CareKitStore
import CareKitUI
import Foundation

/// The plan editor's pages: adding a task, changing its schedule, stopping it (each change a
/// new version of the task), and the first page of an empty store.
extension CareKitWebServer {

    /// GET shows the empty form; POST adds the task and goes to today's page that shows it.
    func newTask(_ request: HTTPRequest, csrf: String) async throws -> HTTPResponse {
        let cancel = HTTPReturnPath.safe(request.method == "POST" ? (try? request.form())?["return"] : request.queryValue("return"), fallback: "/")
        guard request.method == "POST" else {
            var form = OCKTaskPlanForm()
            form.from = OCKDayCodec.string(from: today, calendar: calendar)
            return planPage(_PlanFormPage(mode: .add, form: form, csrfToken: csrf, cancelPath: cancel))
        }
        let fields = OCKTaskPlanForm(posted: try checkedForm(request))
        switch fields.plan(calendar: calendar, today: today) {
        case .failure(let problems):
            return planPage(_PlanFormPage(mode: .add, form: fields, problems: problems.reasons, csrfToken: csrf, cancelPath: cancel), status: 400)
        case .success(let plan):
            let task = try await store.addTask(planned: plan)
            return .redirect(to: pageShowing(task, from: plan.firstDay))
        }
    }

    /// GET shows the task's schedule as a form; POST makes the new version.
    func editTask(_ request: HTTPRequest, taskID id: String, csrf: String) async throws -> HTTPResponse {
        let current = try await planTask(id)
        let back = OCKWebRoute.task(id).path
        guard let existing = OCKTaskPlan(task: current) else {
            throw HTTPError(
                status: 409,
                message: loc(
                    "{task}'s schedule was made by its app in a way this form cannot show, so editing it here would lose part of it. You can still stop it on its page.",
                    ["task": current.title ?? id]))
        }
        let title = current.title ?? id
        guard request.method == "POST" else {
            var form = OCKTaskPlanForm(plan: existing)
            form.from = OCKDayCodec.string(from: max(calendar.startOfDay(for: today), existing.firstDay), calendar: calendar)
            return planPage(_PlanFormPage(mode: .edit(id: id, title: title), form: form, csrfToken: csrf, cancelPath: back))
        }
        let fields = OCKTaskPlanForm(posted: try checkedForm(request))
        switch fields.plan(calendar: calendar, today: today) {
        case .failure(let problems):
            return planPage(_PlanFormPage(mode: .edit(id: id, title: title), form: fields, problems: problems.reasons, csrfToken: csrf, cancelPath: back), status: 400)
        case .success(let plan):
            do {
                try await store.updateTask(id, to: plan, startingOn: plan.firstDay, now: today)
            } catch let error as OCKTaskPlanError {
                // The way forward is a later day: the reason goes next to the day the change starts on.
                return planPage(
                    _PlanFormPage(
                        mode: .edit(id: id, title: title), form: fields, problems: [.from: error.message],
                        csrfToken: csrf, cancelPath: back), status: 409)
            }
            return .redirect(to: back)
        }
    }

    /// GET asks for the last day; POST stops the task after it.
    func stopTask(_ request: HTTPRequest, taskID id: String, csrf: String) async throws -> HTTPResponse {
        let current = try await planTask(id)
        var page = _StopTaskPage(taskID: id, title: current.title ?? id, lastDay: OCKDayCodec.string(from: today, calendar: calendar), csrfToken: csrf)
        guard request.method == "POST" else { return planPage(page) }
        let form = try checkedForm(request)
        page.lastDay = form["until"] ?? ""
        guard let day = try? OCKDayCodec.date(from: page.lastDay.trimmingCharacters(in: .whitespaces), calendar: calendar) else {
            page.problem = loc(
                "'{text}' is not a date: write it YYYY-MM-DD, such as {example}.",
                ["text": page.lastDay, "example": OCKDayCodec.string(from: today, calendar: calendar)])
            return planPage(page, status: 400)
        }
        do {
            try await store.stopTask(id, lastDay: day, calendar: calendar)
        } catch let error as OCKTaskPlanError {
            page.problem = error.message
            return planPage(page, status: 409)
        }
        return .redirect(to: OCKWebRoute.task(id).path)
    }

    /// "Edit schedule" (for a schedule the form can show) and "Stop" on a task's page.
    func planLinks(for task: any OCKAnyTask) -> [(label: String, path: String)] {
        guard let task = task as? OCKTask else { return [] }
        var links: [(label: String, path: String)] = []
        if OCKTaskPlan(task: task) != nil { links.append((loc("Edit schedule"), OCKWebRoute.editTask(task.id).path)) }
        links.append((loc("Stop"), OCKWebRoute.stopTask(task.id).path))
        return links
    }

    /// "Last day: Fri, Nov 27" when the task's newest version ends (it was stopped, or planned
    /// with an end), else nil.
    func stopNote(taskID id: String) async throws -> String? {
        guard let latest = try? await store.latestTaskVersion(id: id), let end = latest.schedule.endDate() else { return nil }
        let lastDay = calendar.startOfDay(for: end.addingTimeInterval(-1))
        let day = formatter.shortDay(lastDay)
        return end <= today ? loc("Stopped. Last day: {day}.", ["day": day]) : loc("Last day: {day}.", ["day": day])
    }

    /// Whether the store has no task at all (then `/` opens the welcome page).
    func storeHasNoTasks() async throws -> Bool {
        var query = OCKTaskQuery()
        query.limit = 1
        return try await store.fetchAnyTasks(query: query).isEmpty
    }

    /// The newest version of a task, or a 404.
    private func planTask(_ id: String) async throws -> OCKTask {
        do {
            return try await store.latestTaskVersion(id: id)
        } catch let error as OCKTaskPlanError {
            throw HTTPError(status: error.kind == .noSuchTask ? 404 : 409, message: error.message)
        }
    }

    /// The tab that shows a new task (the Symptom Tracker for a measurement), on its first day
    /// when that is not today.
    private func pageShowing(_ task: OCKTask, from day: Date) -> String {
        let wanted = task.survey == nil ? "care-card" : "symptoms"
        let tab = application.tabs.first { $0.path == wanted } ?? application.tabs.first
        let route = OCKWebRoute.tab(tab?.path ?? "care-card")
        guard day > calendar.startOfDay(for: today) else { return route.path }
        return route.path(query: [("date", OCKDayCodec.string(from: day, calendar: calendar))])
    }

    private func planPage(_ page: _PlanFormPage, status: Int = 200) -> HTTPResponse {
        .html(shell.document(title: page.title, activeTab: nil, main: page.main), status: status)
    }

    private func planPage(_ page: _StopTaskPage, status: Int = 200) -> HTTPResponse {
        .html(shell.document(title: page.pageTitle, activeTab: nil, main: page.main), status: status)
    }
}
