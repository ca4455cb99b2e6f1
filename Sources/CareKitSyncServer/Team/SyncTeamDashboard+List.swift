import CareKitHTTP
import Foundation

/// The patient list, `GET /team`: every assigned patient's overview, sorted and filtered over
/// all of them, shown a page of ``SyncTeamDashboard/listPageSize`` rows at a time (`?page=N`).
///
/// A request reads each patient's latest revision in one query; an overview's basis (the
/// week's adherence computed by CareKitStore on the patient's replica, today's open events and
/// values out of range) is computed once per patient, revision and day and kept
/// (``_OverviewCache``), so the list costs a replica's work only for patients who pushed since.
/// Only the patients on the page shown are written to the audit trail, in one transaction.
extension SyncTeamDashboard {
    /// Rows per page of the patient list.
    public static let listPageSize = 50

    func patientList(_ request: HTTPRequest) async throws -> HTTPResponse {
        let clinician = try signedIn(request).session.clinician
        let sort = ["name", "adherence", "sync", "alerts"].contains(request.queryValue("sort") ?? "") ? request.queryValue("sort") ?? "name" : "name"
        let onlyAlerts = request.queryValue("alerts") == "1"
        let search = String((request.queryValue("q") ?? "").prefix(100))
        let stale = Int(request.queryValue("stale") ?? "").map { min(max($0, 1), 365) } ?? policy.staleDays
        let requestedPage = Int(request.queryValue("page") ?? "").map { max($0, 1) } ?? 1
        let now = clock()
        let day = calendar.startOfDay(for: now)
        var overviews: [_PatientOverview] = []
        for state in try service.storage.assignedPatientStates(of: clinician.id) {
            let patient = state.patient
            guard search.isEmpty || patient.name.localizedCaseInsensitiveContains(search) else { continue }
            let basis: _PatientOverview.Basis
            if let kept = overviewCache.basis(patient: patient.id, revision: state.latestRevision, day: day) {
                basis = kept
            } else {
                basis = try await _PatientOverview.basis(store: try await replicas.store(of: patient.id), now: now, calendar: calendar)
                overviewCache.keep(basis, patient: patient.id, revision: state.latestRevision, day: day)
            }
            let overview = _PatientOverview.make(patient: patient, basis: basis, lastSync: state.lastPush, now: now, staleDays: stale)
            guard !onlyAlerts || !overview.alerts.isEmpty else { continue }
            overviews.append(overview)
        }
        switch sort {
        case "adherence": overviews.sort { ($0.weekFraction ?? 2, $0.patient.name) < ($1.weekFraction ?? 2, $1.patient.name) }
        case "sync": overviews.sort { ($0.lastSync ?? .distantPast, $0.patient.name) < ($1.lastSync ?? .distantPast, $1.patient.name) }
        case "alerts": overviews.sort { (-$0.alerts.count, $0.patient.name) < (-$1.alerts.count, $1.patient.name) }
        default: break
        }
        let paging = _TeamPages.Paging(page: requestedPage, pageSize: Self.listPageSize, total: overviews.count)
        let shown = Array(overviews[paging.range])
        try service.storage.appendAudit(
            shown.map { overview in
                SyncAuditEntry(
                    date: now, clinician: clinician.id, clinicianEmail: clinician.email, patient: overview.patient.id,
                    action: "saw adherence, last sync and alerts in the patient list", address: address(request))
            })
        return page(request) {
            _TeamPages.patientList(
                shown, paging: paging, clinician: clinician, csrf: $0, calendar: calendar, sort: sort, onlyAlerts: onlyAlerts, search: search,
                stale: request.queryValue("stale") == nil ? nil : stale)
        }
    }
}
