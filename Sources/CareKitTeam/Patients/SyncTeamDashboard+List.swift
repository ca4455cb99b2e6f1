import CareKitHTTP
import CareKitSyncServer
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
        let sort = ["name", "adherence", "sync", "alerts"].contains(request.queryValue("sort") ?? "") ? request.queryValue("sort") ?? "alerts" : "alerts"
        let onlyAlerts = request.queryValue("alerts") == "1"
        let search = String((request.queryValue("q") ?? "").prefix(100))
        let stale = Int(request.queryValue("stale") ?? "").map { min(max($0, 1), 365) } ?? policy.staleDays
        let requestedPage = Int(request.queryValue("page") ?? "").map { max($0, 1) } ?? 1
        let now = clock()
        var overviews: [_PatientOverview] = []
        let acknowledged = try service.storage.acknowledgedAlerts(of: clinician.id)
        for state in try service.storage.assignedPatientStates(of: clinician.id) {
            let patient = state.patient
            guard search.isEmpty || patient.name.localizedCaseInsensitiveContains(search) else { continue }
            let overview = try await overview(state, now: now, staleDays: stale, acknowledged: acknowledged[patient.id] ?? [])
            guard !onlyAlerts || !overview.alerts.isEmpty else { continue }
            overviews.append(overview)
        }
        switch sort {
        case "adherence": overviews.sort { ($0.weekFraction ?? 2, $0.patient.name) < ($1.weekFraction ?? 2, $1.patient.name) }
        case "sync": overviews.sort { ($0.lastContact ?? .distantPast, $0.patient.name) < ($1.lastContact ?? .distantPast, $1.patient.name) }
        case "alerts": overviews.sort(by: Self.triageOrder)
        default: break
        }
        let paging = _TeamPages.Paging(page: requestedPage, pageSize: Self.listPageSize, total: overviews.count)
        let shown = Array(overviews[paging.range])
        try service.storage.appendAudit(
            shown.map { overview in
                SyncAuditEntry(
                    date: now, clinician: clinician.id, clinicianEmail: clinician.email, patient: overview.patient.id,
                    action: "saw adherence, last contact and alerts in the patient list", address: address(request))
            })
        return page(request) {
            _TeamPages.patientList(
                shown, paging: paging, clinician: clinician, csrf: $0, calendar: calendar, sort: sort, onlyAlerts: onlyAlerts, search: search,
                stale: request.queryValue("stale") == nil ? nil : stale)
        }
    }

    /// The triage order: the patient whose most urgent alert is the most severe first, and
    /// among equals the most recent; patients without alerts last, by name.
    static func triageOrder(_ lhs: _PatientOverview, _ rhs: _PatientOverview) -> Bool {
        switch (lhs.top, rhs.top) {
        case let (left?, right?):
            if left.severity != right.severity { return left.severity > right.severity }
            if left.since != right.since { return left.since > right.since }
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): break
        }
        return lhs.patient.name < rhs.patient.name
    }

    /// The last contact of a patient's devices: the latest of this server's own record (kept
    /// in memory), the one in storage and the last push.
    func lastContact(_ state: SyncPatientState) -> Date? {
        [service.lastContact(patient: state.patient.id), state.lastContact, state.lastPush].compactMap { $0 }.max()
    }

    /// A patient's overview at `now`: its basis from the cache (computed again after a push or
    /// at midnight), the alerts of the moment, those acknowledged left out.
    func overview(_ state: SyncPatientState, now: Date, staleDays: Int, acknowledged: Set<String>) async throws -> _PatientOverview {
        let day = calendar.startOfDay(for: now)
        let patient = state.patient
        let basis: _PatientOverview.Basis
        if let kept = overviewCache.basis(patient: patient.id, revision: state.latestRevision, day: day) {
            basis = kept
        } else {
            basis = try await _PatientOverview.basis(store: try await replicas.store(of: patient.id), now: now, calendar: calendar)
            overviewCache.keep(basis, patient: patient.id, revision: state.latestRevision, day: day)
        }
        return _PatientOverview.make(
            patient: patient, basis: basis, lastContact: lastContact(state), lastData: state.lastPush, now: now, staleDays: staleDays,
            calendar: calendar, acknowledged: acknowledged)
    }

    /// `POST /team/patients/{id}/alerts/acknowledge` (`alert`, `note`, `back`, `stale`): the clinician
    /// has seen an alert; it is left out of the list until something new fires. The
    /// acknowledgment and its audit line (who, when, the note) are one transaction.
    func acknowledgeAlert(_ request: HTTPRequest, patient id: String) async throws -> HTTPResponse {
        let clinician = try signedIn(request).session.clinician
        let form = try verifiedForm(request)
        guard let patient = try assignedPatient(id, of: clinician),
            let state = try service.storage.assignedPatientStates(of: clinician.id).first(where: { $0.patient.id == patient.id })
        else { return notFound(request) }
        let note = (form["note"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard note.count <= 500 else { return refusal(request, loc("Nothing was recorded"), loc("A note can be at most 500 characters long."), status: 400, patient: patient) }
        let now = clock()
        // The "no data" rule of the list the form was on (`?stale=DAYS`).
        let stale = Int(form["stale"] ?? "").map { min(max($0, 1), 365) } ?? policy.staleDays
        let current = try await overview(state, now: now, staleDays: stale, acknowledged: [])
        guard let key = form["alert"], let alert = current.alerts.first(where: { $0.key == key }) else {
            return refusal(
                request, loc("Nothing was recorded"),
                loc("That alert is no longer raised for {patient}: something changed since the page was shown. Look at the list again.", ["patient": patient.name]),
                status: 409, patient: patient)
        }
        let action = "acknowledged the alert “\(inEnglish { alert.text(calendar: calendar) })”" + (note.isEmpty ? " without a note" : " with the note “\(note)”")
        try service.storage.acknowledgeAlert(
            patient: patient.id, key: key, note: note,
            audit: SyncAuditEntry(date: now, clinician: clinician.id, clinicianEmail: clinician.email, patient: patient.id, action: action, address: address(request)))
        let list = TeamRoute.patients.path
        let back = form["back"] ?? list
        let safe = back.hasPrefix(list) && !back.contains("//") && !back.contains("\\") ? back : list
        return .redirect(to: safe)
    }
}
