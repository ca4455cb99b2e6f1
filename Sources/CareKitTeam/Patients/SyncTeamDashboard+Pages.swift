import CareKitHTTP
import CareKitStore
import CareKitSyncServer
import CareKitUI
import CareKitWeb
import Foundation

/// A patient's pages as the patient sees them, read-only: their Care Card, Symptom Tracker and
/// Insights for any day, made by the web app's own page builders from the replica of the
/// patient's revisions (so what the care team sees is what the patient's app shows).
///
/// * `GET /team/patients/{id}/care-card?date=YYYY-MM-DD`
/// * `GET /team/patients/{id}/symptoms?date=YYYY-MM-DD`
/// * `GET /team/patients/{id}/insights?date=YYYY-MM-DD` (and Insights' `task`, `from`, `to`)
extension SyncTeamDashboard {
    /// The web app's tabs a clinician reads, in the app's order.
    static let patientTabs = ["care-card", "symptoms", "insights"]

    func addPatientRoutes(to router: inout HTTPRouter) {
        for tab in Self.patientTabs {
            router.add("GET", HTTPPathPattern("/team/patients/{id}/\(tab)")) { [self] request, parameters in
                await guarded(request) { try await patientTab(request, id: parameters["id"] ?? "", tab: tab) }
            }
        }
        router.add("GET", "/team/patients/{id}/tasks/new") { [self] request, parameters in
            await guarded(request) { try await taskForm(request, patient: parameters["id"] ?? "", task: nil) }
        }
        router.add("POST", "/team/patients/{id}/tasks/new") { [self] request, parameters in
            await guarded(request) { try await taskForm(request, patient: parameters["id"] ?? "", task: nil) }
        }
        router.add("GET", "/team/patients/{id}/tasks/{task}/schedule") { [self] request, parameters in
            await guarded(request) { try await taskForm(request, patient: parameters["id"] ?? "", task: parameters["task"] ?? "") }
        }
        router.add("POST", "/team/patients/{id}/tasks/{task}/schedule") { [self] request, parameters in
            await guarded(request) { try await taskForm(request, patient: parameters["id"] ?? "", task: parameters["task"] ?? "") }
        }
        router.add("POST", "/team/patients/{id}/tasks/{task}/notes") { [self] request, parameters in
            await guarded(request) { try await addNote(request, patient: parameters["id"] ?? "", task: parameters["task"] ?? "") }
        }
    }

    /// The links above each of a patient's pages: the day, the app's tabs (keeping the day) and
    /// the form that adds a task.
    func patientLinks(_ patient: SyncPatient, day: Date, current: String) -> [(href: String, text: String, isCurrent: Bool)] {
        let base = "/team/patients/\(patient.id)"
        let date = "?date=" + OCKDayCodec.string(from: day, calendar: calendar)
        var links = [(base + date, "Day and plan", current == "day")]
        for path in Self.patientTabs {
            guard let tab = application.tabs.first(where: { $0.path == path }) else { continue }
            links.append((base + "/" + path + date, tab.title, current == path))
        }
        links.append((base + "/tasks/new", "Add a task", current == "new"))
        return links
    }

    private func patientTab(_ request: HTTPRequest, id: String, tab: String) async throws -> HTTPResponse {
        let clinician = try signedIn(request).session.clinician
        guard let patient = try assignedPatient(id, of: clinician) else { return notFound(request) }
        let day = try requestedDay(request, patient: patient)
        let store = try await replicas.store(of: patient.id)
        guard
            let shown = try await application.readOnlyPage(
                tab: tab, store: store, request: request, date: day, today: clock(), calendar: calendar, pathPrefix: "/team/patients/\(patient.id)")
        else { return notFound(request) }
        try audit(clinician, patient, "viewed the \(shown.title) of \(OCKDayCodec.string(from: day, calendar: calendar))", request)
        let links = patientLinks(patient, day: day, current: tab)
        return page(request) { csrf in
            _TeamPages.patientPage(
                patient: patient, title: shown.title, links: links, main: shown.main, clinician: clinician, csrf: csrf,
                pageCSS: OCKWebApplication.pageStyleSheet)
        }
    }
}
