import Dispatch

/// Where the sync server's requests run: threads that may block on storage. Pushes, pulls and
/// the dashboard call their storage synchronously (libpq and SQLite wait for the database and
/// for the disk); on Swift's concurrency pool, which has one thread per core, two such waits
/// on a two-core machine would hold up every other request, however idle the database. A
/// concurrent dispatch queue adds threads while its work is blocked, so requests wait for the
/// database side by side, up to the storage's own connection limit.
final class _StorageExecutor: TaskExecutor {
    static let shared = _StorageExecutor()

    private let queue = DispatchQueue(label: "CareKitSyncServer.storage", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
