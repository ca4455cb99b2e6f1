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
/// * `POST /team/patients/{id}/tasks/{task}/instructions` (`instructions`): new instructions from now on.
/// * `POST /team/patients/{id}/tasks/{task}/stop` (`last-day`, YYYY-MM-DD): the task's last day;
///   without `confirm=yes`, a page that says what would change and asks to confirm.
extension SyncTeamDashboard {
    enum PlanChange: String {
        case instructions, stop, added, schedule, note
    }

    /// What the patient's page says after a change.
    static func notice(_ change: String) -> String? {
        switch PlanChange(rawValue: change) {
        case .instructions?: return "The new instructions are saved. The patient's devices show them after their next sync."
        case .stop?: return "The task is stopped. The patient's devices show it after their next sync; what was recorded stays."
        case .added?: return "The task is added. The patient's devices show it after their next sync."
        case .schedule?: return "The new schedule is saved. The patient's devices show it after their next sync; earlier days keep the old one."
        case .note?: return "The note is sent. The patient sees it on their Care Card and the task's page after their next sync."
        case nil: return nil
        }
    }

    /// A refused change's page: what happened, why, and the way back to the patient.
    func refusal(_ request: HTTPRequest, _ title: String, _ text: String, status: Int, patient: SyncPatient) -> HTTPResponse {
        page(request, status: status) { _ in _TeamPages.message(title, text, link: ("/team/patients/\(patient.id)", "Back to \(patient.name)")) }
    }

    func changePlan(_ request: HTTPRequest, patient id: String, task taskID: String, _ change: PlanChange) async throws -> HTTPResponse {
        let clinician = try signedIn(request).session.clinician
        let form = try verifiedForm(request)
        guard let patient = try assignedPatient(id, of: clinician) else { return notFound(request) }
        func refused(_ status: Int, _ text: String) -> HTTPResponse { refusal(request, "Nothing was changed", text, status: status, patient: patient) }
        let now = clock()
        let store = try await writingStore(of: patient)
        guard let current = try? await store.latestTaskVersion(id: taskID) else { return notFound(request) }
        let title = current.title ?? current.id
        var action = ""
        do {
            switch change {
            case .instructions:
                let text = (form["instructions"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                guard text.count <= 1_000 else { return refused(400, "Instructions can be at most 1,000 characters long.") }
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
                    return refused(400, "The last day must be a date written YYYY-MM-DD, such as \(OCKDayCodec.string(from: now, calendar: calendar)).")
                }
                action = "stopped \(title) after \(OCKDayCodec.string(from: day, calendar: calendar))"
                // One click never stops a task: the first POST shows what would change and asks.
                guard form["confirm"] == "yes" else {
                    let when = OCKEventFormatter(calendar: calendar, locale: Locale(identifier: "en_US")).longDay(day)
                    return page(request) { csrf in
                        _TeamPages.confirmStop(
                            patient: patient, task: current, lastDay: text, lastDayText: when, clinician: clinician, csrf: csrf)
                    }
                }
                try await store.stopTask(current.id, lastDay: day, calendar: calendar)
            }
        } catch let error as OCKTaskPlanError {
            try auditRefusal(clinician, patient, action, error, request)
            return refused(409, Self.forCareTeam(error.message, patient: patient.name))
        }
        try await store.synchronize()
        try audit(clinician, patient, action, request)
        return .redirect(to: "/team/patients/\(patient.id)?changed=" + change.rawValue)
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
        "\(title)'s schedule was made by the patient's app in a way the dashboard cannot show, so changing it here would lose part of it. You can still stop it on the patient's page, or change it with the patient on their device."
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

    /// The plan editor's refusal, said to the care team rather than the patient: who recorded the
    /// entry, and that the dashboard cannot delete it.
    static func forCareTeam(_ message: String, patient: String) -> String {
        var text = message
        if text.hasPrefix("You recorded") { text = patient + " recorded" + text.dropFirst("You recorded".count) }
        text = text.replacingOccurrences(of: ", or delete that entry first.", with: ". (Only the patient can delete an entry, on their device.)")
        return text + " Nothing was changed: what a patient recorded always stays visible."
    }
}
