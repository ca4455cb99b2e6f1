import Foundation
import Synchronization

/// When each patient's devices last made contact (a pull or a push, even with nothing new),
/// kept in memory and written to storage at most once per ``persistInterval`` per patient: a
/// device that syncs every 2 seconds costs one small write a minute, not thirty. The dashboard
/// reads the later of this server's memory and storage, so it is exact for the devices that
/// talk to this server and at most a minute behind for those of another server on the same
/// database (docs/team.md, "Last contact").
final class _ContactLog: Sendable {
    /// How often a patient's contact is written to storage at most.
    static let persistInterval: TimeInterval = 60

    private struct Entry {
        var seen: Date
        var persisted: Date?
    }

    private let entries = Mutex<[Int64: Entry]>([:])

    /// Notes a contact at `now`; true when it should be written to storage now (the first
    /// contact this server saw, or a minute after the last one it wrote).
    func note(_ patient: Int64, at now: Date) -> Bool {
        entries.withLock { entries in
            var entry = entries[patient] ?? Entry(seen: now, persisted: nil)
            entry.seen = max(entry.seen, now)
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
}

extension SyncService {
    /// Notes that a device of the patient's made contact; written to storage at most once a
    /// minute (a failed write is tried again with the next contact).
    func noteContact(_ patient: Int64) {
        let now = clock()
        guard contacts.note(patient, at: now) else { return }
        do { try storage.recordContact(patient: patient, at: now) } catch { contacts.forgetPersisted(patient) }
    }

    /// When a device of the patient's last made contact with this server, or nil.
    public func lastContact(patient: Int64) -> Date? {
        contacts.lastContact(patient)
    }
}

extension _ContactLog {
    /// Makes the next contact of the patient write again (the last write failed).
    func forgetPersisted(_ patient: Int64) {
        entries.withLock { $0[patient]?.persisted = nil }
    }
}
