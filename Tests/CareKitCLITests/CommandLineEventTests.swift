import CareKitStore
import CareKitTestSupport
import Foundation
import Testing

/// `carekit complete` and `carekit log` from many processes at once on one store, and on days
/// that have not come yet.
@Suite("carekit complete and log")
struct CommandLineEventTests {
    /// A store with two daily tasks at 08:00 New York from 2025-01-01; "now" is 09:00 on Jan 20.
    static func seededStore(in directory: TemporaryDirectory) async throws -> String {
        let url = directory.file("care.sqlite")
        let store = OCKStore(url: url)
        let start = TestDates.date("2025-01-01")
        for id in ["pills", "temperature"] {
            let schedule = OCKSchedule.dailyAtTime(hour: 8, minutes: 0, start: start, end: nil, text: nil, calendar: TestDates.calendar)
            try await store.addTask(OCKTask(id: id, title: id.capitalized, carePlanUUID: nil, schedule: schedule))
        }
        store.close()
        return url.path
    }

    static func event(_ taskID: String, on day: String, store path: String) async throws -> OCKEvent<OCKTask, OCKOutcome> {
        let store = OCKStore(url: URL(fileURLWithPath: path))
        defer { store.close() }
        var query = OCKEventQuery(for: TestDates.date(day), calendar: TestDates.calendar)
        query.taskIDs = [taskID]
        return try #require(try await store.fetchEvents(query: query).first)
    }

    @Test func twelveSimultaneousLogsAreAllKept() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await Self.seededStore(in: directory)
        let cli = CLI(directory: directory.url)
        let results = try await cli.runConcurrently((0..<12).map { ["log", "temperature", "\(36 + Double($0) / 10)", "--unit", "°C", "--store", store] })
        for result in results {
            #expect(result.status == 0, "\(result.error)")
            #expect(result.output.hasPrefix("Logged"))
        }
        let values = try await Self.event("temperature", on: "2025-01-20", store: store).outcome?.values.compactMap(\.doubleValue) ?? []
        #expect(values.sorted() == (0..<12).map { 36 + Double($0) / 10 }, "every value a command acknowledged is in the store")
    }

    @Test func simultaneousCompletionsLeaveTheEventDone() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await Self.seededStore(in: directory)
        let cli = CLI(directory: directory.url)
        let results = try await cli.runConcurrently(Array(repeating: ["complete", "pills", "--store", store], count: 10))
        for result in results {
            #expect(result.status == 0, "\(result.error)")
            #expect(result.output.hasPrefix("Done:") || result.output.contains("was already done"), "\(result.output)")
        }
        let event = try await Self.event("pills", on: "2025-01-20", store: store)
        #expect(event.outcome?.values.first?.booleanValue == true)
        let opened = OCKStore(url: URL(fileURLWithPath: store))
        defer { opened.close() }
        let versions = try await opened.fetchOutcomes(query: OCKOutcomeQuery())
        #expect(versions.count == 1, "one outcome, written once: no command deleted another's")
    }

    @Test func futureDaysAreRefused() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await Self.seededStore(in: directory)
        let cli = CLI(directory: directory.url)
        let complete = try await cli.run(["complete", "pills", "--date", "2025-01-21", "--store", store])
        #expect(complete.status == 1)
        #expect(complete.error.contains("has not happened yet"), "\(complete.error)")
        let log = try await cli.run(["log", "temperature", "38.5", "--date", "2025-01-25", "--store", store])
        #expect(log.status == 1)
        #expect(log.error.contains("has not happened yet"), "\(log.error)")
        #expect(try await Self.event("pills", on: "2025-01-21", store: store).outcome == nil)
        #expect(try await Self.event("temperature", on: "2025-01-25", store: store).outcome == nil)
        // Today and earlier days are fine.
        #expect(try await cli.run(["complete", "pills", "--date", "2025-01-19", "--store", store]).status == 0)
        #expect(try await cli.run(["complete", "pills", "--store", store]).status == 0)
    }
}
