import CareKitHTTP
import CareKitSyncServer
import Foundation

/// The patient list, `GET /team`: every assigned patient's overview, sorted and filtered over
/// all of them, shown a page of ``SyncTeamDashboard/listPageSize`` rows at a time (`?page=N`).
///
/// A request reads each patient's latest revision in one query; an overview's basis (the
/// week's adherence computed by CareKitStore on the patient's replica, today's open events and
/// values out of range) is computed once per patient and revision, several days ahead, and kept
/// in memory and in storage (SyncTeamDashboard+Overviews.swift), so the list costs a replica's
/// work only for patients who pushed since.
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
        let states = try service.storage.assignedPatientStates(of: clinician.id).filter { search.isEmpty || $0.patient.name.localizedCaseInsensitiveContains(search) }
        let bases = try await bases(states, day: calendar.startOfDay(for: now))
        for state in states {
            guard let basis = bases[state.patient.id] else { continue }
            let overview = overview(state, basis: basis, now: now, staleDays: stale, acknowledged: acknowledged[state.patient.id] ?? [])
            guard !onlyAlerts || !overview.alerts.isEmpty else { continue }
            overviews.append(overview)
        }
        overviews = Self.sorted(overviews, by: sort)
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

    /// The overviews in the order `sort` names (`name`: as they are, by name), each patient's
    /// key computed once: an overview is a large value, and sorting the overviews themselves
    /// copied each several times per comparison (and added up a week's adherence in each).
    static func sorted(_ overviews: [_PatientOverview], by sort: String) -> [_PatientOverview] {
        func order<Key>(_ key: (_PatientOverview) -> Key, _ less: (Key, Key) -> Bool) -> [_PatientOverview] {
            let keys = overviews.map(key)
            return overviews.indices.sorted { less(keys[$0], keys[$1]) }.map { overviews[$0] }
        }
        switch sort {
        case "adherence": return order({ ($0.weekFraction ?? 2, $0.patient.name) }, { $0 < $1 })
        case "sync": return order({ ($0.lastContact ?? .distantPast, $0.patient.name) }, { $0 < $1 })
        case "alerts": return order(TriageKey.init, TriageKey.precedes)
        default: return overviews
        }
    }

    /// What places a patient in the triage order: the patient whose most urgent alert is the
    /// most severe first, and among equals the most recent; patients without alerts last, by name.
    struct TriageKey {
        var severity: _TeamAlert.Severity?
        var since: Date
        var name: String

        init(_ overview: _PatientOverview) {
            severity = overview.top?.severity
            since = overview.top?.since ?? .distantPast
            name = overview.patient.name
        }

        static func precedes(_ lhs: TriageKey, _ rhs: TriageKey) -> Bool {
            switch (lhs.severity, rhs.severity) {
            case let (left?, right?):
                if left != right { return left > right }
                if lhs.since != rhs.since { return lhs.since > rhs.since }
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): break
            }
            return lhs.name < rhs.name
        }
    }

    /// The last contact of a patient's devices: the latest of this server's own record (kept
    /// in memory), the one in storage and the last push.
    func lastContact(_ state: SyncPatientState) -> Date? {
        // Without an array a patient: the list asks this of every assigned patient.
        func later(_ first: Date?, _ second: Date?) -> Date? {
            guard let first else { return second }
            guard let second else { return first }
            return max(first, second)
        }
        return later(later(service.lastContact(patient: state.patient.id), state.lastContact), state.lastPush)
    }

    /// A patient's overview at `now` from its basis (``bases(_:day:)``: kept, or computed
    /// again after a push), the alerts of the moment, those acknowledged left out.
    func overview(_ state: SyncPatientState, basis: _PatientOverview.Basis, now: Date, staleDays: Int, acknowledged: Set<String>) -> _PatientOverview {
        _PatientOverview.make(
            patient: state.patient, basis: basis, lastContact: lastContact(state), lastData: state.lastPush, now: now, staleDays: staleDays,
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
