import CareKit
import CareKitHTTP
import CareKitLocalization
import CareKitStore
import CareKitSyncServer
import CareKitWeb
import Foundation

/// Adding a task, changing a task's schedule, and notes to the patient, from the dashboard:
/// the web app's plan form (`OCKTaskPlanForm`, the same fields, hints and reasons), written by
/// CareKit's plan editor in a store of the patient's revisions and pushed like a device's push.
///
/// * ``TeamRoute/newTask(_:)``: a new task.
/// * ``TeamRoute/schedule(_:task:)``: a new version of the task from the form's first day on.
/// * ``TeamRoute/note(_:task:)`` (`note`): an `OCKNote` on the task, signed with the
///   clinician's address, in a new version of the task with the same plan.
extension SyncTeamDashboard {
    /// The add-task form (`task` nil) or a task's schedule; POST writes it.
    func taskForm(_ request: HTTPRequest, patient id: String, task taskID: String?) async throws -> HTTPResponse {
        let clinician = try signedIn(request).session.clinician
        let posted = request.method == "POST" ? try verifiedForm(request) : nil
        guard let patient = try assignedPatient(id, of: clinician) else { return notFound(request) }
        let now = clock()
        let id = String(patient.id)
        // A form is shown from the replica the dashboard reads; a change is written by a store of its own.
        let store = posted == nil ? try await replicas.store(of: patient.id) : try await writingStore(of: patient)
        var editing: (id: String, title: String)?
        var form = OCKTaskPlanForm()
        form.from = OCKDayCodec.string(from: now, calendar: calendar)
        if let taskID {
            guard let current = try? await store.latestTaskVersion(id: taskID) else { return notFound(request) }
            let title = current.title ?? current.id
            guard let plan = OCKTaskPlan(task: current) else {
                try audit(clinician, patient, "opened the schedule of \(title), which the dashboard cannot change", request)
                return page(request, status: 409) { _ in
                    _TeamPages.message(
                        loc("Nothing was changed"),
                        Self.notEditable(title),
                        link: (loc("Back to {patient}", ["patient": patient.name]), TeamRoute.patient(id).path))
                }
            }
            editing = (current.id, title)
            form = OCKTaskPlanForm(plan: plan)
            form.from = OCKDayCodec.string(from: max(calendar.startOfDay(for: now), plan.firstDay), calendar: calendar)
        }
        let formAction = editing.map { TeamRoute.schedule(id, task: $0.id).path } ?? TeamRoute.newTask(id).path
        func formPage(_ status: Int, _ problems: [OCKTaskPlanForm.Field: String]) -> HTTPResponse {
            let links = patientLinks(patient, day: calendar.startOfDay(for: now), current: editing == nil ? "new" : "")
            return page(request, status: status) { csrf in
                let main = OCKPlanFormView.nodes(
                    form: form, problems: problems, editing: editing, action: formAction, csrfField: _WebShell.csrfFieldName, csrfToken: csrf, cancelPath: TeamRoute.patient(id).path,
                    submitLabel: editing == nil ? loc("Add to {patient}'s plan", ["patient": patient.name]) : loc("Save the new schedule"))
                return _TeamPages.patientPage(
                    patient: patient, title: editing.map { loc("Schedule of {task}", ["task": $0.title]) } ?? loc("Add a task"), links: links, main: main,
                    readOnly: false, clinician: clinician, csrf: csrf)
            }
        }
        guard let posted else {
            try audit(clinician, patient, editing.map { "opened the schedule of \($0.title)" } ?? "opened the form to add a task", request)
            return formPage(200, [:])
        }
        form = OCKTaskPlanForm(posted: posted)
        let plan: OCKTaskPlan
        switch form.plan(calendar: calendar, today: now) {
        case .failure(let problems): return formPage(400, problems.reasons)
        case .success(let made): plan = made
        }
        // The audit trail keeps the plan's summary in English.
        let summary = inEnglish { plan.summary(OCKEventFormatter(calendar: calendar)) }
        let action: String
        if let editing {
            action = "changed the schedule of \(editing.title) from \(OCKDayCodec.string(from: plan.firstDay, calendar: calendar)): \(summary)"
            do {
                try await store.updateTask(editing.id, to: plan, startingOn: plan.firstDay, now: now)
            } catch let error as OCKTaskPlanError {
                try auditRefusal(clinician, patient, action, error, request)
                return formPage(409, [.from: forCareTeam(error, patient: patient.name, task: editing.title, change: .firstDay(plan.firstDay))])
            }
        } else {
            let task = try await store.addTask(planned: plan)
            action = "added the task \(task.title ?? task.id): \(summary)"
        }
        try await store.synchronize()
        try audit(clinician, patient, action, request)
        let shown = OCKDayCodec.string(from: max(plan.firstDay, calendar.startOfDay(for: now)), calendar: calendar)
        return .redirect(to: TeamRoute.patient(id).path(query: [("date", shown), ("changed", editing == nil ? "added" : "schedule")]))
    }

    /// A note to the patient on a task, in a new version of the task with the same plan.
    func addNote(_ request: HTTPRequest, patient id: String, task taskID: String) async throws -> HTTPResponse {
        let clinician = try signedIn(request).session.clinician
        let form = try verifiedForm(request)
        guard let patient = try assignedPatient(id, of: clinician) else { return notFound(request) }
        func refused(_ status: Int, _ text: String) -> HTTPResponse { refusal(request, loc("The note was not sent"), text, status: status, patient: patient) }
        let text = (form["note"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return refused(400, loc("The note is empty: write what the patient should read.")) }
        guard text.count <= 2_000 else {
            return refused(400, loc("A note can be at most 2,000 characters long; this one has {count}.", ["count": OCKLocalization.number(text.count)]))
        }
        let now = clock()
        let store = try await writingStore(of: patient)
        guard var next = try? await store.latestTaskVersion(id: taskID) else { return notFound(request) }
        let title = next.title ?? next.id
        // Signed with when it was written, in the form every reader reads (the patient's language is not known here).
        let note = OCKNote(author: clinician.email, title: inEnglish { _TeamFormat.moment(now, calendar: calendar) }, content: text)
        next.notes = (next.notes ?? []) + [note]
        // A version of its own with the same plan, from now on, after the version it follows, and
        // after any event the patient already recorded ahead (a version never hides an entry).
        // The patient's devices show a task's notes from its newest version, so a note that takes
        // effect later is still read at once.
        var query = OCKEventQuery(dateInterval: DateInterval(start: now, duration: 366 * 86_400))
        query.taskIDs = [taskID]
        let recordedAhead = try await store.fetchAnyEvents(query: query).filter { $0.outcome != nil }.map(\.scheduleEvent.start).max()
        next.effectiveDate = max(now, next.effectiveDate.addingTimeInterval(1), recordedAhead?.addingTimeInterval(1) ?? now)
        do {
            _ = try await store.updateAnyTasks([next])
        } catch let error as OCKStoreError {
            guard case .updateFailed = error else { throw error }
            try audit(clinician, patient, "was refused (\(Self.refusalReason(.wouldHideEntries))): wrote a note about \(title)", request)
            return refused(
                409, loc("{patient} recorded {task} for a later event just as the note was sent, so nothing was changed. Send the note again.", ["patient": patient.name, "task": title]))
        }
        try await store.synchronize()
        try audit(clinician, patient, "wrote a note about \(title): “\(text)”", request)
        return .redirect(to: TeamRoute.patient(String(patient.id)).path(query: [("changed", "note")]))
    }
}
