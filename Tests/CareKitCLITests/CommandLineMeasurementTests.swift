import CareKitStore
import CareKitTestSupport
import Foundation
import Testing

/// `carekit log` judges a value by the task's measurement: no body can have it, refused with
/// what to type; outside the target range, logged and said at once; a blood pressure is one
/// reading typed "152/95".
@Suite("carekit log: measurements")
struct CommandLineMeasurementTests {
    static func bloodPressure(in directory: TemporaryDirectory) async throws -> (CLI, String) {
        let cli = CLI(directory: directory.url)
        let store = directory.file("care.sqlite").path
        let added = try await cli.run([
            "add-task", "Blood pressure", "--measure", "Blood pressure", "--range", "90-140/60-90", "--times", "08:00", "--from", "2025-01-01", "--store", store
        ])
        #expect(added.status == 0, "\(added.error)")
        return (cli, store)
    }

    @Test func aValueNoBodyCanHaveIsRefusedWithWhatToType() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (cli, store) = try await Self.bloodPressure(in: directory)
        let refused = try await cli.run(["log", "blood-pressure", "310/84", "--store", store])
        #expect(refused.status != 0)
        #expect(refused.error.contains("Systolic pressure: 310 mmHg is not a possible reading. Enter a value from 40 to 300 mmHg."), "\(refused.error)")
        let reversed = try await cli.run(["log", "blood-pressure", "84/128", "--store", store])
        #expect(reversed.status != 0 && reversed.error.contains("must be below the systolic"), "\(reversed.error)")
        let events = try await cli.run(["events", "blood-pressure", "--json", "--store", store])
        #expect(!events.output.contains("\"value\""), "nothing was logged")
    }

    @Test func anEmptyOrHugeValueIsRefusedAndNothingIsLogged() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cli = CLI(directory: directory.url)
        let store = directory.file("care.sqlite").path
        #expect(try await cli.run(["add-task", "Journal", "--times", "20:00", "--from", "2025-01-01", "--store", store]).status == 0)
        let empty = try await cli.run(["log", "journal", "  ", "--store", store])
        #expect(empty.status != 0 && empty.error.contains("VALUE is empty"), "\(empty.error)")
        let huge = try await cli.run(["log", "journal", String(repeating: "a", count: 100_000), "--store", store])
        #expect(huge.status != 0 && huge.error.contains("VALUE has 100000 characters; a value may have at most 2000."), "\(huge.error.prefix(200))")
        let note = try await cli.run(["log", "journal", String(repeating: "b", count: 2_000), "--store", store])
        #expect(note.status == 0, "\(note.error)")
        let opened = OCKStore(url: URL(fileURLWithPath: store))
        defer { opened.close() }
        #expect(try await opened.fetchOutcomes(query: OCKOutcomeQuery()).flatMap(\.values).count == 1, "only the 2,000-character note")
    }

    @Test func aReadingOutsideItsTargetIsLoggedAndSaidAtOnce() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (cli, store) = try await Self.bloodPressure(in: directory)
        let logged = try await cli.run(["log", "blood-pressure", "152/95", "--store", store])
        #expect(logged.status == 0, "\(logged.error)")
        #expect(logged.output.contains("Logged 152/95 mmHg for Blood pressure"), "\(logged.output)")
        #expect(logged.output.contains("152 mmHg is above your target 90–140 mmHg."))
        #expect(logged.output.contains("95 mmHg is above your target 60–90 mmHg."))
        let opened = OCKStore(url: URL(fileURLWithPath: store))
        defer { opened.close() }
        let values = try await opened.fetchOutcomes(query: OCKOutcomeQuery()).flatMap(\.values)
        #expect(values.map(\.kind) == ["systolic", "diastolic"] && values.compactMap(\.numericValue) == [152, 95])
    }
}
