import Foundation
import Synchronization

/// Each patient's overview basis (adherence of the week, today's open events, values out of
/// range), kept in memory for the revision and the day it was computed at. A push gives the
/// patient a new latest revision and a new day starts at midnight: either makes the entry
/// stale, and the next list computes it again from the patient's replica. Each server keeps
/// its own (a cache: several servers on one database each compute theirs).
final class _OverviewCache: Sendable {
    private struct Entry {
        var revision: Int64
        var day: Date
        var basis: _PatientOverview.Basis
    }

    private let entries = Mutex<[Int64: Entry]>([:])

    /// The basis of a patient at this revision and day, if it was computed.
    func basis(patient: Int64, revision: Int64, day: Date) -> _PatientOverview.Basis? {
        entries.withLock { entries in
            guard let entry = entries[patient], entry.revision == revision, entry.day == day else { return nil }
            return entry.basis
        }
    }

    /// Keeps a basis computed from the patient's revisions up to at least `revision`.
    func keep(_ basis: _PatientOverview.Basis, patient: Int64, revision: Int64, day: Date) {
        entries.withLock { entries in
            // Entries of past days are worth nothing: drop them when the day changes.
            if let any = entries.first?.value, any.day != day { entries = entries.filter { $0.value.day == day } }
            entries[patient] = Entry(revision: revision, day: day, basis: basis)
        }
    }
}
