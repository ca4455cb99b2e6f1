import CareKitSyncServer
import Foundation

/// Where the patient list's overviews come from, cheapest first: this server's memory
/// (``_OverviewCache``), then storage (kept by this server before it started again, or by
/// another server on the same database), then the patient's replica (CareKitStore on their
/// revisions). Each is taken only at the patient's latest revision, so a push is seen by the
/// next list, and what was computed is kept in both places several days ahead
/// (``_OverviewHorizon``), so midnight and a start cost nothing for a patient who did not push.
extension SyncTeamDashboard {
    /// The overview basis of each of `states` on `day` (its start), by patient.
    func bases(_ states: [SyncPatientState], day: Date) async throws -> [Int64: _PatientOverview.Basis] {
        var found = overviewCache.bases(of: states.map { ($0.patient.id, $0.latestRevision) }, day: day)
        let missing = states.filter { found[$0.patient.id] == nil }
        guard !missing.isEmpty else { return found }
        // A kept overview that cannot be read (storage down, another format) is computed again.
        let kept = (try? service.storage.keptOverviews(patients: missing.map(\.patient.id))) ?? [:]
        var computed: [Int64: SyncKeptOverview] = [:]
        for state in missing {
            let patient = state.patient.id
            if let stored = kept[patient], stored.revision == state.latestRevision, let horizon = try? _OverviewHorizon(json: stored.json),
                let basis = horizon.bases[day]
            {
                overviewCache.keep(horizon, patient: patient, revision: state.latestRevision, today: day)
                found[patient] = basis
                continue
            }
            let horizon = try await overviewCache.computeOnce(patient: patient, revision: state.latestRevision) {
                try await computeHorizon(of: patient, from: day)
            }
            overviewCache.keep(horizon, patient: patient, revision: state.latestRevision, today: day)
            guard let basis = horizon.bases[day] else { throw HorizonError() }
            found[patient] = basis
            if let json = try? horizon.json() { computed[patient] = SyncKeptOverview(revision: state.latestRevision, json: json) }
        }
        // Kept for the next start; the list stands without it (the next one computes again).
        try? service.storage.keepOverviews(computed)
        return found
    }

    /// One patient's overview at `now`, as the list shows it (a patient's day shows its alerts).
    func overview(_ state: SyncPatientState, now: Date, staleDays: Int, acknowledged: Set<String>) async throws -> _PatientOverview {
        guard let basis = try await bases([state], day: calendar.startOfDay(for: now))[state.patient.id] else { throw HorizonError() }
        return overview(state, basis: basis, now: now, staleDays: staleDays, acknowledged: acknowledged)
    }

    /// The patient's bases from `day` on, computed on their replica brought up to date.
    func computeHorizon(of patient: Int64, from day: Date) async throws -> _OverviewHorizon {
        let store = try await replicas.store(of: patient)
        var bases: [Date: _PatientOverview.Basis] = [:]
        for start in _OverviewHorizon.days(from: day, calendar: calendar) {
            bases[start] = try await _PatientOverview.basis(store: store, now: start, calendar: calendar)
        }
        return _OverviewHorizon(bases: bases)
    }

    /// A horizon without the day it was computed from (a calendar that cannot count days).
    struct HorizonError: Error, CustomStringConvertible {
        var description: String { "The patient's overview could not be computed for today." }
    }
}
