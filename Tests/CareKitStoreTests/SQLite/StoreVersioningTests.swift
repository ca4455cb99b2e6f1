import Foundation
import Testing

@testable import CareKitStore

/// Versions, tombstones and "the store as it was": what a query with a date interval sees.
@Suite("Versioning")
struct StoreVersioningTests {
    typealias S = StoreTestSupport

    /// The README's example: a task changed on January 10th, seen through four queries.
    @Test(arguments: S.Kind.allCases)
    func readmeVersioningExample(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let breakfastSchedule = OCKSchedule.dailyAtTime(
            hour: 8, minutes: 0, start: S.date("2025-01-01"), end: nil, text: "Breakfast", calendar: S.calendar)

        // On January 1st
        let task = OCKTask(id: "doxylamine", title: "Take 1 tablet of Doxylamine", carePlanID: nil, schedule: breakfastSchedule)
        let addedTask = try await store.addTask(task)
        #expect(addedTask.effectiveDate == S.date("2025-01-01 08:00"))

        // On January 10th (the README relies on "now"; here the new version says when it applies).
        var newVersion = OCKTask(id: "doxylamine", title: "Take 2 tablets of Doxylamine", carePlanID: nil, schedule: breakfastSchedule)
        newVersion.effectiveDate = S.date("2025-01-10")
        let updatedTask = try await store.updateTask(newVersion)
        #expect(updatedTask.uuid != newVersion.uuid, "an update gets a fresh version uuid")
        #expect(updatedTask.uuid != addedTask.uuid)
        #expect(updatedTask.previousVersionUUIDs == [addedTask.uuid])

        let earlyTasks = try await store.fetchTasks(query: OCKTaskQuery(dateInterval: S.interval("2025-01-01", "2025-01-05")))
        #expect(earlyTasks.map(\.uuid) == [addedTask.uuid])
        #expect(earlyTasks.map(\.title) == ["Take 1 tablet of Doxylamine"])

        let laterTasks = try await store.fetchTasks(query: OCKTaskQuery(dateInterval: S.interval("2025-01-12", "2025-01-17")))
        #expect(laterTasks.map(\.uuid) == [updatedTask.uuid])
        #expect(laterTasks.map(\.title) == ["Take 2 tablets of Doxylamine"])

        // Queries return the version in effect at the end of the interval.
        let midTasks = try await store.fetchTasks(query: OCKTaskQuery(dateInterval: S.interval("2025-01-05", "2025-01-15")))
        #expect(midTasks.map(\.uuid) == [updatedTask.uuid])

        // Queries with no date interval return all versions, newest first.
        let allTasks = try await store.fetchTasks(query: OCKTaskQuery())
        #expect(allTasks.map(\.uuid) == [updatedTask.uuid, addedTask.uuid])
        #expect(allTasks.first?.previousVersionUUIDs == [addedTask.uuid])
        #expect(allTasks.last?.nextVersionUUIDs == [updatedTask.uuid])

        // The care card shows each day's event from the version in effect that day.
        let events = try await store.fetchEvents(query: OCKEventQuery(dateInterval: S.interval("2025-01-08", "2025-01-12")))
        #expect(events.map(\.scheduleEvent.start) == ["2025-01-08 08:00", "2025-01-09 08:00", "2025-01-10 08:00", "2025-01-11 08:00"].map { S.date($0) })
        #expect(events.map(\.task.uuid) == [addedTask.uuid, addedTask.uuid, updatedTask.uuid, updatedTask.uuid])
        #expect(events.map(\.scheduleEvent.occurrence) == [7, 8, 9, 10])
        #expect(events.map(\.task.title) == ["Take 1 tablet of Doxylamine", "Take 1 tablet of Doxylamine", "Take 2 tablets of Doxylamine", "Take 2 tablets of Doxylamine"])
    }

    @Test(arguments: S.Kind.allCases)
    func theBoundaryIsTheEffectiveDateExactly(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let v1 = try await store.addTask(S.dailyTask("walk", title: "Walk 10 min"))
        var next = v1
        next.title = "Walk 20 min"
        next.effectiveDate = S.date("2025-01-10")
        let v2 = try await store.updateTask(next)

        // An interval ending exactly at the new version's effective date does not see it.
        let before = try await store.fetchTasks(query: OCKTaskQuery(dateInterval: S.interval("2025-01-09", "2025-01-10")))
        #expect(before.map(\.uuid) == [v1.uuid])
        let justAfter = try await store.fetchTasks(query: OCKTaskQuery(dateInterval: DateInterval(start: S.date("2025-01-09"), end: S.date("2025-01-10").addingTimeInterval(1))))
        #expect(justAfter.map(\.uuid) == [v2.uuid])
        // Before the task's first version took effect there is nothing.
        let beforeStart = try await store.fetchTasks(query: OCKTaskQuery(dateInterval: S.interval("2024-12-01", "2025-01-01 08:00")))
        #expect(beforeStart.isEmpty)
    }

    @Test(arguments: S.Kind.allCases)
    func updatesAppendVersionsWithDepthAndLinks(kind: S.Kind) async throws {
        let store = S.makeStore(kind, now: "2025-03-01 09:00")
        var task = S.dailyTask("stretch")
        task.createdDate = S.date("2024-12-31")
        let v1 = try await store.addTask(task)
        #expect(v1.createdDate == S.date("2024-12-31"), "a given createdDate is kept on add")
        #expect(v1.updatedDate == S.date("2025-03-01 09:00"))
        #expect(v1.schemaVersion == OCKSemanticVersion(majorVersion: 2, minorVersion: 1, patchNumber: 0))

        var change = v1
        change.createdDate = nil
        change.title = "Stretch twice"
        change.effectiveDate = S.date("2025-01-05")
        let v2 = try await store.updateTask(change)
        change.title = "Stretch three times"
        change.effectiveDate = S.date("2025-01-07")
        let v3 = try await store.updateTask(change)

        #expect(Set([v1.uuid, v2.uuid, v3.uuid]).count == 3)
        #expect(v2.previousVersionUUIDs == [v1.uuid])
        #expect(v3.previousVersionUUIDs == [v2.uuid], "the new version follows the current tip, not the value passed in")
        #expect(v2.createdDate == S.date("2024-12-31"), "an update keeps the first version's createdDate")
        #expect(try await S.integer(store, "SELECT seq FROM task WHERE uuid = '\(v1.uuid)'") == 1)
        #expect(try await S.integer(store, "SELECT seq FROM task WHERE uuid = '\(v2.uuid)'") == 2)
        #expect(try await S.integer(store, "SELECT seq FROM task WHERE uuid = '\(v3.uuid)'") == 3)

        let all = try await store.fetchTasks(query: OCKTaskQuery(id: "stretch"))
        let byUUID = Dictionary(uniqueKeysWithValues: all.map { ($0.uuid, $0) })
        #expect(byUUID[v1.uuid]?.nextVersionUUIDs == [v2.uuid])
        #expect(byUUID[v2.uuid]?.nextVersionUUIDs == [v3.uuid])
        #expect(byUUID[v3.uuid]?.nextVersionUUIDs == [])
        #expect(byUUID[v2.uuid]?.title == "Stretch twice")
    }

    /// After a sync conflict an id has two tips; an update follows both of them.
    @Test(arguments: S.Kind.allCases)
    func anUpdateFollowsEveryTip(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let v1 = try await store.addTask(S.dailyTask("pills", title: "v1"))
        var change = v1
        change.title = "v2"
        change.effectiveDate = S.date("2025-01-05")
        let v2 = try await store.updateTask(change)
        // A second branch after v1, as a merge from another device would leave it.
        var branch = v1
        branch.uuid = UUID()
        branch.previousVersionUUIDs = [v1.uuid]
        branch.nextVersionUUIDs = []
        branch.title = "branch"
        branch.effectiveDate = S.date("2025-01-06")
        let branchVersion = branch
        try await store.write(.update, .task) { connection in
            try _Versioned.insert(branchVersion, seq: 2, knowledge: try _Versioned.knowledgeRow(connection: connection), context: (), connection: connection)
            let row = try connection.scalarInt("SELECT row FROM task WHERE uuid = '\(v1.uuid)'") ?? -1
            try _Versioned.link(rows: [row], to: branchVersion.uuid, table: "task", connection: connection)
        }

        change.title = "v3"
        change.effectiveDate = S.date("2025-01-07")
        let v3 = try await store.updateTask(change)
        #expect(Set(v3.previousVersionUUIDs) == [v2.uuid, branch.uuid])
        #expect(try await S.integer(store, "SELECT seq FROM task WHERE uuid = '\(v3.uuid)'") == 3)
        let all = Dictionary(uniqueKeysWithValues: try await store.fetchTasks(query: OCKTaskQuery(id: "pills")).map { ($0.uuid, $0) })
        #expect(all[v1.uuid].map { Set($0.nextVersionUUIDs) } == [v2.uuid, branch.uuid])
        #expect(all[v2.uuid]?.nextVersionUUIDs == [v3.uuid])
        #expect(all[branch.uuid]?.nextVersionUUIDs == [v3.uuid])
        #expect(try await store.fetchTasks(query: OCKTaskQuery(dateInterval: S.day("2025-01-08"))).map(\.title) == ["v3"])
    }

    /// A deeper version wins even if it is effective earlier than the version it follows.
    @Test(arguments: S.Kind.allCases)
    func depthNotDateDecidesWhichVersionIsInEffect(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let v1 = try await store.addContact(S.contact("cardiologist", given: "Ann", effective: "2025-01-10"))
        var change = v1
        change.name.givenName = "Anne"
        change.effectiveDate = S.date("2025-01-05")
        let v2 = try await store.updateContact(change)

        func inEffect(_ from: String, _ to: String) async throws -> [UUID] {
            try await store.fetchContacts(query: OCKContactQuery(dateInterval: S.interval(from, to))).map(\.uuid)
        }
        #expect(try await inEffect("2025-01-01", "2025-01-03") == [])
        #expect(try await inEffect("2025-01-01", "2025-01-07") == [v2.uuid])
        #expect(try await inEffect("2025-01-01", "2025-01-12") == [v2.uuid], "v1 is superseded by a deeper version already effective")

        // A tombstone counts as a deeper version too.
        var gone = v2
        gone.effectiveDate = S.date("2025-01-20")
        let tombstone = try await store.deleteContact(gone)
        #expect(tombstone.deletedDate != nil)
        #expect(try await inEffect("2025-01-01", "2025-01-15") == [v2.uuid])
        #expect(try await inEffect("2025-01-01", "2025-01-25") == [])
        // Without an interval: every version that is not a tombstone.
        let all = try await store.fetchContacts(query: OCKContactQuery()).map(\.uuid)
        #expect(Set(all) == [v1.uuid, v2.uuid])
    }

    @Test(arguments: S.Kind.allCases)
    func deleteAppendsATombstoneEffectiveFromThePassedDate(kind: S.Kind) async throws {
        let store = S.makeStore(kind, now: "2025-02-01 10:00")
        let v1 = try await store.addTask(S.dailyTask("doxylamine"))
        var stop = v1
        stop.effectiveDate = S.date("2025-01-10")
        let tombstone = try await store.deleteTask(stop)
        #expect(tombstone.deletedDate == S.date("2025-02-01 10:00"), "the tombstone is stamped with the store's clock")
        #expect(tombstone.effectiveDate == S.date("2025-01-10"))
        #expect(tombstone.uuid != v1.uuid)
        #expect(tombstone.previousVersionUUIDs == [v1.uuid])
        #expect(try await S.rowCount(store, "task") == 2, "deleting never removes a row")
        #expect(try await S.integer(store, "SELECT seq FROM task WHERE uuid = '\(tombstone.uuid)'") == 2)

        let before = try await store.fetchTasks(query: OCKTaskQuery(dateInterval: S.interval("2025-01-05", "2025-01-09")))
        #expect(before.map(\.uuid) == [v1.uuid])
        let after = try await store.fetchTasks(query: OCKTaskQuery(dateInterval: S.interval("2025-01-05", "2025-01-11")))
        #expect(after.isEmpty)
        let all = try await store.fetchTasks(query: OCKTaskQuery())
        #expect(all.map(\.uuid) == [v1.uuid], "no interval: the live version stays, the tombstone is never returned")

        // Events stop where the deletion takes effect, and the history before it stays.
        let events = try await store.fetchEvents(query: OCKEventQuery(dateInterval: S.interval("2025-01-08", "2025-01-12")))
        #expect(events.map(\.scheduleEvent.start) == [S.date("2025-01-08 08:00"), S.date("2025-01-09 08:00")])
    }

    @Test(arguments: S.Kind.allCases)
    func idsAreNeverReusedAndDeletedIDsAreFrozen(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let task = try await store.addTask(S.dailyTask("doxylamine"))

        await S.expectError(.addFailed, mentioning: ["doxylamine", "already exists"]) {
            try await store.addTask(S.dailyTask("doxylamine"))
        }
        await S.expectError(.updateFailed, mentioning: ["naproxen"]) {
            try await store.updateTask(S.dailyTask("naproxen"))
        }
        await S.expectError(.deleteFailed, mentioning: ["naproxen"]) {
            try await store.deleteTask(S.dailyTask("naproxen"))
        }

        try await store.deleteTask(task)
        await S.expectError(.addFailed, mentioning: ["doxylamine", "deleted"]) {
            try await store.addTask(S.dailyTask("doxylamine"))
        }
        await S.expectError(.updateFailed, mentioning: ["doxylamine", "deleted"]) {
            try await store.updateTask(task)
        }
        await S.expectError(.deleteFailed, mentioning: ["doxylamine", "deleted"]) {
            try await store.deleteTask(task)
        }
        #expect(try await S.rowCount(store, "task") == 2)

        // A caller-chosen version uuid that is already taken is refused too.
        var sameUUID = S.dailyTask("other")
        sameUUID.uuid = task.uuid
        await S.expectError(.addFailed, mentioning: [task.uuid.uuidString]) {
            try await store.addTask(sameUUID)
        }
    }

    /// Patients, care plans and contacts follow the same version rules as tasks.
    @Test(arguments: S.Kind.allCases)
    func everyEntityFollowsTheSameRules(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let patient = try await store.addPatient(S.patient("ada"))
        let plan = try await store.addCarePlan(S.carePlan("heart", patientUUID: patient.uuid))
        let contact = try await store.addContact(S.contact("dr-hopper", carePlanUUID: plan.uuid))

        await S.expectError(.addFailed, mentioning: ["heart"]) { try await store.addCarePlan(S.carePlan("heart")) }
        await S.expectError(.addFailed, mentioning: ["dr-hopper"]) { try await store.addContact(S.contact("dr-hopper")) }

        var renamed = plan
        renamed.title = "Heart health"
        renamed.effectiveDate = S.date("2025-02-01")
        let plan2 = try await store.updateCarePlan(renamed)
        #expect(plan2.previousVersionUUIDs == [plan.uuid])
        let plans = try await store.fetchCarePlans(query: OCKCarePlanQuery(dateInterval: S.interval("2025-01-01", "2025-01-15")))
        #expect(plans.map(\.title) == ["heart"])
        let laterPlans = try await store.fetchCarePlans(query: OCKCarePlanQuery(dateInterval: S.interval("2025-01-01", "2025-03-01")))
        #expect(laterPlans.map(\.title) == ["Heart health"])

        try await store.deleteContact(contact)
        await S.expectError(.updateFailed, mentioning: ["dr-hopper", "deleted"]) { try await store.updateContact(contact) }
        await S.expectError(.addFailed, mentioning: ["dr-hopper"]) { try await store.addContact(S.contact("dr-hopper")) }

        var older = patient
        older.birthday = S.date("1990-05-05")
        older.effectiveDate = S.date("2025-03-01")
        let patient2 = try await store.updatePatient(older)
        let patients = try await store.fetchPatients(query: OCKPatientQuery(dateInterval: S.interval("2025-03-01", "2025-03-02")))
        #expect(patients.map(\.uuid) == [patient2.uuid])
        #expect(patients.first?.birthday == S.date("1990-05-05"))
    }

    @Test(arguments: S.Kind.allCases)
    func aStoreHoldsOnePatient(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        await S.expectError(.addFailed, mentioning: ["one patient"]) {
            try await store.addPatients([S.patient("ada"), S.patient("grace")])
        }
        #expect(try await S.rowCount(store, "patient") == 0, "a refused batch writes nothing")

        let ada = try await store.addPatient(S.patient("ada"))
        await S.expectError(.addFailed, mentioning: ["already has a patient"]) {
            try await store.addPatient(S.patient("grace"))
        }
        try await store.deletePatient(ada)
        await S.expectError(.addFailed, mentioning: ["already has a patient"]) {
            try await store.addPatient(S.patient("grace"))
        }
        #expect(try await store.fetchPatients(query: OCKPatientQuery()).map(\.id) == ["ada"])
    }
}
