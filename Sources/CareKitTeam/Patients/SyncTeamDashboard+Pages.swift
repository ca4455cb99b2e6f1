import CareKitHTTP
import CareKitLocalization
import CareKitStore
import CareKitSyncServer
import CareKitUI
import CareKitWeb
import Foundation

/// A patient's pages as the patient sees them, read-only: their Care Card, Symptom Tracker and
/// Insights for any day, made by the web app's own page builders from the replica of the
/// patient's revisions (so what the care team sees is what the patient's app shows).
///
/// ``TeamRoute/patientTab(_:tab:)``: `GET /team/patients/{id}/{tab}?date=YYYY-MM-DD`, the tab
/// `care-card`, `symptoms` or `insights` (and Insights' `task`, `from`, `to`).
extension SyncTeamDashboard {
    /// The links above each of a patient's pages: the day, the app's tabs (keeping the day) and
    /// the form that adds a task.
    func patientLinks(_ patient: SyncPatient, day: Date, current: String) -> [(href: String, text: String, isCurrent: Bool)] {
        let id = String(patient.id)
        let date = [("date", OCKDayCodec.string(from: day, calendar: calendar))]
        var links = [(TeamRoute.patient(id).path(query: date), loc("Day and plan"), current == "day")]
        for path in TeamRoute.patientTabs {
            guard let tab = application.tabs.first(where: { $0.path == path }) else { continue }
            links.append((TeamRoute.patientTab(id, tab: path).path(query: date), OCKStringTable.careKitWeb(tab.title), current == path))
        }
        links.append((TeamRoute.newTask(id).path, loc("Add a task"), current == "new"))
        return links
    }

    func patientTab(_ request: HTTPRequest, id: String, tab: String) async throws -> HTTPResponse {
        let clinician = try signedIn(request).session.clinician
        guard let patient = try assignedPatient(id, of: clinician) else { return notFound(request) }
        let day = try requestedDay(request, patient: patient)
        let store = try await replicas.store(of: patient.id)
        guard
            let shown = try await application.readOnlyPage(
                tab: tab, store: store, request: request, date: day, today: clock(), calendar: calendar, pathPrefix: TeamRoute.patient(String(patient.id)).path)
        else { return notFound(request) }
        // The tab's name as the audit trail keeps it: in English, whatever the page is read in.
        let name = application.tabs.first { $0.path == tab }?.title ?? shown.title
        try audit(clinician, patient, "viewed the \(name) of \(OCKDayCodec.string(from: day, calendar: calendar))", request)
        let links = patientLinks(patient, day: day, current: tab)
        return page(request) { csrf in
            _TeamPages.patientPage(
                patient: patient, title: shown.title, links: links, main: shown.main, clinician: clinician, csrf: csrf)
        }
    }
}
