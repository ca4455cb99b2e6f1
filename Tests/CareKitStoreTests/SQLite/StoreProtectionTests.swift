import CSQLite
import Foundation
import Testing

@testable import CareKitStore

#if canImport(Glibc)
    import Glibc
#endif

/// Stores that must not be written: damaged files, read-only files and folders, and files
/// that do not exist. Reads still work for rescue, writes fail with a reason, and no file's
/// permissions change. The read-only cases hold for root too (a file without write bits is
/// read-only for everyone), so they run in CI, which runs as root.
@Suite("Damaged and protected stores")
struct StoreProtectionTests {
    typealias S = StoreTestSupport
    static let clock = S.date("2025-06-01 12:00")

    static func mode(_ path: String) -> Int? { StoreFileTests.permissions(path) }
    static func exists(_ path: String) -> Bool { StoreFileTests.exists(path) }

    /// A closed store with a patient, a task and three outcomes, in a fresh folder.
    static func filledStore() async throws -> URL {
        let url = S.temporaryDirectory().appendingPathComponent("care.sqlite")
        let store = OCKStore(url: url, clock: { Self.clock })
        try await store.addPatient(S.patient("ada"))
        let task = try await store.addTask(S.dailyTask("pills"))
        for occurrence in 0..<3 {
            try await store.addOutcome(S.outcome(task, occurrence, id: "o\(occurrence)"))
        }
        store.close()
        #expect(!exists(url.path + "-wal"), "closing folds the WAL into the file")
        return url
    }

    /// Overwrites the root page of `table` with zeros, as a failing disk would.
    static func zeroRootPage(of table: String, in url: URL) throws {
        let connection = try _SQLiteConnection(path: url.path, readOnly: true)
        let pageSize = try #require(try connection.scalarInt("PRAGMA page_size"))
        let statement = try connection.prepare("SELECT rootpage FROM sqlite_master WHERE name = ?")
        statement.bind(table, at: 1)
        #expect(try statement.step())
        let page = statement.int64(0)
        statement.reset()
        connection.close()
        let handle = try FileHandle(forUpdating: url)
        try handle.seek(toOffset: UInt64((page - 1) * pageSize))
        try handle.write(contentsOf: Data(count: Int(pageSize)))
        try handle.close()
    }

    static func fileBytes(_ url: URL) throws -> Data { try Data(contentsOf: url) }

    // MARK: Damaged

    @Test("A full disk is said in words a person can act on, and nothing of the refused batch lands")
    func aFullDiskIsSaidInWords() async throws {
        let url = try await Self.filledStore()
        let store = OCKStore(url: url, clock: { Self.clock })
        defer { store.close() }
        let task = try #require(try await store.fetchTasks(query: OCKTaskQuery()).first)
        // The disk fills up: SQLite may not grow the file by another page.
        let pages = try #require(try await S.integer(store, "PRAGMA page_count"))
        _ = try store.database().writeSync(.update) { connection in try connection.execute("PRAGMA max_page_count = \(pages + 1)") }.get()
        let batch = (10..<400).map { S.outcome(task, $0, id: "full\($0)") }
        let error = await #expect(throws: OCKStoreError.self) { try await store.addOutcomes(batch) }
        let reason = error?.reason ?? ""
        #expect(reason.contains("Nothing was written: the disk that holds \(url.path) is full"), "\(reason)")
        #expect(reason.contains("free some space") && !reason.contains("SQLite code"), "\(reason)")
        #expect(try await S.rowCount(store, "outcome") == 3, "the three outcomes before, none of the batch")
    }

    @Test("SQLite's I/O errors are told apart: a disk full behind \"disk I/O error\", a lock held elsewhere, a failing disk")
    func sqliteFailuresInWords() {
        let shm = _SQLiteError(code: 4874, message: "disk I/O error", systemErrno: ENOSPC)
        #expect(shm.isDiskFull, "SQLITE_IOERR_SHMSIZE with ENOSPC is a full disk")
        #expect(shm.plainReason(file: "/srv/care.sqlite")?.hasPrefix("the disk that holds /srv/care.sqlite is full") == true)
        let locked = _SQLiteError(code: SQLITE_BUSY, message: "database is locked")
        #expect(locked.plainReason(file: "/srv/care.sqlite")?.hasPrefix("another program holds /srv/care.sqlite locked") == true)
        let failing = _SQLiteError(code: 266, message: "disk I/O error", systemErrno: EIO)
        #expect(!failing.isDiskFull)
        #expect(
            failing.plainReason(file: "/srv/care.sqlite")
                == "the disk could not read or write /srv/care.sqlite (Input/output error); check the disk and its file system (`dmesg` may say more), and try again")
        #expect(_SQLiteError(code: SQLITE_CONSTRAINT, message: "constraint").plainReason(file: "x") == nil, "the program's own failures are not blamed on the disk")
    }

    @Test func aDamagedStoreRefusesWritesAndStillReadsWhatItCan() async throws {
        let url = try await Self.filledStore()
        try Self.zeroRootPage(of: "outcome_value", in: url)
        let damaged = try Self.fileBytes(url)

        let store = OCKStore(url: url, clock: { Self.clock })
        try store.ensureOpen()
        let damage = try #require(store.damage, "quick_check on open finds the zeroed page")
        #expect(store.isReadOnly)
        let task = try #require(try await store.fetchTasks(query: OCKTaskQuery()).first, "tasks are on sound pages and still read")
        #expect(task.id == "pills")
        #expect(try await store.fetchPatients(query: OCKPatientQuery()).map(\.id) == ["ada"])

        let error = await S.expectError(.addFailed, mentioning: ["damaged", "Nothing was written", "backup", "carekit export", url.path]) {
            try await store.addOutcome(S.outcome(task, 5, id: "new"))
        }
        #expect(error?.reason.contains(damage) == true, "the reason quotes what the check found")
        await S.expectError(.updateFailed, mentioning: ["damaged"]) {
            var changed = task
            changed.title = "Changed"
            try await store.updateTask(changed)
        }
        store.close()
        #expect(try Self.fileBytes(url) == damaged, "not a byte of the damaged file was written")

        let rescue = try await OCKStore(url: url, clock: { Self.clock }).exportReadableVersions()
        let kinds = rescue.entities.map { entity -> String in
            switch entity {
            case .patient: "patient"
            case .task: "task"
            case .outcome: "outcome"
            default: "other"
            }
        }
        #expect(kinds.filter { $0 == "patient" }.count == 1)
        #expect(kinds.filter { $0 == "task" }.count == 1)
        #expect(rescue.unreadable.count == 1, "\(rescue.unreadable)")
        #expect(rescue.unreadable.first?.contains("outcome") == true, "the lost outcomes are named: \(rescue.unreadable)")
        // A sound store reads in full, with nothing reported lost.
        let sound = try await Self.filledStore()
        let full = try await OCKStore(url: sound).exportReadableVersions()
        #expect(full.entities.count == 5 && full.unreadable.isEmpty)
    }

    @Test func aDamagedIndexStillLetsEveryVersionBeRescued() async throws {
        let url = try await Self.filledStore()
        try Self.zeroRootPage(of: "task_effective", in: url)
        let store = OCKStore(url: url)
        #expect(store.damage != nil)
        let rescue = try await store.exportReadableVersions()
        #expect(rescue.entities.count == 5, "the index is damaged, not the data: patient, task and 3 outcomes")
        await S.expectError(.addFailed, mentioning: ["damaged"]) { try await store.addTask(S.dailyTask("walk")) }
    }

    // MARK: Read-only files and folders

    @Test func aReadOnlyFileIsReadNeverWrittenAndKeepsItsMode() async throws {
        let url = try await Self.filledStore()
        #expect(chmod(url.path, 0o444) == 0)
        let before = try Self.fileBytes(url)
        let store = OCKStore(url: url, clock: { Self.clock })
        #expect(store.openingError == nil)
        #expect(store.isReadOnly && store.damage == nil)
        #expect(try await store.fetchOutcomes(query: OCKOutcomeQuery()).count == 3)
        await S.expectError(.addFailed, mentioning: ["read-only", "chmod u+w \(url.path)", "Nothing was written"]) {
            try await store.addTask(S.dailyTask("walk"))
        }
        store.close()
        #expect(Self.mode(url.path) == 0o444, "the owner's choice of mode stands")
        #expect(try Self.fileBytes(url) == before)
        // Opened immutable: no -wal or -shm file was made with the read-only mode, where it
        // would stop writes after the file is made writable again.
        #expect(!Self.exists(url.path + "-shm") && !Self.exists(url.path + "-wal"))
        #expect(chmod(url.path, 0o600) == 0)
        let writable = OCKStore(url: url)
        #expect(!writable.isReadOnly)
        try await writable.addTask(S.dailyTask("walk"))
        #expect(try await writable.fetchTasks(query: OCKTaskQuery()).count == 2)
    }

    @Test func anExistingFileKeepsTheModeItHas() async throws {
        let url = try await Self.filledStore()
        #expect(Self.mode(url.path) == 0o600, "a store this code creates is private")
        #expect(chmod(url.path, 0o640) == 0)
        let store = OCKStore(url: url)
        try await store.addTask(S.dailyTask("walk"))
        #expect(Self.mode(url.path) == 0o640)
        #expect(Self.mode(url.path + "-wal") == 0o640, "SQLite gives its files the database's mode")
        store.close()
        #expect(Self.mode(url.path) == 0o640)
    }

    @Test func aStoreInAReadOnlyFolderIsReadable() async throws {
        let url = try await Self.filledStore()
        let folder = url.deletingLastPathComponent().path
        #expect(chmod(folder, 0o555) == 0)
        defer { _ = chmod(folder, 0o700) }
        let listing = try FileManager.default.contentsOfDirectory(atPath: folder)
        let store = OCKStore(url: url, clock: { Self.clock })
        #expect(store.openingError == nil, "\(store.openingError.map { "\($0)" } ?? "")")
        #expect(try await store.fetchOutcomes(query: OCKOutcomeQuery()).count == 3)
        #expect(try await S.events(store, on: "2025-01-02").first?.outcome != nil)
        await S.expectError(.addFailed, mentioning: ["folder", folder, "Nothing was written"]) {
            try await store.addTask(S.dailyTask("walk"))
        }
        store.close()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == listing, "nothing was created in the folder")
        #expect(Self.mode(folder) == 0o555)
    }

    /// With a writer still open, the newest commits live only in its WAL: `immutable=1` would
    /// not read them, so the read-only open uses the existing -wal and -shm files.
    @Test func aReadOnlyFolderWithAWriterStillOpenSeesTheNewestCommit() async throws {
        let url = try await Self.filledStore()
        let folder = url.deletingLastPathComponent().path
        let writer = OCKStore(url: url)
        let task = try #require(try await writer.fetchTasks(query: OCKTaskQuery()).first)
        try await writer.addOutcome(S.outcome(task, 7, id: "latest"))
        #expect(Self.exists(url.path + "-shm"))
        #expect(chmod(folder, 0o555) == 0)
        defer { _ = chmod(folder, 0o700) }
        let reader = OCKStore(url: url)
        #expect(reader.isReadOnly)
        #expect(try await reader.fetchOutcomes(query: OCKOutcomeQuery()).map(\.id).sorted() == ["latest", "o0", "o1", "o2"])
        reader.close()
        writer.close()
    }

    @Test func aStoreOpenedReadOnlyByChoiceSeesOthersWrites() async throws {
        let url = try await Self.filledStore()
        let reader = OCKStore(url: url, options: [.readOnly])
        #expect(reader.isReadOnly)
        #expect(reader.writeRefusal?.contains("opened read-only") == true)
        await S.expectError(.addFailed, mentioning: ["read-only"]) { try await reader.addTask(S.dailyTask("walk")) }
        let writer = OCKStore(url: url)
        try await writer.addTask(S.dailyTask("walk"))
        #expect(try await reader.fetchTasks(query: OCKTaskQuery()).count == 2, "not immutable: a writer may be at work")
        writer.close()
        reader.close()
        #expect(Self.mode(url.path) == 0o600)
    }

    // MARK: Missing files

    @Test func aMissingFileIsNotCreatedUnlessAsked() async throws {
        let url = S.temporaryDirectory().appendingPathComponent("typo/care.sqlite")
        for options: OCKStoreOpenOptions in [[], [.readOnly], [.readOnly, .createIfMissing]] {
            let store = OCKStore(url: url, options: options)
            let error = try #require(store.openingError)
            #expect(error.reason.contains("There is no store at \(url.path)"))
            #expect(!Self.exists(url.path) && !Self.exists(url.deletingLastPathComponent().path), "nothing was created")
        }
        #expect(OCKStore(url: url).openingError == nil, "the default creates it")
        #expect(Self.mode(url.path) == 0o600)
    }

    // MARK: The plan

    @Test(arguments: [
        // file writable, folder writable, WAL has content, -shm exists, read-only by choice → access
        (true, true, false, false, false, _OpenPlan.Access.readWrite),
        (true, true, true, true, false, .readWrite),
        (true, true, false, false, true, .readOnly),
        (false, true, false, false, false, .immutable),
        (false, true, true, true, false, .readOnly),
        (false, true, false, true, false, .readOnly),
        (true, false, false, false, false, .immutable),
        (true, false, true, true, false, .readOnly),
        (false, false, true, false, false, .readOnly)
    ])
    func theOpenPlan(_ file: Bool, _ folder: Bool, _ wal: Bool, _ shm: Bool, _ chosen: Bool, _ expected: _OpenPlan.Access) {
        let files = _OpenPlan.Files(fileWritable: file, folderWritable: folder, walHasContent: wal, shmExists: shm)
        let plan = _OpenPlan.plan(path: "/data/care.sqlite", options: chosen ? [.readOnly] : [], files: files)
        #expect(plan.access == expected)
        #expect((plan.readOnlyReason == nil) == (expected == .readWrite))
    }

    @Test func immutableURIsEscapeThePath() {
        #expect(_OpenPlan.uri("/a b/c?d#e%f.sqlite") == "file:/a%20b/c%3Fd%23e%25f.sqlite")
    }
}
