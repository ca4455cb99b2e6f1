import CareKitStore
import CareKitTestSupport
import Foundation
import Testing

/// The patient's time zone (`--timezone`, `$CAREKIT_TIMEZONE`), not the machine's, decides
/// where days begin, which day is "today" and the zone of what is recorded.
@Suite("carekit --timezone")
struct CommandLineTimeZoneTests {
    /// 2025-01-20 16:00 UTC: still Monday the 20th (11:00) in New York, the machine's zone in
    /// these tests, but already Tuesday the 21st (01:00) in Tokyo.
    static let now = Date(timeIntervalSince1970: 1_737_388_800)

    static func cli(_ directory: TemporaryDirectory) -> InProcessCLI {
        var cli = InProcessCLI(directory: directory.url)
        cli.now = now
        return cli
    }

    struct Event: Decodable {
        var taskID: String
        var start: Date
        var completed: Bool
    }

    static func events(_ cli: InProcessCLI, _ arguments: [String]) async throws -> [Event] {
        let listed = await cli.run(["events", "--json"] + arguments)
        #expect(listed.status == 0, "\(listed.error)")
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode([Event].self, from: Data(listed.output.utf8))
    }

    @Test func todayAndAnAllDayEventFollowThePatientsZone() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.file("care.sqlite").path
        let cli = Self.cli(directory)
        let added = await cli.run(["add-task", "Walk", "--all-day", "--from", "2025-01-21", "--timezone", "Asia/Tokyo", "--store", store])
        #expect(added.status == 0, "\(added.error)")

        // Today in Tokyo is the 21st: its all-day event runs from Tokyo's midnight (15:00 UTC the day before).
        let tokyo = try await Self.events(cli, ["--timezone", "Asia/Tokyo", "--store", store])
        #expect(tokyo.map(\.taskID) == ["walk"])
        #expect(tokyo.first?.start == Date(timeIntervalSince1970: 1_737_385_200), "2025-01-20T15:00:00Z, midnight in Tokyo")
        // A named day is that day in the patient's zone too.
        #expect(try await Self.events(cli, ["--date", "2025-01-22", "--timezone", "Asia/Tokyo", "--store", store]).first?.start == Date(timeIntervalSince1970: 1_737_471_600))
    }

    @Test func theSettingInTheEnvironmentIsUsedAndTheOptionWins() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.file("care.sqlite").path
        var cli = Self.cli(directory)
        cli.timeZoneSetting = "Asia/Tokyo"
        #expect(await cli.run(["add-task", "Pills", "--times", "08:00", "--from", "2025-01-01", "--store", store]).status == 0)
        // 08:00 in Tokyo on the 21st (the setting's today) is 23:00 UTC on the 20th.
        #expect(try await Self.events(cli, ["--store", store]).map(\.start) == [Date(timeIntervalSince1970: 1_737_414_000)])
        // --timezone overrides the setting.
        #expect(await cli.run(["add-task", "Walk", "--all-day", "--timezone", "America/New_York", "--store", store]).status == 0)
        let opened = OCKStore(url: URL(fileURLWithPath: store))
        defer { opened.close() }
        let zones = try await opened.fetchTasks(query: OCKTaskQuery()).map { "\($0.id) \($0.timezone.identifier)" }.sorted()
        #expect(zones == ["pills Asia/Tokyo", "walk America/New_York"])
    }

    @Test func whatIsRecordedCarriesThePatientsZone() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("care.sqlite").path
        let cli = Self.cli(directory)
        #expect(await cli.run(["add-task", "Pills", "--times", "00:30", "--from", "2025-01-01", "--timezone", "Asia/Tokyo", "--store", path]).status == 0)
        let completed = await cli.run(["complete", "pills", "--timezone", "Asia/Tokyo", "--store", path])
        #expect(completed.status == 0, "\(completed.error)")
        let store = OCKStore(url: URL(fileURLWithPath: path))
        defer { store.close() }
        let outcomes = try await store.fetchOutcomes(query: OCKOutcomeQuery())
        #expect(outcomes.map(\.timezone.identifier) == ["Asia/Tokyo"])
        let task = try #require(try await store.fetchTasks(query: OCKTaskQuery(id: "pills")).first)
        #expect(task.timezone.identifier == "Asia/Tokyo")
        // The event completed is the 21st's (Tokyo's today), 00:30 Tokyo = 15:30 UTC on the 20th.
        #expect(try await Self.events(cli, ["--timezone", "Asia/Tokyo", "--store", path]).map(\.completed) == [true])
    }

    @Test func aMistypedZoneIsRefusedWithTheClosestName() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var cli = Self.cli(directory)
        let typed = await cli.run(["tasks", "--timezone", "Europe/Madird", "--store", directory.file("none.sqlite").path])
        #expect(typed.status == 2)
        #expect(typed.error.contains("--timezone must name a time zone such as Europe/Madrid"))
        #expect(typed.error.contains("Did you mean 'Europe/Madrid'?"))
        cli.timeZoneSetting = "Mars/Olympus"
        let set = await cli.run(["tasks", "--store", directory.file("none.sqlite").path])
        #expect(set.status == 2)
        #expect(set.error.contains("CAREKIT_TIMEZONE must name a time zone"), "a wrong setting is reported, not silently replaced by the machine's zone")
    }

    @Test func theExecutableFollowsTheSettingNotTZ() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.file("care.sqlite").path
        var cli = CLI(directory: directory.url)
        cli.now = "2025-01-20T16:00:00Z"
        cli.extraEnvironment = ["CAREKIT_TIMEZONE": "Asia/Tokyo"]
        let added = try await cli.run(["add-task", "Walk", "--all-day", "--from", "2025-01-21", "--store", store])
        #expect(added.status == 0, "\(added.error)")
        let listed = try await cli.run(["events", "--store", store])
        #expect(listed.status == 0, "\(listed.error)")
        #expect(listed.output.contains("walk"), "TZ says New York (the 20th) but the patient's zone says Tokyo (the 21st): \(listed.output)")
    }

    /// What `carekit serve --timezone ZONE` saves in the store.
    static func save(zone: String, in path: String) async throws {
        let store = OCKStore(url: URL(fileURLWithPath: path))
        defer { store.close() }
        try await store.setPreference(zone, forKey: OCKStore.PreferenceKey.timeZone)
    }

    @Test func theZoneSavedInTheStoreIsFollowedUnlessOneIsGiven() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("care.sqlite").path
        var cli = Self.cli(directory)
        #expect(await cli.run(["add-task", "First", "--all-day", "--from", "2025-01-01", "--store", path]).status == 0)
        try await Self.save(zone: "Asia/Tokyo", in: path)

        // No option, no setting: the store's zone, not the machine's (New York).
        #expect(await cli.run(["add-task", "Pills", "--times", "08:00", "--from", "2025-01-01", "--store", path]).status == 0)
        // 08:00 in Tokyo on the 21st (Tokyo's today) is 23:00 UTC on the 20th.
        #expect(try await Self.events(cli, ["--store", path]).map(\.start).contains(Date(timeIntervalSince1970: 1_737_414_000)))
        // The option and the environment still win over it.
        #expect(await cli.run(["add-task", "Walk", "--all-day", "--from", "2025-01-01", "--timezone", "America/New_York", "--store", path]).status == 0)
        cli.timeZoneSetting = "Europe/Madrid"
        #expect(await cli.run(["add-task", "Water", "--all-day", "--from", "2025-01-01", "--store", path]).status == 0)
        let opened = OCKStore(url: URL(fileURLWithPath: path))
        defer { opened.close() }
        let zones = try await opened.fetchTasks(query: OCKTaskQuery()).map { "\($0.id) \($0.timezone.identifier)" }.sorted()
        #expect(zones == ["first America/New_York", "pills Asia/Tokyo", "walk America/New_York", "water Europe/Madrid"])
    }

    @Test func aZoneSavedWrongIsReportedNotReplaced() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("care.sqlite").path
        let cli = Self.cli(directory)
        #expect(await cli.run(["add-task", "Walk", "--all-day", "--from", "2025-01-01", "--store", path]).status == 0)
        try await Self.save(zone: "Mars/Olympus", in: path)
        let listed = await cli.run(["tasks", "--store", path])
        #expect(listed.status == 2)
        #expect(listed.error.contains("The time zone saved in the store (set it with carekit serve --timezone) must name a time zone"))
    }
}
