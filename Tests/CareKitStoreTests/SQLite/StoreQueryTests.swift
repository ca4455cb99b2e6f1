import Foundation
import Testing

@testable import CareKitStore

/// Query filters, ordering and paging, for every entity.
@Suite("Query filters")
struct StoreQueryTests {
    typealias S = StoreTestSupport

    /// Three tasks in two care plans with different groups, tags and remote ids.
    struct Fixture {
        let store: OCKStore
        let planA: OCKCarePlan, planB: OCKCarePlan
        let a: OCKTask, b: OCKTask, c: OCKTask

        init(_ kind: S.Kind) async throws {
            store = S.makeStore(kind)
            var planA = S.carePlan("plan-a")
            planA.remoteID = "remote-plan-a"
            self.planA = try await store.addCarePlan(planA)
            planB = try await store.addCarePlan(S.carePlan("plan-b"))

            var a = S.dailyTask("a", title: "Aspirin")
            a.carePlanUUID = self.planA.uuid
            a.groupIdentifier = "meds"
            a.tags = ["pill", "morning"]
            a.remoteID = "remote-a"
            a.createdDate = S.date("2025-01-01")
            var b = S.dailyTask("b", title: "Breathing")
            b.carePlanUUID = planB.uuid
            b.tags = ["exercise"]
            b.createdDate = S.date("2025-01-02")
            var c = S.dailyTask("c", title: "Calcium")
            c.groupIdentifier = "meds"
            c.remoteID = "remote-c"
            c.createdDate = S.date("2025-01-03")
            let added = try await store.addTasks([a, b, c])
            (self.a, self.b, self.c) = (added[0], added[1], added[2])
        }

        func ids(_ configure: (inout OCKTaskQuery) -> Void) async throws -> [String] {
            var query = OCKTaskQuery()
            configure(&query)
            return try await store.fetchTasks(query: query).map(\.id)
        }
    }

    @Test(arguments: S.Kind.allCases)
    func taskFilters(kind: S.Kind) async throws {
        let f = try await Fixture(kind)
        // No sort descriptor: newest createdDate first.
        #expect(try await f.ids { _ in } == ["c", "b", "a"])
        #expect(try await f.ids { $0.ids = ["a", "c"] } == ["c", "a"])
        #expect(try await f.ids { $0.ids = ["zzz"] } == [])
        #expect(try await f.ids { $0.uuids = [f.b.uuid] } == ["b"])
        #expect(try await f.ids { $0.remoteIDs = [nil] } == ["b"], "nil matches tasks without a remote id")
        #expect(try await f.ids { $0.remoteIDs = ["remote-a", nil] } == ["b", "a"])
        #expect(try await f.ids { $0.groupIdentifiers = [nil] } == ["b"])
        #expect(try await f.ids { $0.groupIdentifiers = ["meds"] } == ["c", "a"])
        #expect(try await f.ids { $0.groupIdentifiers = ["meds", nil] } == ["c", "b", "a"])
        #expect(try await f.ids { $0.tags = ["morning", "exercise"] } == ["b", "a"], "any tag matches")
        #expect(try await f.ids { $0.tags = ["evening"] } == [])
        #expect(
            try await f.ids {
                $0.groupIdentifiers = ["meds"]; $0.tags = ["pill"]
            } == ["a"], "filters are ANDed")
        #expect(try await f.ids { $0.carePlanIDs = ["plan-a"] } == ["a"])
        #expect(try await f.ids { $0.carePlanUUIDs = [f.planB.uuid] } == ["b"])
        #expect(try await f.ids { $0.carePlanRemoteIDs = ["remote-plan-a"] } == ["a"])
        #expect(try await f.ids { $0.carePlanRemoteIDs = [nil] } == ["b"], "nil matches tasks whose plan has no remote id")
    }

    @Test(arguments: S.Kind.allCases)
    func sortingLimitAndOffset(kind: S.Kind) async throws {
        let f = try await Fixture(kind)
        #expect(try await f.ids { $0.sortDescriptors = [.title(ascending: true)] } == ["a", "b", "c"])
        #expect(try await f.ids { $0.sortDescriptors = [.title(ascending: false)] } == ["c", "b", "a"])
        // Equal groups fall back to createdDate, newest first; NULL sorts first ascending.
        #expect(try await f.ids { $0.sortDescriptors = [.groupIdentifier(ascending: true)] } == ["b", "c", "a"])
        #expect(
            try await f.ids {
                $0.sortDescriptors = [.title(ascending: true)]; $0.limit = 2
            } == ["a", "b"])
        #expect(
            try await f.ids {
                $0.sortDescriptors = [.title(ascending: true)]; $0.limit = 2; $0.offset = 1
            } == ["b", "c"])
        #expect(
            try await f.ids {
                $0.sortDescriptors = [.title(ascending: true)]; $0.offset = 2
            } == ["c"])
        #expect(try await f.ids { $0.limit = 0 } == [])

        // An update keeps createdDate, so a newer version sorts with its task.
        var later = f.a
        later.effectiveDate = S.date("2025-01-05")
        _ = try await f.store.updateTask(later)
        #expect(try await f.ids { $0.sortDescriptors = [.effectiveDate(ascending: false)] } == ["a", "c", "b", "a"])
    }

    @Test(arguments: S.Kind.allCases)
    func tasksWhoseScheduleEndedBeforeTheIntervalAreLeftOut(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        try await store.addTask(S.dailyTask("course", start: "2025-01-01", end: "2025-01-05"))
        try await store.addTask(S.dailyTask("forever"))

        func ids(_ from: String, _ to: String) async throws -> [String] {
            try await store.fetchTasks(query: OCKTaskQuery(dateInterval: S.interval(from, to))).map(\.id).sorted()
        }
        #expect(try await ids("2025-01-04", "2025-01-07") == ["course", "forever"])
        #expect(try await ids("2025-01-06", "2025-01-07") == ["forever"])
        #expect(try await store.fetchTasks(query: OCKTaskQuery()).map(\.id).sorted() == ["course", "forever"])
    }

    @Test(arguments: S.Kind.allCases)
    func excludingTasksWithNoEventsHappensBeforeTheLimit(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        var daily = S.dailyTask("daily")
        daily.createdDate = S.date("2025-01-01")
        // Saturdays only, and created later, so it sorts first.
        var saturdays = OCKTask(
            id: "saturdays", title: "Weigh in", carePlanUUID: nil,
            schedule: .weeklyAtTime(weekday: 7, hours: 9, minutes: 0, start: S.date("2025-01-01"), end: nil, text: nil, calendar: S.calendar))
        saturdays.createdDate = S.date("2025-01-02")
        try await store.addTasks([daily, saturdays])

        var query = OCKTaskQuery(dateInterval: S.day("2025-01-06"))  // a Monday
        query.limit = 1
        #expect(try await store.fetchTasks(query: query).map(\.id) == ["saturdays"])
        query.excludesTasksWithNoEvents = true
        #expect(try await store.fetchTasks(query: query).map(\.id) == ["daily"], "the limit is filled from tasks that have events")
        query.offset = 1
        #expect(try await store.fetchTasks(query: query).isEmpty)
        query = OCKTaskQuery(dateInterval: S.day("2025-01-04"))  // a Saturday
        query.excludesTasksWithNoEvents = true
        #expect(try await store.fetchTasks(query: query).map(\.id) == ["saturdays", "daily"])
    }

    @Test(arguments: S.Kind.allCases)
    func carePlanContactAndPatientFilters(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        var ada = S.patient("ada")
        ada.remoteID = "remote-ada"
        let patient = try await store.addPatient(ada)
        var heart = S.carePlan("heart", patientUUID: patient.uuid)
        heart.tags = ["cardio"]
        heart.createdDate = S.date("2025-01-01")
        var sleep = S.carePlan("sleep")
        sleep.groupIdentifier = "night"
        sleep.createdDate = S.date("2025-01-02")
        let plans = try await store.addCarePlans([heart, sleep])

        func planIDs(_ configure: (inout OCKCarePlanQuery) -> Void) async throws -> [String] {
            var query = OCKCarePlanQuery()
            configure(&query)
            return try await store.fetchCarePlans(query: query).map(\.id)
        }
        #expect(try await planIDs { _ in } == ["sleep", "heart"])
        #expect(try await planIDs { $0.patientIDs = ["ada"] } == ["heart"])
        #expect(try await planIDs { $0.patientUUIDs = [patient.uuid] } == ["heart"])
        #expect(try await planIDs { $0.patientRemoteIDs = ["remote-ada"] } == ["heart"])
        #expect(try await planIDs { $0.tags = ["cardio"] } == ["heart"])
        #expect(try await planIDs { $0.groupIdentifiers = ["night"] } == ["sleep"])
        #expect(try await planIDs { $0.sortDescriptors = [.title(ascending: true)] } == ["heart", "sleep"])

        var hopper = S.contact("hopper", given: "Grace", family: "Hopper", carePlanUUID: plans[0].uuid)
        hopper.createdDate = S.date("2025-01-01")
        var curie = S.contact("curie", given: "Marie", family: "Curie", carePlanUUID: plans[1].uuid)
        curie.createdDate = S.date("2025-01-02")
        curie.remoteID = "remote-curie"
        try await store.addContacts([hopper, curie])
        func contactIDs(_ configure: (inout OCKContactQuery) -> Void) async throws -> [String] {
            var query = OCKContactQuery()
            configure(&query)
            return try await store.fetchContacts(query: query).map(\.id)
        }
        #expect(try await contactIDs { $0.carePlanIDs = ["heart"] } == ["hopper"])
        #expect(try await contactIDs { $0.carePlanUUIDs = [plans[1].uuid] } == ["curie"])
        #expect(try await contactIDs { $0.carePlanRemoteIDs = [nil] } == ["curie", "hopper"])
        #expect(try await contactIDs { $0.remoteIDs = [nil] } == ["hopper"])
        #expect(try await contactIDs { $0.sortDescriptors = [.familyName(ascending: true)] } == ["curie", "hopper"])
        #expect(try await contactIDs { $0.sortDescriptors = [.givenName(ascending: false)] } == ["curie", "hopper"])
        #expect(
            try await contactIDs {
                $0.sortDescriptors = [.givenName(ascending: true)]; $0.limit = 1
            } == ["hopper"])

        let patients = try await store.fetchPatients(
            query: {
                var q = OCKPatientQuery(); q.remoteIDs = ["remote-ada"]; return q
            }())
        #expect(patients.map(\.id) == ["ada"])
        let none = try await store.fetchPatients(
            query: {
                var q = OCKPatientQuery(); q.remoteIDs = [nil]; return q
            }())
        #expect(none.isEmpty)
    }

    @Test(arguments: S.Kind.allCases)
    func outcomeFilters(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        var pills = S.dailyTask("pills")
        pills.remoteID = "remote-pills"
        let tasks = try await store.addTasks([pills, S.dailyTask("walk")])
        var first = S.outcome(tasks[0], 0, id: "pills-0")
        first.createdDate = S.date("2025-01-01 09:00")
        first.tags = ["late"]
        var second = S.outcome(tasks[0], 1, id: "pills-1")
        second.createdDate = S.date("2025-01-02 09:00")
        second.groupIdentifier = "g"
        var third = S.outcome(tasks[1], 0, id: "walk-0")
        third.createdDate = S.date("2025-01-01 10:00")
        third.remoteID = "remote-walk-0"
        try await store.addOutcomes([first, second, third])

        func ids(_ configure: (inout OCKOutcomeQuery) -> Void) async throws -> [String] {
            var query = OCKOutcomeQuery()
            configure(&query)
            return try await store.fetchOutcomes(query: query).map(\.id)
        }
        #expect(try await ids { _ in } == ["pills-1", "walk-0", "pills-0"], "newest createdDate first")
        #expect(try await ids { $0.taskIDs = ["pills"] } == ["pills-1", "pills-0"])
        #expect(try await ids { $0.taskUUIDs = [tasks[1].uuid] } == ["walk-0"])
        #expect(try await ids { $0.taskRemoteIDs = ["remote-pills"] } == ["pills-1", "pills-0"])
        #expect(try await ids { $0.taskRemoteIDs = [nil] } == ["walk-0"])
        #expect(try await ids { $0.tags = ["late"] } == ["pills-0"])
        #expect(try await ids { $0.groupIdentifiers = ["g"] } == ["pills-1"])
        #expect(try await ids { $0.remoteIDs = ["remote-walk-0"] } == ["walk-0"])
        #expect(try await ids { $0.ids = ["pills-0", "walk-0"] } == ["walk-0", "pills-0"])
        #expect(
            try await ids {
                $0.limit = 1; $0.offset = 1
            } == ["walk-0"])
    }
}
