import CareKitStore
import CareKitTestSupport
import Foundation
import Testing

/// `carekit export` and `carekit import` as a backup: the whole history comes back, in one
/// transaction, and the files written are the user's alone.
@Suite("carekit export and import")
struct CommandLineBackupTests {

    /// A store whose history has an edited answer, an updated task and a deleted task.
    static func storeWithHistory(in directory: TemporaryDirectory) async throws -> String {
        let path = try await CommandLineEventTests.seededStore(in: directory)
        let cli = CLI(directory: directory.url)
        for (day, value) in [("2025-01-18", "101.2"), ("2025-01-19", "99.1"), ("2025-01-20", "98.6")] {
            _ = try await cli.run(["log", "temperature", value, "--date", day, "--store", path])
        }
        _ = try await cli.run(["complete", "pills", "--date", "2025-01-19", "--store", path])
        let store = OCKStore(url: URL(fileURLWithPath: path))
        defer { store.close() }
        // The answer of Jan 18 edited, the pills moved to 09:00 from Jan 19, a walk added and stopped.
        var query = OCKEventQuery(for: TestDates.date("2025-01-18"), calendar: TestDates.calendar)
        query.taskIDs = ["temperature"]
        let event = try #require(try await store.fetchEvents(query: query).first)
        try await store.perform(.replaceValues([OCKOutcomeValue(100.4, units: "°F")]), on: event.anyEvent, now: TestDates.date("2025-01-18 20:00"), calendar: TestDates.calendar)
        var pills = try await store.fetchTask(withID: "pills")
        pills.schedule = OCKSchedule.dailyAtTime(hour: 9, minutes: 0, start: TestDates.date("2025-01-20"), end: nil, text: nil, calendar: TestDates.calendar)
        pills.effectiveDate = TestDates.date("2025-01-20")
        try await store.updateTask(pills)
        var walk = try await store.addTask(
            OCKTask(id: "walk", title: "Walk", carePlanUUID: nil, schedule: .dailyAtTime(hour: 7, minutes: 0, start: TestDates.date("2025-01-10"), end: nil, text: nil, calendar: TestDates.calendar)))
        walk.effectiveDate = TestDates.date("2025-01-19")
        try await store.deleteTask(walk)
        return path
    }

    /// `carekit events --json` for each of the days around the edits.
    static func days(_ cli: CLI, store: String) async throws -> [String] {
        var outputs: [String] = []
        for day in 10...22 {
            outputs.append(try await cli.run(["events", "--json", "--date", "2025-01-\(day)", "--store", store]).output)
        }
        return outputs
    }

    @Test func aBackupRestoresEveryDayAndEveryVersion() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let original = try await Self.storeWithHistory(in: directory)
        let cli = CLI(directory: directory.url)
        let export = try await cli.run(["export", "--store", original, "-o", "backup.json"])
        #expect(export.status == 0, "\(export.error)")
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.file("backup.json").path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600, "the backup is private")

        let restored = directory.file("restored.sqlite").path
        let first = try await cli.run(["import", "backup.json", "--store", restored])
        #expect(first.status == 0, "\(first.error)")
        #expect(first.output.contains("Imported"))
        #expect(try await Self.days(cli, store: restored) == Self.days(cli, store: original))
        let again = try await cli.run(["export", "--store", restored, "-o", "again.json"])
        #expect(again.status == 0)
        let versions = { (name: String) throws -> [String] in
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.file(name))) as? [String: Any]
            let entities = object?["entities"] as? [Any] ?? []
            return try entities.map { String(decoding: try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]), as: UTF8.self) }.sorted()
        }
        #expect(try versions("again.json") == versions("backup.json"), "identical version histories")

        let second = try await cli.run(["import", "backup.json", "--store", restored])
        #expect(second.status == 0, "\(second.error)")
        #expect(second.output.contains("Imported nothing new"), "\(second.output)")
    }

    @Test func aRejectedFileChangesNothing() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let original = try await Self.storeWithHistory(in: directory)
        let cli = CLI(directory: directory.url)
        #expect(try await cli.run(["export", "--store", original, "-o", "backup.json"]).status == 0)
        // The last outcome names an occurrence that does not exist: the whole file is refused.
        var text = try String(contentsOf: directory.file("backup.json"), encoding: .utf8)
        let marker = "\"taskOccurrenceIndex\" : "
        let range = try #require(text.range(of: marker, options: .backwards))
        let digits = text[range.upperBound...].prefix { $0.isNumber }
        text.replaceSubrange(range.upperBound..<text.index(range.upperBound, offsetBy: digits.count), with: "-7")
        try text.write(to: directory.file("broken.json"), atomically: true, encoding: .utf8)

        let target = directory.file("target.sqlite").path
        let result = try await cli.run(["import", "broken.json", "--store", target])
        #expect(result.status == 1)
        #expect(result.error.contains("no occurrence -7"), "\(result.error)")
        #expect(result.error.contains("Nothing was") || result.error.contains("nothing was"), "\(result.error)")
        let store = OCKStore(url: URL(fileURLWithPath: target))
        defer { store.close() }
        #expect(try await store.exportVersions().isEmpty, "not even the patients, plans or tasks of the file")

        let garbage = try await cli.run(["import", "/dev/null", "--store", target])
        #expect(garbage.status == 1)
        #expect(!garbage.error.contains("NSCocoaErrorDomain"), "\(garbage.error)")
    }

    @Test func outputNeverGoesThroughALinkOrIntoADevice() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await CommandLineEventTests.seededStore(in: directory)
        let cli = CLI(directory: directory.url)
        let precious = directory.file("precious.txt")
        try "keep me".write(to: precious, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: directory.file("link.json").path, withDestinationPath: precious.path)
        let linked = try await cli.run(["export", "--store", store, "-o", "link.json"])
        #expect(linked.status == 1)
        #expect(linked.error.contains("symbolic link"), "\(linked.error)")
        #expect(try String(contentsOf: precious, encoding: .utf8) == "keep me")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: directory.file("link.json").path)) == precious.path, "the link is left as it was")

        let report = try await cli.run(["report", "--store", store, "-o", "link.json"])
        #expect(report.status == 1)
        #expect(try String(contentsOf: precious, encoding: .utf8) == "keep me")

        #expect(mkfifo(directory.file("fifo").path, 0o600) == 0)
        let fifo = try await cli.run(["export", "--store", store, "-o", "fifo"])
        #expect(fifo.status == 1)
        #expect(fifo.error.contains("FIFO"), "\(fifo.error)")

        let folder = try await cli.run(["export", "--store", store, "-o", directory.url.path])
        #expect(folder.status == 1)
        #expect(folder.error.contains("a folder"), "\(folder.error)")

        let reportFile = try await cli.run(["report", "--store", store, "-o", "week.pdf"])
        #expect(reportFile.status == 0, "\(reportFile.error)")
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.file("week.pdf").path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600, "reports are private")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter { $0.contains(".carekit-") }
        #expect(leftovers.isEmpty, "no temporary files are left behind: \(leftovers)")
    }

    /// `kill -9` at random moments of an import: the store holds all of the file or none of it.
    @Test func aKilledImportLeavesAllOrNothing() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = directory.file("big.sqlite")
        let store = OCKStore(url: source)
        let task = try await store.addTask(
            OCKTask(
                id: "hourly", title: "Hourly", carePlanUUID: nil,
                schedule: OCKSchedule(composing: [OCKScheduleElement(start: TestDates.date("2024-01-01"), end: nil, interval: DateComponents(hour: 1))])))
        try await store.addOutcomes((0..<6000).map { OCKOutcome(taskUUID: task.uuid, taskOccurrenceIndex: $0, values: [OCKOutcomeValue($0)]) })
        store.close()
        let cli = CLI(directory: directory.url)
        #expect(try await cli.run(["export", "--store", source.path, "-o", "big.json"]).status == 0)
        let total = 6001

        var outcomes: [Int] = []
        for trial in 0..<6 {
            let target = directory.file("restore-\(trial).sqlite").path
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try Subprocess.executable(named: "carekit"))
            process.arguments = ["import", "big.json", "--store", target]
            process.environment = cli.environment
            process.currentDirectoryURL = directory.url
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try ProcessLaunch.start(process)
            try await Task.sleep(for: .milliseconds(150 + 120 * trial))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            guard FileManager.default.fileExists(atPath: target) else { outcomes.append(0); continue }
            let restored = OCKStore(url: URL(fileURLWithPath: target))
            let count = (try? await restored.exportVersions().count) ?? 0
            restored.close()
            #expect(count == 0 || count == total, "trial \(trial): \(count) of \(total) versions")
            outcomes.append(count)
        }
        print("killed imports kept \(outcomes) versions of \(total)")
    }
}
