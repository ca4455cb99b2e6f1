import CareKit
import CareKitStore
import CareKitTestSupport
import Foundation
import Testing

/// `carekit add-task`, `edit-task` and `stop-task`: a plan typed on the command line, strict
/// about what it reads, each change a new version that keeps what was recorded.
@Suite("carekit add-task, edit-task and stop-task")
struct CommandLinePlanTests {
    /// "Now" is Wednesday 2026-12-02 10:00 in New York.
    static func cli(_ directory: TemporaryDirectory) -> InProcessCLI {
        var cli = InProcessCLI(directory: directory.url)
        cli.now = TestDates.date("2026-12-02 10:00")
        return cli
    }

    /// Runs `body` with the command line and the path of a store that does not exist yet.
    static func withStore(_ body: (InProcessCLI, String) async throws -> Void) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await body(cli(directory), directory.file("care.sqlite").path)
    }

    static func starts(_ path: String, _ id: String, on day: String) async throws -> [Date] {
        let store = OCKStore(url: URL(fileURLWithPath: path))
        defer { store.close() }
        var query = OCKEventQuery(for: TestDates.date(day), calendar: TestDates.calendar)
        query.taskIDs = [id]
        return try await store.fetchEvents(query: query).map(\.scheduleEvent.start)
    }

    @Test func addingATaskMakesTheStoreAndTheEventsTyped() async throws {
        try await Self.withStore { cli, store async throws in
            let added = await cli.run([
                "add-task", "Metformin", "--instructions", "500 mg with food", "--times", "08:00,20:00",
                "--days", "mon,thu", "--from", "2026-12-01", "--remind", "15", "--store", store
            ])
            #expect(added.status == 0, "\(added.error)")
            #expect(added.output == "Added Metformin (id metformin): Every Monday and Thursday at 08:00 and 20:00, from Tue, Dec 1.\n")
            #expect(try await Self.starts(store, "metformin", on: "2026-12-03") == [TestDates.date("2026-12-03 08:00"), TestDates.date("2026-12-03 20:00")])
            #expect(try await Self.starts(store, "metformin", on: "2026-12-04").isEmpty)
            let task = try #require(try await OCKStore(url: URL(fileURLWithPath: store)).fetchTasks(query: OCKTaskQuery(id: "metformin")).first)
            #expect(task.instructions == "500 mg with food" && task.reminderMinutesBefore == 15)
        }
    }

    @Test func aValueLoggedWithUnitsKeepsThem() async throws {
        try await Self.withStore { cli, store async throws in
            #expect(await cli.run(["add-task", "Fever check", "--all-day", "--measure", "Temperature", "--unit", "°C", "--store", store]).status == 0)
            let logged = await cli.run(["log", "fever-check", "100.4 F", "--kind", "temperature", "--store", store])
            #expect(logged.status == 0, "\(logged.error)")
            #expect(logged.output.hasPrefix("Logged 100.4 °F"), "\(logged.output)")
            let arabic = await cli.run(["log", "fever-check", "٣٨٫٢ °C", "--kind", "temperature", "--store", store])
            #expect(arabic.status == 0, "\(arabic.error)")
            let opened = OCKStore(url: URL(fileURLWithPath: store))
            defer { opened.close() }
            let values = try await opened.fetchOutcomes(query: OCKOutcomeQuery()).flatMap(\.values).map { "\($0.numericValue ?? -1) \($0.units ?? "")" }
            #expect(Set(values) == ["100.4 °F", "38.2 °C"], "each value in the units it was typed in")
        }
    }

    @Test func aMeasurementEveryOtherDayAllDayWithAnEnd() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.file("care.sqlite").path
        let added = await Self.cli(directory).run([
            "add-task", "Fever check", "--all-day", "--every", "2", "--until", "2026-12-06",
            "--no-adherence", "--measure", "Temperature", "--unit", "°F", "--range", "97-99.5", "--store", store
        ])
        #expect(added.status == 0, "\(added.error)")
        #expect(added.output.contains("Every other day all day, from Wed, Dec 2 until Sun, Dec 6"))
        let task = try #require(try await OCKStore(url: URL(fileURLWithPath: store)).fetchTasks(query: OCKTaskQuery(id: "fever-check")).first)
        #expect(task.impactsAdherence == false && task.survey?.questions.first?.unit == "°F")
        #expect(task.schedule.elements.first?.targetRange(forKind: "temperature")?.upperBound == 99.5)
        #expect(try await Self.starts(store, "fever-check", on: "2026-12-06").count == 1)
        #expect(try await Self.starts(store, "fever-check", on: "2026-12-08").isEmpty)
    }

    @Test(arguments: [
        (["--times", "25:00"], "carekit add-task: --times: '25:00' is not a time"),
        (["--times", "8am"], "carekit add-task: --times: '8am' is not a time"),
        (["--times", "08:00", "--days", "mon,funday"], "--days: 'funday' is not a day of the week"),
        (["--times", "08:00", "--days", "mon", "--every", "2"], "--every: Choose weekdays or every N days, not both."),
        (["--times", "08:00", "--from", "2026-12-10", "--until", "2026-12-01"], "--until: The last day, 2026-12-01, is before the first"),
        (["--times", "08:00", "--range", "1-2"], "--range: A range belongs to a measurement"),
        (["--times", "08:00", "--from", "12/01/2026"], "--from: '12/01/2026' is not a date"),
        (["--times", "08:00", "--tims", "x"], "Did you mean")
    ])
    func badInputIsRefusedWithTheReason(extra: [String], message: String) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = await Self.cli(directory).run(["add-task", "Pill"] + extra + ["--store", directory.file("care.sqlite").path])
        #expect(result.status == 2)
        #expect(result.error.contains(message), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: directory.file("care.sqlite").path))
    }

    @Test func editingChangesTheScheduleFromTodayAndKeepsWhatWasRecorded() async throws {
        try await Self.withStore { cli, store async throws in
            _ = await cli.run(["add-task", "Metformin", "--times", "08:00,20:00", "--from", "2026-12-01", "--store", store])
            var early = cli
            early.now = TestDates.date("2026-12-02 08:05")
            #expect(await early.run(["complete", "metformin", "--store", store]).status == 0)
            let edited = await cli.run(["edit-task", "metformin", "--times", "09:00,21:00", "--instructions", "1000 mg", "--store", store])
            #expect(edited.status == 0, "\(edited.error)")
            #expect(edited.output.contains("Changed Metformin (id metformin) from"))
            #expect(try await Self.starts(store, "metformin", on: "2026-12-02") == [TestDates.date("2026-12-02 08:00"), TestDates.date("2026-12-02 21:00")])
            #expect(try await Self.starts(store, "metformin", on: "2026-12-03") == [TestDates.date("2026-12-03 09:00"), TestDates.date("2026-12-03 21:00")])
            let events = await cli.run(["events", "--date", "2026-12-02", "--store", store])
            #expect(events.output.contains("done"))
        }
    }

    @Test func aChangeOrStopThatWouldHideAnEntrySaysWhichDayToChoose() async throws {
        try await Self.withStore { cli, store async throws in
            _ = await cli.run(["add-task", "Walk", "--times", "08:00", "--from", "2026-11-30", "--store", store])
            #expect(await cli.run(["complete", "walk", "--date", "2026-12-01", "--store", store]).status == 0)
            let edit = await cli.run(["edit-task", "walk", "--times", "07:00", "--from", "2026-11-30", "--store", store])
            #expect(edit.status == 1)
            #expect(edit.error.contains("You recorded Walk for Tue, Dec 1 at 8:00\u{202F}AM"), "\(edit.error)")
            #expect(edit.error.contains("Let the change start on Wed, Dec 2 or later"))
            let stop = await cli.run(["stop-task", "walk", "--until", "2026-11-30", "--store", store])
            #expect(stop.status == 1)
            #expect(stop.error.contains("Choose Tue, Dec 1 or later as the last day"), "\(stop.error)")
            let stopped = await cli.run(["stop-task", "walk", "--store", store])
            #expect(stopped.output == "Stopped Walk after 2026-12-02; its history stays.\n", "\(stopped.error)")
            #expect(try await Self.starts(store, "walk", on: "2026-12-03").isEmpty)
            #expect(try await Self.starts(store, "walk", on: "2026-12-01").count == 1)
        }
    }

    @Test func aMistypedTaskIsNamedAndNothingChanges() async throws {
        try await Self.withStore { cli, store async throws in
            _ = await cli.run(["add-task", "Walk", "--times", "08:00", "--store", store])
            let result = await cli.run(["stop-task", "walks", "--store", store])
            #expect(result.status == 1)
            #expect(result.error.contains("did you mean 'walk'?"))
        }
    }
}
