import Foundation
import Synchronization

/// When each patient's devices last made contact (a pull or a push, even with nothing new),
/// kept exactly in memory and written to storage only when it moved by ``persistInterval``
/// (an hour, as a token's last use) past what storage holds: an idle fleet that syncs every 2
/// seconds writes nothing, one small write an hour per patient at most. What storage holds
/// comes with the request's token (``SyncDeviceToken/patientLastContact``), so a server that
/// starts again, or another server on the same database, does not write it anew. The
/// dashboard reads the later of this server's memory and storage, so it is exact for the
/// devices that talk to this server and at most an hour behind for those of another server on
/// the same database (docs/team.md, "Last contact").
final class _ContactLog: Sendable {
    /// How far a patient's contact moves before it is written to storage again.
    static let persistInterval: TimeInterval = SyncService.tokenUseResolution

    private struct Entry {
        var seen: Date
        var persisted: Date?
    }

    private let entries = Mutex<[Int64: Entry]>([:])

    /// Notes a contact at `now`, storage holding `stored`; true when it should be written to
    /// storage now (never written, or ``persistInterval`` after the latest written).
    func note(_ patient: Int64, at now: Date, stored: Date?) -> Bool {
        entries.withLock { entries in
            var entry = entries[patient] ?? Entry(seen: now, persisted: nil)
            entry.seen = max(entry.seen, now)
            if let stored { entry.persisted = max(entry.persisted ?? stored, stored) }
            let due = entry.persisted.map { now.timeIntervalSince($0) >= Self.persistInterval } ?? true
            if due { entry.persisted = now }
            entries[patient] = entry
            return due
        }
    }

    /// The last contact this server saw, or nil.
    func lastContact(_ patient: Int64) -> Date? {
        entries.withLock { $0[patient]?.seen }
    }

    /// Makes the next contact of the patient write again (the last write failed).
    func forgetPersisted(_ patient: Int64) {
        entries.withLock { $0[patient]?.persisted = nil }
    }
}

extension SyncService {
    /// Notes that a device of the token's patient made contact; written to storage when it
    /// moved by an hour (a failed write is tried again with the next contact).
    func noteContact(_ token: SyncDeviceToken) {
        let now = clock(), patient = token.patient.id
        guard contacts.note(patient, at: now, stored: token.patientLastContact) else { return }
        do { try storage.recordContact(patient: patient, at: now) } catch { contacts.forgetPersisted(patient) }
    }

    /// When a device of the patient last made contact with this server, or nil.
    public func lastContact(patient: Int64) -> Date? {
        contacts.lastContact(patient)
    }
}
