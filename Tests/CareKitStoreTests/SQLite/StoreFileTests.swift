import Foundation
import Testing

@testable import CareKitStore

#if canImport(Glibc)
    import Glibc
#endif

/// The store on disk: reopening, file permissions, deleting and resetting, and files that
/// are not (or not yet) CareKit stores.
@Suite("On disk")
struct StoreFileTests {
    typealias S = StoreTestSupport
    static let clock = S.date("2025-06-01 12:00")

    static func permissions(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_mode & 0o777)
    }

    static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    /// Fills a store with one of everything and returns what was written.
    static func fill(_ store: OCKStore) async throws -> (OCKTask, OCKOutcome) {
        let patient = try await store.addPatient(S.patient("ada"))
        let plan = try await store.addCarePlan(S.carePlan("heart", patientUUID: patient.uuid))
        try await store.addContact(S.contact("dr-hopper", carePlanUUID: plan.uuid))
        var task = S.dailyTask("pills")
        task.carePlanUUID = plan.uuid
        task.tags = ["meds"]
        let v1 = try await store.addTask(task)
        var change = v1
        change.title = "Two pills"
        change.effectiveDate = S.date("2025-01-10")
        let v2 = try await store.updateTask(change)
        let outcome = try await store.addOutcome(S.outcome(v2, 10, id: "jan11", values: [OCKOutcomeValue(2, units: "pills", kind: "dose", createdDate: S.date("2025-01-11 08:05"))]))
        return (v2, outcome)
    }

    @Test func reopeningAStoreSeesEverythingAndFilesArePrivate() async throws {
        let directory = S.temporaryDirectory().appendingPathComponent("nested/CareKit", isDirectory: true)
        let path = directory.appendingPathComponent("care.sqlite").path
        let (task, outcome): (OCKTask, OCKOutcome)
        do {
            let store = OCKStore(name: "care", type: .onDisk, directory: directory, clock: { Self.clock })
            #expect(store.openingError == nil)
            #expect(store.url?.path == path)
            (task, outcome) = try await Self.fill(store)
            // While the store is open the database, its WAL and its shared memory are the user's only.
            for suffix in ["", "-wal", "-shm"] {
                #expect(Self.permissions(path + suffix) == 0o600, "mode of care.sqlite\(suffix)")
            }
            #expect(Self.permissions(directory.path) == 0o700, "the folder the store created")
            #expect(try await S.integer(store, "PRAGMA synchronous") == 2, "synchronous=FULL")
            let mode = try await store.read { connection -> String in
                let statement = try connection.prepare("PRAGMA journal_mode")
                _ = try statement.step()
                return statement.string(0)
            }
            #expect(mode == "wal")
        }

        let reopened = OCKStore(name: "care", type: .onDisk, directory: directory, clock: { Self.clock })
        try reopened.ensureOpen()
        #expect(try await reopened.fetchPatients(query: OCKPatientQuery()).map(\.id) == ["ada"])
        #expect(try await reopened.fetchCarePlans(query: OCKCarePlanQuery()).map(\.id) == ["heart"])
        #expect(try await reopened.fetchContacts(query: OCKContactQuery()).map(\.id) == ["dr-hopper"])
        let tasks = try await reopened.fetchTasks(query: OCKTaskQuery())
        #expect(tasks.count == 2)
        #expect(tasks.first == task, "the newest version comes back equal, field for field")
        let outcomes = try await reopened.fetchOutcomes(query: OCKOutcomeQuery())
        #expect(outcomes == [outcome])
        let events = try await S.events(reopened, on: "2025-01-11")
        #expect(events.map(\.task.title) == ["Two pills"])
        #expect(events.first?.outcome?.values.first?.units == "pills")
        // And it is still writable.
        try await reopened.addOutcome(S.outcome(task, 11, id: "jan12"))
        #expect(try await reopened.fetchOutcomes(query: OCKOutcomeQuery()).count == 2)
    }

    @Test(arguments: S.Kind.allCases)
    func resetEmptiesTheStore(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        _ = try await Self.fill(store)
        try store.reset()
        for table in ["patient", "care_plan", "contact", "task", "schedule_element", "outcome", "outcome_value", "tag"] {
            #expect(try await S.rowCount(store, table) == 0, "\(table) after reset")
        }
        #expect(try await store.fetchTasks(query: OCKTaskQuery()).isEmpty)
        #expect(try await S.events(store, on: "2025-01-11").isEmpty)
        // Everything can be added again, ids and the one patient included.
        let (task, _) = try await Self.fill(store)
        #expect(try await store.fetchTasks(query: OCKTaskQuery(dateInterval: S.day("2025-01-11"))).map(\.uuid) == [task.uuid])
    }

    @Test func deleteRemovesTheFiles() async throws {
        let directory = S.temporaryDirectory()
        let path = directory.appendingPathComponent("gone.sqlite").path
        let store = OCKStore(name: "gone", type: .onDisk, directory: directory, clock: { Self.clock })
        _ = try await Self.fill(store)
        #expect(Self.exists(path))
        try store.delete()
        for suffix in ["", "-wal", "-shm"] {
            #expect(!Self.exists(path + suffix), "gone.sqlite\(suffix) after delete()")
        }
        await S.expectError(.fetchFailed, mentioning: ["deleted"]) {
            _ = try await store.fetchTasks(query: OCKTaskQuery())
        }
        let fresh = OCKStore(name: "gone", type: .onDisk, directory: directory, clock: { Self.clock })
        #expect(try await fresh.fetchTasks(query: OCKTaskQuery()).isEmpty)

        let memory = S.makeStore(.inMemory)
        _ = try await Self.fill(memory)
        try memory.delete()
        #expect(try await memory.fetchTasks(query: OCKTaskQuery()).isEmpty, "an in-memory store is emptied")
    }

    @Test func aSQLiteFileOfAnotherProgramIsLeftUntouched() async throws {
        let directory = S.temporaryDirectory()
        let path = directory.appendingPathComponent("other.sqlite").path
        do {
            let connection = try _SQLiteConnection(path: path)
            try connection.execute("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me');")
            connection.close()
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let store = OCKStore(name: "other", type: .onDisk, directory: directory, clock: { Self.clock })
        let error = try #require(store.openingError)
        #expect(S.ErrorCase(error) == .fetchFailed)
        #expect(error.reason.contains("does not belong to CareKit"))
        #expect(error.reason.contains(path))
        await S.expectError(.fetchFailed, mentioning: ["does not belong to CareKit"]) {
            _ = try await store.fetchTasks(query: OCKTaskQuery())
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "not a byte changed")
        #expect(!Self.exists(path + "-wal"))
        #expect(!Self.exists(path + "-shm"))
    }

    @Test func aFileThatIsNotADatabaseIsLeftUntouched() async throws {
        let directory = S.temporaryDirectory()
        let url = directory.appendingPathComponent("notes.sqlite")
        let text = Data(String(repeating: "Remember to buy milk.\n", count: 300).utf8)
        try text.write(to: url)

        let store = OCKStore(url: url, clock: { Self.clock })
        let error = try #require(store.openingError)
        #expect(S.ErrorCase(error) == .fetchFailed)
        #expect(error.reason.contains("is not a CareKit store"))
        #expect(error.reason.contains(url.path))
        #expect(throws: OCKStoreError.self) { try store.ensureOpen() }
        #expect(try Data(contentsOf: url) == text)
        #expect(!Self.exists(url.path + "-wal"))
    }

    @Test func aStoreFromANewerVersionIsRefused() async throws {
        let directory = S.temporaryDirectory()
        let path = directory.appendingPathComponent("future.sqlite").path
        do {
            let store = OCKStore(name: "future", type: .onDisk, directory: directory, clock: { Self.clock })
            try await store.addTask(S.dailyTask("pills"))
        }
        let newer = _Schema.currentVersion + 1
        do {
            let connection = try _SQLiteConnection(path: path)
            try connection.execute("PRAGMA user_version = \(newer)")
            connection.close()
        }
        let store = OCKStore(name: "future", type: .onDisk, directory: directory, clock: { Self.clock })
        let error = try #require(store.openingError)
        #expect(S.ErrorCase(error) == .fetchFailed)
        #expect(error.reason.contains("newer version of CareKit"))
        #expect(error.reason.contains("schema \(newer)"))
        let connection = try _SQLiteConnection(path: path, readOnly: true)
        #expect(try connection.scalarInt("PRAGMA user_version") == Int64(newer), "the file was left as it was")
        #expect(try connection.scalarInt("SELECT count(*) FROM task") == 1)
    }

    /// Several programs (here: stores) opening a new file at the same moment all get a store.
    @Test func storesOpeningANewFileTogetherAllSucceed() async throws {
        for round in 0..<5 {
            let directory = S.temporaryDirectory()
            let errors = await withTaskGroup(of: String?.self) { group in
                for _ in 0..<6 {
                    group.addTask {
                        // Opening is synchronous and may wait for the file lock: do it off the
                        // cooperative pool, as an app opening stores on several threads would.
                        let store = await withCheckedContinuation { continuation in
                            Thread.detachNewThread {
                                continuation.resume(returning: OCKStore(name: "race", type: .onDisk, directory: directory, clock: { Self.clock }))
                            }
                        }
                        if let error = store.openingError { return error.reason }
                        do {
                            _ = try await store.fetchTasks(query: OCKTaskQuery())
                            return nil
                        } catch {
                            return "\(error)"
                        }
                    }
                }
                var errors: [String] = []
                for await error in group { if let error { errors.append(error) } }
                return errors
            }
            #expect(errors.isEmpty, "round \(round): \(errors)")
        }
    }

    /// CareKit compares name and type, so two unrelated stores named "test" are equal.
    @Test func storesAreEqualWhenTheyAreOneObjectOrOpenOneFile() {
        let memory = OCKStore(name: "test", type: .inMemory), otherMemory = OCKStore(name: "test", type: .inMemory)
        #expect(memory == memory)
        #expect(memory != otherMemory, "same name and type, different data")
        let directory = S.temporaryDirectory()
        let file = OCKStore(name: "test", type: .onDisk, directory: directory)
        let sameFile = OCKStore(url: directory.appendingPathComponent("test.sqlite"))
        let otherFile = OCKStore(name: "test", type: .onDisk, directory: S.temporaryDirectory())
        #expect(file == sameFile && file.hashValue == sameFile.hashValue)
        #expect(file != otherFile, "same name and type, another file")
        for store in [file, sameFile, otherFile] { store.close() }
    }

    @Test func namesAndFolders() {
        #expect(OCKStore.defaultDirectory(environment: ["XDG_DATA_HOME": "/srv/data", "HOME": "/home/ada"]).path == "/srv/data/CareKit")
        #expect(OCKStore.defaultDirectory(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/ada"]).path == "/home/ada/.local/share/CareKit")
        #expect(OCKStore.defaultDirectory(environment: ["HOME": "/home/ada"]).path == "/home/ada/.local/share/CareKit")
        for bad in ["", "a/b", "..", "nul\u{0}name"] {
            let store = OCKStore(name: bad, type: .onDisk, directory: S.temporaryDirectory())
            #expect(store.openingError.map(S.ErrorCase.init) == .fetchFailed, "name «\(bad.debugDescription)»")
            #expect(store.openingError?.reason.contains("plain file name") == true)
        }
    }
}
