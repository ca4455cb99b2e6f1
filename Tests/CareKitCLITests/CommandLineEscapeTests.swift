import CareKitStore
import CareKitTestSupport
import Foundation
import Testing

/// Stored text that a terminal would act on (escape sequences, C1 controls, bidi overrides)
/// is shown escaped by `carekit tasks` and `events`, and stays exact, valid JSON with --json.
@Suite("carekit output and terminal escapes")
struct CommandLineEscapeTests {
    /// Sets the window title, turns text red, and reverses the rest of the line.
    static let title = "Pills\u{1B}]0;owned\u{07}\u{1B}[31m red\u{202E}txt.exe\u{9B}2J"
    static let value = "fine\u{1B}[2J\u{2066}\u{0}"

    /// What a terminal must never receive raw from stored text.
    static func hasRawControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value) || [0x202E, 0x2066].contains(scalar.value)
        }
    }

    /// A store with the hostile task and value, exported and imported into a new store with
    /// the CLI, as a file from elsewhere would arrive.
    static func importedStore(_ directory: TemporaryDirectory) async throws -> String {
        let original = OCKStore(url: directory.file("original.sqlite"))
        let schedule = OCKSchedule.dailyAtTime(hour: 8, minutes: 0, start: TestDates.date("2025-01-01"), end: nil, text: nil, calendar: TestDates.calendar)
        var task = OCKTask(id: "pills", title: title, carePlanUUID: nil, schedule: schedule)
        task.instructions = "Take\u{1B}[8m hidden"
        let stored = try await original.addTask(task)
        try await original.addOutcome(OCKOutcome(taskUUID: stored.uuid, taskOccurrenceIndex: 18, values: [OCKOutcomeValue(value)]))
        original.close()
        let cli = CLI(directory: directory.url)
        #expect(try await cli.run(["export", "-o", "hostile.json", "--store", directory.file("original.sqlite").path]).status == 0)
        let path = directory.file("imported.sqlite").path
        let imported = try await cli.run(["import", "hostile.json", "--store", path])
        #expect(imported.status == 0, "\(imported.error)")
        return path
    }

    @Test func tablesShowControlCharactersEscaped() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await Self.importedStore(directory)
        let cli = CLI(directory: directory.url)
        let tasks = try await cli.run(["tasks", "--store", store])
        let events = try await cli.run(["events", "--date", "2025-01-19", "--store", store])
        let done = try await cli.run(["complete", "pills", "--store", store])
        for result in [tasks, events, done] {
            #expect(result.status == 0, "\(result.error)")
            #expect(!Self.hasRawControls(result.output), "\(result.output.debugDescription)")
        }
        #expect(tasks.output.contains(#"Pills\u{1B}]0;owned\u{7}\u{1B}[31m red\u{202E}txt.exe\u{9B}2J"#), "\(tasks.output)")
        #expect(events.output.contains(#"fine\u{1B}[2J\u{2066}\u{0}"#), "\(events.output)")
        #expect(done.output.hasPrefix(#"Done: Pills\u{1B}]0;owned"#), "\(done.output)")
    }

    @Test func jsonStaysExactAndPrintable() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await Self.importedStore(directory)
        let cli = CLI(directory: directory.url)
        let tasks = try await cli.run(["tasks", "--json", "--store", store])
        let events = try await cli.run(["events", "--json", "--date", "2025-01-19", "--store", store])
        let export = try await cli.run(["export", "--store", store])
        for result in [tasks, events, export] {
            #expect(result.status == 0, "\(result.error)")
            #expect(!Self.hasRawControls(result.output), "\(result.output.debugDescription)")
        }
        let decodedTasks = try JSONSerialization.jsonObject(with: Data(tasks.output.utf8)) as? [[String: Any]]
        #expect(decodedTasks?.first?["title"] as? String == Self.title, "the JSON holds the exact title")
        #expect(decodedTasks?.first?["instructions"] as? String == "Take\u{1B}[8m hidden")
        let decodedEvents = try JSONSerialization.jsonObject(with: Data(events.output.utf8)) as? [[String: Any]]
        let values = decodedEvents?.first?["values"] as? [[String: Any]]
        #expect(values?.first?["value"] as? String == Self.value)
        #expect(try JSONSerialization.jsonObject(with: Data(export.output.utf8)) is [String: Any])
    }
}
