import Foundation

/// Where the sync server's requests run: threads that may block on storage. Pushes, pulls and
/// the dashboard call their storage synchronously (libpq and SQLite wait for the database and
/// for the disk); on Swift's concurrency pool, which has one thread per core, two such waits
/// on a two-core machine would hold up every other request, however idle the database.
///
/// The threads are this executor's own and fixed in number. A dispatch queue was used first,
/// but on Linux dispatch does not see a thread blocked in `poll` on a socket and adds workers
/// sparingly (the benchmark's whole process had 13 threads while a thousand devices pushed),
/// so pushes waited for each other's database round trips while the database's connections
/// sat idle (push p99 175 ms at 1,000 devices × 7 days). Each executor below has a number of
/// threads fitted to its work.
final class _StorageExecutor: TaskExecutor, @unchecked Sendable {
    /// Devices' pushes and pulls: short transactions that mostly wait on the database. Sixteen
    /// threads, twice the default connections of `PostgresSyncStorage`, so that every connection
    /// is busy while more requests wait for one (benchmark part 9, 1,000 devices × 7 days: push
    /// p99 75 ms with four threads, 36 ms with sixteen).
    static let devices = _StorageExecutor(threads: 16)

    /// The routes mounted beside the protocol (the care team's pages) and the FHIR API: mostly
    /// computing and writing HTML or JSON, which goes no faster with more of it at once than
    /// there are cores. Eight dashboard requests at once on two cores served 43 lists a second;
    /// four at once, 114.
    static let dashboard = _StorageExecutor(threads: max(4, ProcessInfo.processInfo.activeProcessorCount))

    private let condition = NSCondition()
    /// Jobs waiting for a thread, oldest first (`head` is the next to run).
    private var jobs: [UnownedJob] = []
    private var head = 0

    init(threads: Int) {
        for index in 0..<max(1, threads) {
            let thread = Thread { [unowned self] in self.work() }
            thread.name = "CareKitSyncServer.storage.\(index)"
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func work() {
        let executor = asUnownedTaskExecutor()
        while true {
            condition.lock()
            while head == jobs.count { condition.wait() }
            let job = jobs[head]
            head += 1
            if head == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= 4096 {
                jobs.removeFirst(head)
                head = 0
            }
            condition.unlock()
            job.runSynchronously(on: executor)
        }
    }
}
