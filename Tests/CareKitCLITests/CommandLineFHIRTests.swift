import CareKitStore
import CareKitTestSupport
import Foundation
import Testing

/// `carekit export --format fhir` and `carekit import` of FHIR Bundles, as a user runs them.
@Suite("carekit export and import as FHIR")
struct CommandLineFHIRTests {

    /// `carekit events --json` for the days around the store's edits, without the event ids
    /// (they name task versions, which a copy made through FHIR numbers anew), and with events
    /// that start together in task order (the store orders them by the version's uuid).
    static func days(_ cli: CLI, store: String) async throws -> [String] {
        var days: [String] = []
        for output in try await CommandLineBackupTests.days(cli, store: store) {
            let events = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]] ?? []
            let stripped = events.map { $0.filter { $0.key != "id" } }.sorted { lhs, rhs in
                let key = { (event: [String: Any]) in "\(event["start"] ?? "") \(event["taskID"] ?? "") \(event["occurrence"] ?? "")" }
                return key(lhs) < key(rhs)
            }
            days.append(String(decoding: try JSONSerialization.data(withJSONObject: stripped, options: [.sortedKeys]), as: UTF8.self))
        }
        return days
    }

    @Test func aFHIRBundleBringsBackEveryDay() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let original = try await CommandLineBackupTests.storeWithHistory(in: directory)
        let cli = CLI(directory: directory.url)
        let export = try await cli.run(["export", "--format", "fhir", "--store", original, "-o", "bundle.json"])
        #expect(export.status == 0, "\(export.error)")
        #expect(export.output.contains("FHIR Bundle of") && export.output.contains("Observation"), "\(export.output)")
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.file("bundle.json").path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600, "the bundle is private")
        let bundle = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.file("bundle.json"))) as? [String: Any]
        #expect(bundle?["resourceType"] as? String == "Bundle" && bundle?["type"] as? String == "collection")

        let copy = directory.file("copy.sqlite").path
        let imported = try await cli.run(["import", "bundle.json", "--store", copy])
        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.output.contains("Imported"), "\(imported.output)")
        let (before, after) = (try await Self.days(cli, store: original), try await Self.days(cli, store: copy))
        #expect(after == before, "the same events and outcomes on every day, the edited answer, the moved and the stopped task included")

        // The transaction form (for a FHIR server) is read the same way.
        #expect(try await cli.run(["export", "--format", "fhir-transaction", "--store", original, "-o", "transaction.json"]).status == 0)
        let fromTransaction = directory.file("from-transaction.sqlite").path
        #expect(try await cli.run(["import", "transaction.json", "--store", fromTransaction]).status == 0)
        #expect(try await Self.days(cli, store: fromTransaction) == before)

        // A second import would splice another history onto the tasks: refused, nothing changes.
        let again = try await cli.run(["import", "bundle.json", "--store", copy])
        #expect(again.status == 1)
        #expect(again.error.contains("Nothing was imported"), "\(again.error)")
        #expect(try await Self.days(cli, store: copy) == after)
    }

    @Test func whatCannotBePlacedIsListedAndNothingIsWritten() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let original = try await CommandLineBackupTests.storeWithHistory(in: directory)
        let cli = CLI(directory: directory.url)
        #expect(try await cli.run(["export", "--format", "fhir", "--store", original, "-o", "bundle.json"]).status == 0)
        var bundle = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.file("bundle.json"))) as? [String: Any] ?? [:]
        var entries = bundle["entry"] as? [[String: Any]] ?? []
        entries.append([
            "resource": [
                "resourceType": "Observation", "id": "stray", "status": "final", "code": ["text": "Pills"],
                "effectiveDateTime": "2025-01-15T03:17:00-05:00", "valueBoolean": true
            ]
        ])
        entries.append(["resource": ["resourceType": "Observation", "id": "no-time", "status": "final", "code": ["text": "Pills"], "valueBoolean": true]])
        entries.append(["resource": ["resourceType": "Condition", "id": "flu"]])
        bundle["entry"] = entries
        try JSONSerialization.data(withJSONObject: bundle).write(to: directory.file("edited.json"))

        let copy = directory.file("copy.sqlite").path
        let result = try await cli.run(["import", "edited.json", "--store", copy])
        #expect(result.status == 1)
        #expect(result.error.contains("2 FHIR resources cannot be placed"), "\(result.error)")
        #expect(result.error.contains("Observation/stray: task 'pills' has no event at 2025-01-15T03:17:00-05:00"), "\(result.error)")
        #expect(result.error.contains("Observation/no-time: it has no effective time"), "\(result.error)")
        #expect(result.error.contains("Nothing was imported"))
        #expect(!FileManager.default.fileExists(atPath: copy), "no store was made")
    }

    @Test func aCarePlanFromElsewhereArrivesThroughStandardInput() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cli = CLI(directory: directory.url)
        let bundle = """
            {"resourceType": "Bundle", "type": "collection", "entry": [
              {"resource": {"resourceType": "CarePlan", "id": "physio", "status": "active", "intent": "plan", "title": "Physiotherapy",
                "subject": {"display": "Ada"}, "period": {"start": "2025-01-13"},
                "activity": [{"detail": {"status": "scheduled", "code": {"text": "Knee bends"},
                  "scheduledTiming": {"repeat": {"dayOfWeek": ["mon", "thu"], "timeOfDay": ["09:00:00"], "duration": 20, "durationUnit": "min"}}}}]}},
              {"resource": {"resourceType": "Encounter", "id": "visit"}}
            ]}
            """
        try Data(bundle.utf8).write(to: directory.file("physio.json"))
        let store = directory.file("physio.sqlite").path
        let imported = try await Subprocess.run(
            "/bin/sh", ["-c", "\"$0\" import - --store \"$1\" < physio.json", try Subprocess.executable(named: "carekit"), store],
            environment: cli.environment, currentDirectory: directory.url, check: false)
        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.output.contains("Imported 1 care plan version, 1 task version."), "\(imported.output)")
        #expect(imported.output.contains("Encounter/visit: skipped"), "\(imported.output)")
        let week = try await cli.run(["events", "--from", "2025-01-13", "--to", "2025-01-19", "--json", "--store", store])
        let events = try JSONSerialization.jsonObject(with: Data(week.output.utf8)) as? [[String: Any]] ?? []
        // The CLI's zone is New York: Monday the 13th and Thursday the 16th at 09:00 EST, for 20 minutes.
        #expect(events.compactMap { $0["start"] as? String } == ["2025-01-13T14:00:00Z", "2025-01-16T14:00:00Z"], "\(week.output)")
        #expect(events.compactMap { $0["end"] as? String } == ["2025-01-13T14:20:00Z", "2025-01-16T14:20:00Z"])
    }

    @Test func anUnknownFormatIsAUsageError() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try await CLI(directory: directory.url).run(["export", "--format", "xml"])
        #expect(result.status == 2)
        #expect(result.error.contains("--format must be carekit, fhir or fhir-transaction"), "\(result.error)")
    }
}
