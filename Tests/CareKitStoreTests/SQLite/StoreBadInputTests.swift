import Foundation
import Testing

@testable import CareKitStore

/// Bad input is refused with a reason and writes nothing; unusual text survives exactly.
@Suite("Bad input and text")
struct StoreBadInputTests {
    typealias S = StoreTestSupport

    @Test(arguments: S.Kind.allCases)
    func aBatchWithADuplicateIDWritesNothing(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        await S.expectError(.invalidValue, mentioning: ["'pills' twice"]) {
            try await store.addTasks([S.dailyTask("walk"), S.dailyTask("pills"), S.dailyTask("pills")])
        }
        #expect(try await S.rowCount(store, "task") == 0)

        let tasks = try await store.addTasks([S.dailyTask("walk"), S.dailyTask("pills")])
        await S.expectError(.invalidValue, mentioning: ["'walk' twice"]) {
            try await store.updateTasks([tasks[0], tasks[1], tasks[0]])
        }
        await S.expectError(.invalidValue, mentioning: ["'pills' twice"]) {
            try await store.deleteTasks([tasks[1], tasks[1]])
        }
        let outcome = S.outcome(tasks[0], 0, id: "same")
        var twin = outcome
        twin.taskOccurrenceIndex = 1
        await S.expectError(.invalidValue, mentioning: ["'same' twice"]) {
            try await store.addOutcomes([outcome, twin])
        }
        #expect(try await S.rowCount(store, "task") == 2)
        #expect(try await S.rowCount(store, "outcome") == 0)
        // A batch that adds an id already in the store writes none of its items either.
        await S.expectError(.addFailed, mentioning: ["pills"]) {
            try await store.addTasks([S.dailyTask("yoga"), S.dailyTask("pills")])
        }
        #expect(try await store.fetchTasks(query: OCKTaskQuery()).map(\.id).sorted() == ["pills", "walk"])
    }

    @Test(arguments: S.Kind.allCases)
    func anUpdateOrDeleteBatchWithOneBadItemWritesNothing(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let tasks = try await store.addTasks([S.dailyTask("walk"), S.dailyTask("pills")])
        var renamed = tasks[0]
        renamed.title = "Long walk"
        renamed.effectiveDate = S.date("2025-02-01")
        await S.expectError(.updateFailed, mentioning: ["ghost"]) {
            try await store.updateTasks([renamed, S.dailyTask("ghost")])
        }
        await S.expectError(.deleteFailed, mentioning: ["ghost"]) {
            try await store.deleteTasks([tasks[1], S.dailyTask("ghost")])
        }
        #expect(try await S.rowCount(store, "task") == 2)
        #expect(try await store.fetchTasks(query: OCKTaskQuery(dateInterval: S.day("2025-03-01"))).compactMap(\.title).sorted() == ["pills", "walk"])

        let contacts = try await store.addContacts([S.contact("a"), S.contact("b")])
        try await store.deleteContact(contacts[1])
        var changed = contacts[0]
        changed.organization = "Clinic"
        await S.expectError(.updateFailed, mentioning: ["'b'", "deleted"]) {
            try await store.updateContacts([changed, contacts[1]])
        }
        #expect(try await store.fetchContacts(query: OCKContactQuery(id: "a")).map(\.organization) == [nil])
    }

    @Test(arguments: S.Kind.allCases)
    func aBadOutcomeInABatchWritesNothing(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let task = try await store.addTask(S.dailyTask("pills", end: "2025-01-10"))
        let unknown = S.dailyTask("unknown")
        await S.expectError(.invalidValue, mentioning: [unknown.uuid.uuidString]) {
            try await store.addOutcomes([S.outcome(task, 0, id: "good"), S.outcome(unknown, 0, id: "bad")])
        }
        await S.expectError(.invalidValue, mentioning: ["pills", "occurrence 9"]) {
            try await store.addOutcomes([S.outcome(task, 0, id: "good"), S.outcome(task, 9, id: "bad")])
        }
        #expect(try await S.rowCount(store, "outcome") == 0)
        #expect(try await S.rowCount(store, "outcome_value") == 0)
        #expect(try await S.events(store, on: "2025-01-01").map { $0.outcome?.id } == [nil])
    }

    @Test(arguments: S.Kind.allCases)
    func invalidSchedulesAreRefused(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let zero = OCKScheduleElement(start: S.date("2025-01-01 08:00"), end: nil, interval: DateComponents(), calendar: S.calendar)
        let backwards = OCKScheduleElement(start: S.date("2025-01-10 08:00"), end: S.date("2025-01-01"), interval: DateComponents(day: 1), calendar: S.calendar)
        let negative = OCKScheduleElement(start: S.date("2025-01-01 08:00"), end: nil, interval: DateComponents(day: -1), calendar: S.calendar)
        let cases: [(String, OCKSchedule)] = [
            ("zero-interval", OCKSchedule(composing: [zero])),
            ("end-before-start", OCKSchedule(composing: [backwards])),
            ("negative-interval", OCKSchedule(composing: [negative])),
            ("no-elements", OCKSchedule(composing: [OCKScheduleElement]()))
        ]
        for (id, schedule) in cases {
            var bad = OCKTask(id: id, title: nil, carePlanUUID: nil, schedule: schedule)
            bad.effectiveDate = S.date("2025-01-01")
            await S.expectError(.invalidValue, mentioning: [id, "invalid schedule"]) {
                try await store.addTasks([S.dailyTask("fine"), bad])
            }
        }
        #expect(try await S.rowCount(store, "task") == 0)
        #expect(try await S.rowCount(store, "schedule_element") == 0)

        // An update to an invalid schedule is refused too, and the task is unchanged.
        let task = try await store.addTask(S.dailyTask("pills"))
        var change = OCKTask(id: "pills", title: nil, carePlanUUID: nil, schedule: OCKSchedule(composing: [zero]))
        change.effectiveDate = S.date("2025-02-01")
        await S.expectError(.invalidValue, mentioning: ["pills"]) {
            try await store.updateTask(change)
        }
        #expect(try await store.fetchTasks(query: OCKTaskQuery()).map(\.uuid) == [task.uuid])
    }

    @Test(arguments: S.Kind.allCases)
    func idsAndDatesMustBeUsable(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        await S.expectError(.invalidValue, mentioning: ["non-empty id"]) {
            try await store.addTask(S.dailyTask(""))
        }
        var nanTask = S.dailyTask("nan")
        nanTask.effectiveDate = Date(timeIntervalSinceReferenceDate: .nan)
        await S.expectError(.invalidValue, mentioning: ["nan", "effective date"]) {
            try await store.addTask(nanTask)
        }
        #expect(try await S.rowCount(store, "task") == 0)
    }

    /// Text with NUL characters, emoji, combining marks and right-to-left scripts comes back
    /// byte for byte, and can be searched for.
    @Test(arguments: S.Kind.allCases)
    func unusualTextRoundTripsExactly(kind: S.Kind) async throws {
        let store = S.makeStore(kind)
        let samples = [
            "nul\u{0}inside", "\u{0}leading", "trailing\u{0}",
            "💊 Take 2 👩🏽‍⚕️", "مرحبا بالعالم", "שָׁלוֹם", "e\u{301}", "\u{202E}rtl-override", "tab\tnew\nline \"quoted\" \\"
        ]
        for (index, text) in samples.enumerated() {
            var task = S.dailyTask("task-\(text)", title: text)
            task.instructions = text
            task.groupIdentifier = text
            task.remoteID = "remote-\(text)"
            task.tags = [text, "plain"]
            task.userInfo = [text: text]
            task.notes = [OCKNote(author: text, title: text, content: text)]
            task.asset = text
            task.source = text
            let stored = try await store.addTask(task)

            let byID = try await store.fetchTasks(query: OCKTaskQuery(id: "task-\(text)"))
            #expect(byID.count == 1, "fetch by id «\(text.debugDescription)»")
            let fetched = try #require(byID.first)
            #expect(fetched.uuid == stored.uuid)
            #expect(fetched.id == "task-\(text)")
            #expect(fetched.title == text)
            #expect(fetched.instructions == text)
            #expect(fetched.groupIdentifier == text)
            #expect(fetched.tags == [text, "plain"])
            #expect(fetched.userInfo == [text: text])
            #expect(fetched.notes == [OCKNote(author: text, title: text, content: text)])
            #expect(fetched.asset == text)
            #expect(fetched.source == text)
            #expect(Array(fetched.title?.utf8 ?? "".utf8) == Array(text.utf8))

            func count(_ configure: (inout OCKTaskQuery) -> Void) async throws -> Int {
                var query = OCKTaskQuery()
                configure(&query)
                return try await store.fetchTasks(query: query).count
            }
            #expect(try await count { $0.tags = [text] } == 1, "tag «\(text.debugDescription)»")
            #expect(try await count { $0.groupIdentifiers = [text] } == 1, "group «\(text.debugDescription)»")
            #expect(try await count { $0.remoteIDs = ["remote-\(text)"] } == 1, "remote id «\(text.debugDescription)»")
            #expect(try await store.fetchTask(withID: "task-\(text)").uuid == stored.uuid)

            let outcome = try await store.addOutcome(
                S.outcome(
                    stored, 0, id: "outcome-\(text)",
                    values: [OCKOutcomeValue(text, units: text, kind: text, createdDate: S.date("2025-01-01"))]))
            let outcomes = try await store.fetchOutcomes(query: OCKOutcomeQuery(id: "outcome-\(text)"))
            #expect(outcomes.map(\.uuid) == [outcome.uuid])
            #expect(outcomes.first?.values.first?.stringValue == text)
            #expect(outcomes.first?.values.first?.units == text)
            #expect(outcomes.first?.values.first?.kind == text)
            var byTask = OCKOutcomeQuery()
            byTask.taskIDs = ["task-\(text)"]
            #expect(try await store.fetchOutcomes(query: byTask).count == 1)

            var contact = S.contact("contact-\(index)", given: text, family: text)
            contact.organization = text
            contact.emailAddresses = [OCKLabeledValue(label: text, value: text)]
            contact.address = OCKPostalAddress(street: text, city: text, state: text, postalCode: text, country: text)
            _ = try await store.addContact(contact)
            let contacts = try await store.fetchContacts(query: OCKContactQuery(id: "contact-\(index)"))
            #expect(contacts.first?.name.givenName == text)
            #expect(contacts.first?.organization == text)
            #expect(contacts.first?.emailAddresses == [OCKLabeledValue(label: text, value: text)])
            #expect(contacts.first?.address?.street == text)
        }
    }
}
