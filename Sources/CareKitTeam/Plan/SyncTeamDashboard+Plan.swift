import CareKit
import CareKitHTTP
import CareKitStore
import CareKitSyncServer
import Foundation

/// Changing a patient's plan from the dashboard: each change is a new task version, written by
/// a replica store of the patient's revisions through CareKit's plan editor (so the store's
/// guard against hiding recorded outcomes applies), then pushed to storage like a device's
/// push, in one transaction; the patient's devices take it with their next pull.
///
/// * ``TeamRoute/instructions(_:task:)`` (`instructions`): new instructions from now on.
/// * ``TeamRoute/stopTask(_:task:)`` (`last-day`, YYYY-MM-DD): the task's last day; without
///   `confirm=yes`, a page that says what would change and asks to confirm.
extension SyncTeamDashboard {
    enum PlanChange: String {
        case instructions, stop, added, schedule, note
    }

    /// What the patient's page says after a change.
    static func notice(_ change: String) -> String? {
        switch PlanChange(rawValue: change) {
        case .instructions?: return loc("The new instructions are saved. The patient's devices show them after their next sync.")
        case .stop?: return loc("The task is stopped. The patient's devices show it after their next sync; what was recorded stays.")
        case .added?: return loc("The task is added. The patient's devices show it after their next sync.")
        case .schedule?: return loc("The new schedule is saved. The patient's devices show it after their next sync; earlier days keep the old one.")
        case .note?: return loc("The note is sent. The patient sees it on their Care Card and the task's page after their next sync.")
        case nil: return nil
        }
    }

    /// A refused change's page: what happened, why, and the way back to the patient.
    func refusal(_ request: HTTPRequest, _ title: String, _ text: String, status: Int, patient: SyncPatient) -> HTTPResponse {
        page(request, status: status) { _ in
            _TeamPages.message(title, text, link: (loc("Back to {patient}", ["patient": patient.name]), TeamRoute.patient(String(patient.id)).path))
        }
    }

    func changePlan(_ request: HTTPRequest, patient id: String, task taskID: String, _ change: PlanChange) async throws -> HTTPResponse {
        let clinician = try signedIn(request).session.clinician
        let form = try verifiedForm(request)
        guard let patient = try assignedPatient(id, of: clinician) else { return notFound(request) }
        func refused(_ status: Int, _ text: String) -> HTTPResponse { refusal(request, loc("Nothing was changed"), text, status: status, patient: patient) }
        let now = clock()
        let store = try await writingStore(of: patient)
        guard let current = try? await store.latestTaskVersion(id: taskID) else { return notFound(request) }
        let title = current.title ?? current.id
        var action = ""
        do {
            switch change {
            case .instructions:
                let text = (form["instructions"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                guard text.count <= 1_000 else { return refused(400, loc("Instructions can be at most 1,000 characters long.")) }
                action = text.isEmpty ? "removed the instructions of \(title)" : "changed the instructions of \(title) to “\(text)”"
                guard var plan = OCKTaskPlan(task: current) else {
                    try audit(clinician, patient, "was refused (\(Self.refusalReason(.notEditable))): \(action)", request)
                    return refused(409, Self.notEditable(title))
                }
                plan.instructions = text.isEmpty ? nil : text
                try await store.updateTask(current.id, to: plan, startingOn: calendar.startOfDay(for: now), now: now)
            case .added, .schedule, .note:
                return notFound(request)
            case .stop:
                let text = form["last-day"] ?? ""
                guard let day = try? OCKDayCodec.date(from: text, calendar: calendar) else {
                    return refused(400, loc("The last day must be a date written YYYY-MM-DD, such as {day}.", ["day": OCKDayCodec.string(from: now, calendar: calendar)]))
                }
                action = "stopped \(title) after \(OCKDayCodec.string(from: day, calendar: calendar))"
                // One click never stops a task: the first POST shows what would change and asks.
                guard form["confirm"] == "yes" else {
                    let when = OCKEventFormatter(calendar: calendar).longDay(day)
                    return page(request) { csrf in
                        _TeamPages.confirmStop(
                            patient: patient, task: current, lastDay: text, lastDayText: when, clinician: clinician, csrf: csrf)
                    }
                }
                try await store.stopTask(current.id, lastDay: day, calendar: calendar)
            }
        } catch let error as OCKTaskPlanError {
            try auditRefusal(clinician, patient, action, error, request)
            let lastDay = try? OCKDayCodec.date(from: form["last-day"] ?? "", calendar: calendar)
            return refused(409, forCareTeam(error, patient: patient.name, task: title, change: lastDay.map { .lastDay($0) } ?? .firstDay(calendar.startOfDay(for: now))))
        }
        try await store.synchronize()
        try audit(clinician, patient, action, request)
        return .redirect(to: TeamRoute.patient(String(patient.id)).path(query: [("changed", change.rawValue)]))
    }

    /// A store of the patient's revisions in memory whose changes are pushed to storage, as a
    /// device of theirs would push them (in one transaction, on `synchronize()`).
    func writingStore(of patient: SyncPatient) async throws -> OCKStore {
        let remote = _StorageRemote(storage: service.storage, patient: patient.id, writing: true, clock: clock)
        let store = OCKStore(name: "team-change-\(patient.id)", type: .inMemory, remote: remote, clock: clock)
        try await store.synchronize()
        return store
    }

    /// Why a task's plan cannot be changed here (the plan editor cannot read its schedule).
    static func notEditable(_ title: String) -> String {
        loc(
            "{task}'s schedule was made by the patient's app in a way the dashboard cannot show, so changing it here would lose part of it. You can still stop it on the patient's page, or change it with the patient on their device.",
            ["task": title])
    }

    /// An audit line for a change the store refused: the refusal told the clinician what the
    /// patient recorded, so it is a read of their data.
    func auditRefusal(_ clinician: SyncClinician, _ patient: SyncPatient, _ action: String, _ error: OCKTaskPlanError, _ request: HTTPRequest) throws {
        try audit(clinician, patient, "was refused (\(Self.refusalReason(error.kind))): \(action)", request)
    }

    /// Why the store refused a change, for the audit trail.
    static func refusalReason(_ kind: OCKTaskPlanError.Kind) -> String {
        kind == .wouldHideEntries ? "it would hide an entry of the patient's" : "the dashboard cannot change that schedule"
    }

    /// What a refused change would have changed from: the first day of a new schedule, or the
    /// last day of a task.
    enum RefusedChange {
        case firstDay(Date), lastDay(Date)
    }

    /// The plan editor's refusal, said to the care team rather than the patient: who recorded
    /// which entry (``CareKit/OCKTaskPlanError/lastEntry``), the first day that works, and that
    /// only the patient can delete an entry.
    func forCareTeam(_ error: OCKTaskPlanError, patient: String, task: String, change: RefusedChange) -> String {
        let unchanged = loc("Nothing was changed: what a patient recorded always stays visible.")
        guard let last = error.lastEntry else { return error.message + " " + unchanged }
        let formatter = OCKEventFormatter(calendar: calendar)
        let moment =
            calendar.startOfDay(for: last) == last ? formatter.shortDay(last) : loc("{day} at {time}", ["day": formatter.shortDay(last), "time": formatter.time(last)])
        let patientOnly = loc("(Only the patient can delete an entry, on their device.)")
        switch change {
        case .lastDay(let lastDay):
            return loc(
                "{patient} recorded {task} for {moment}, after the last day you chose ({lastDay}); stopping then would hide that entry. Choose {day} or later as the last day.",
                ["patient": patient, "task": task, "moment": moment, "lastDay": formatter.shortDay(lastDay), "day": formatter.shortDay(last)]) + " " + patientOnly + " " + unchanged
        case .firstDay(let firstDay):
            let following = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: last)) ?? last
            return loc(
                "{patient} recorded {task} for {moment}, after the change would start ({start}); changing the schedule from then would hide that entry. Let the change start on {following} or later.",
                ["patient": patient, "task": task, "moment": moment, "start": formatter.shortDay(firstDay), "following": formatter.shortDay(following)]) + " " + patientOnly + " "
                + unchanged
        }
    }
}
