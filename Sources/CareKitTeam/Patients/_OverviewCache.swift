import Foundation
import Synchronization

/// Each patient's overview bases (adherence of the week, today's open events, values out of
/// range), kept in memory for the revision they were computed at, several days ahead
/// (``_OverviewHorizon``). A push gives the patient a new latest revision: the entry is stale,
/// and the next list computes it again from the patient's replica. A new day needs nothing new
/// until the horizon runs out. Each server keeps its own, and the list keeps each in storage
/// too, so that a server that starts again reads them back.
///
/// One computation per patient and revision at a time: a list that needs a patient another list
/// is computing waits for that one instead of doing the same work beside it (eight lists at a
/// start would otherwise each compute every patient).
final class _OverviewCache: Sendable {
    private struct Entry {
        var revision: Int64
        var horizon: _OverviewHorizon
    }

    private struct Flight: Hashable {
        var patient: Int64
        var revision: Int64
    }

    private let entries = Mutex<[Int64: Entry]>([:])
    /// The computations under way, each with the lists waiting for it.
    private let flights = Mutex<[Flight: [CheckedContinuation<Turn, Never>]]>([:])

    /// The bases of each patient (with their revision) computed at that revision, for `day`,
    /// under one turn of the lock (a list asks for every assigned patient at once).
    func bases(of patients: [(patient: Int64, revision: Int64)], day: Date) -> [Int64: _PatientOverview.Basis] {
        entries.withLock { entries in
            var found: [Int64: _PatientOverview.Basis] = [:]
            found.reserveCapacity(patients.count)
            for (patient, revision) in patients {
                guard let entry = entries[patient], entry.revision == revision, let basis = entry.horizon.bases[day] else { continue }
                found[patient] = basis
            }
            return found
        }
    }

    /// Keeps a horizon computed from the patient's revisions up to at least `revision`, with
    /// the days before `today` left out (they are worth nothing).
    func keep(_ horizon: _OverviewHorizon, patient: Int64, revision: Int64, today: Date) {
        var horizon = horizon
        horizon.bases = horizon.bases.filter { $0.key >= today }
        entries.withLock { entries in
            if let kept = entries[patient], kept.revision > revision { return }
            entries[patient] = Entry(revision: revision, horizon: horizon)
        }
    }

    /// What a caller of ``computeOnce(patient:revision:_:)`` is to do.
    private enum Turn {
        /// Compute: nobody else is.
        case compute
        /// Take what another caller computed.
        case take(_OverviewHorizon)
        /// Compute after all: the other caller failed.
        case retry
    }

    /// `compute()`'s horizon for the patient at `revision`, computed once however many ask at
    /// the same time: the first caller computes it, the others wait for its result (and
    /// compute it themselves if it failed).
    func computeOnce(patient: Int64, revision: Int64, _ compute: () async throws -> _OverviewHorizon) async throws -> _OverviewHorizon {
        let flight = Flight(patient: patient, revision: revision)
        let turn: Turn = await withCheckedContinuation { continuation in
            let joined = flights.withLock { flights -> Bool in
                guard flights[flight] != nil else {
                    flights[flight] = []
                    return false
                }
                flights[flight, default: []].append(continuation)
                return true
            }
            if !joined { continuation.resume(returning: .compute) }
        }
        switch turn {
        case .take(let horizon): return horizon
        case .retry: return try await compute()
        case .compute: break
        }
        do {
            let horizon = try await compute()
            land(flight, .take(horizon))
            return horizon
        } catch {
            land(flight, .retry)
            throw error
        }
    }

    /// How many callers wait for the computation of the patient at `revision` (for tests).
    func waiting(patient: Int64, revision: Int64) -> Int {
        flights.withLock { $0[Flight(patient: patient, revision: revision)]?.count ?? 0 }
    }

    private func land(_ flight: Flight, _ turn: Turn) {
        let waiting = flights.withLock { $0.removeValue(forKey: flight) ?? [] }
        for continuation in waiting { continuation.resume(returning: turn) }
    }
}
