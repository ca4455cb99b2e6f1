import CareKitCLI
import CareKitStore
import CareKitTestSupport
import Foundation
import Testing

/// How `carekit` reads its command line: every command's help lists exactly what it parses,
/// dates are read strictly, negative numbers are values, a mistyped store or task is named.
@Suite("carekit command line")
struct CommandLineParsingTests {
    /// Every command, from the list `carekit` dispatches on: a command added there is checked too.
    static let commands = CareKitCLI.commands.compactMap(\.spec.name)

    /// A command's name as typed: one word, or two (`sync-server add-patient`).
    static func words(_ command: String) -> [String] { command.split(separator: " ").map(String.init) }

    @Test func everyCommandsHelpListsExactlyTheOptionsItParses() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // In-process: some 200 calls, each as `carekit` runs it, without 200 processes.
        let cli = InProcessCLI(directory: directory.url)
        var helps: [String: [String: Bool]] = [:]
        for command in Self.commands {
            let help = await cli.run(Self.words(command) + ["--help"])
            #expect(help.status == 0, "\(command) --help: \(help.error)")
            let listed = HelpListing.options(in: help.output)
            #expect(listed["help"] == false, "\(command) lists --help")
            // Every command that works on a store names it; the sync server's commands name its database.
            let place = command.hasPrefix("sync-server") ? "db" : "store"
            #expect(listed[place] == true, "\(command) lists --\(place)")
            // The usage line shows the same options as the list.
            let usage = HelpListing.usage(in: help.output)
            for name in listed.keys where name != "help" {
                #expect(HelpListing.usage(usage, shows: name, in: help.output), "\(command)'s usage line shows --\(name): \(usage)")
            }
            helps[command] = listed
        }
        // Every option any command lists (and a few that none has), tried on every command:
        // accepted exactly where that command's help lists it.
        var takesValue: [String: Bool] = ["occurence": true, "bogus": false]
        for listed in helps.values { takesValue.merge(listed) { first, _ in first } }
        for command in Self.commands {
            for name in takesValue.keys.sorted() where name != "help" {
                let result = await cli.run(Self.words(command) + ["--\(name)"] + (takesValue[name] == true ? ["1"] : []) + ["--help"])
                let listed = helps[command]?[name] != nil
                #expect(result.status == (listed ? 0 : 2), "carekit \(command) --\(name): listed \(listed), exit \(result.status) \(result.error)")
                if !listed { #expect(result.error.contains("Unknown option --\(name) for `carekit \(command)`"), "\(result.error)") }
            }
        }
        let top = await cli.run(["--help"])
        for command in Self.commands {
            #expect(top.output.contains("carekit \(command) "), "the overview lists \(command)")
        }
    }

    @Test func theExecutableRunsTheSameCommands() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let inProcess = InProcessCLI(directory: directory.url)
        let results = try await CLI(directory: directory.url).runConcurrently(
            Self.commands.flatMap { [Self.words($0) + ["--help"], Self.words($0) + ["--bogus"]] } + [["--help"], []])
        for (index, command) in Self.commands.enumerated() {
            let help = results[2 * index], wrong = results[2 * index + 1]
            let expected = await inProcess.run(Self.words(command) + ["--help"])
            #expect(help.status == 0 && help.output == expected.output, "carekit \(command) --help: \(help.error)")
            #expect(wrong.status == 2, "carekit \(command) --bogus")
            #expect(wrong.error.hasPrefix("carekit \(command): Unknown option --bogus"), "\(wrong.error)")
            #expect(wrong.output.isEmpty)
        }
        let overview = results[2 * Self.commands.count], bare = results[2 * Self.commands.count + 1]
        #expect(overview.status == 0 && overview.output == CareKitCLI.usage + "\n")
        #expect(bare.status == 2 && bare.output.isEmpty && bare.error == CareKitCLI.usage + "\n")
    }

    static func seededStore(_ directory: TemporaryDirectory) async throws -> String {
        try await CommandLineEventTests.seededStore(in: directory)
    }

    static func outcomeCount(_ path: String) async throws -> Int {
        let store = OCKStore(url: URL(fileURLWithPath: path), options: [])
        defer { store.close() }
        return try await store.fetchOutcomes(query: OCKOutcomeQuery()).count
    }

    @Test(arguments: [
        "2026-13-01", "2025-02-29", "2025-01-00", "2025-01-19x", "2025-01-19 extra", "2025-1-19", "20250119",
        " 2025-01-19", "2025-01-19T08:00", "+2025-01-19", "２０２５-01-19", ""
    ])
    func aDateThatIsNotExactlyADayIsRefused(_ text: String) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await Self.seededStore(directory)
        let cli = CLI(directory: directory.url)
        let result = try await cli.run(["complete", "pills", "--date", text, "--store", store])
        #expect(result.status == 2, "\(result.output)")
        #expect(result.error.contains("--date must be a date written YYYY-MM-DD"), "\(result.error)")
        #expect(try await Self.outcomeCount(store) == 0, "nothing was completed on any day")
    }

    @Test func exactDatesStillWork() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await Self.seededStore(directory)
        let cli = CLI(directory: directory.url)
        let leap = try await cli.run(["events", "--date", "2024-02-29", "--store", store])
        #expect(leap.status == 0 && leap.output.contains("No events on 2024-02-29"), "\(leap.output)\(leap.error)")
        let done = try await cli.run(["complete", "pills", "--date=2025-01-19", "--store", store])
        #expect(done.status == 0, "\(done.error)")
        let events = try await cli.run(["events", "--date", "2025-01-19", "--store", store])
        #expect(events.output.contains("done"))
    }

    @Test func negativeNumbersAreValues() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await Self.seededStore(directory)
        let cli = CLI(directory: directory.url)
        for value in ["-5", "-0.5", "-.5"] {
            let result = try await cli.run(["log", "temperature", value, "--store", store])
            #expect(result.status == 0, "log temperature \(value): \(result.error)")
        }
        let text = try await cli.run(["log", "temperature", "--store", store, "--", "-feels odd"])
        #expect(text.status == 0, "\(text.error)")
        let event = try await CommandLineEventTests.event("temperature", on: "2025-01-20", store: store)
        let values = event.outcome?.values ?? []
        #expect(values.compactMap(\.integerValue) == [-5])
        #expect(values.compactMap(\.doubleValue) == [-0.5, -0.5])
        #expect(values.compactMap(\.stringValue) == ["-feels odd"])
    }

    @Test(arguments: [
        (["log", "temperature"], "needs TASK VALUE"),
        (["log", "temperature", "1", "2"], "'2' is one too many"),
        (["tasks", "extra"], "takes no positional arguments"),
        (["tasks", "--date", "2025-01-01", "--date", "2025-01-02"], "--date was given more than once"),
        (["tasks", "--store"], "--store needs a value (PATH)"),
        (["tasks", "--store", "--json"], "--store needs a value (PATH), not the option --json"),
        (["tasks", "--json=yes"], "--json takes no value"),
        (["tasks", "-x"], "Unknown option -x"),
        (["complete", "pills", "--ocurrence", "1"], "Did you mean --occurrence?"),
        (["taks"], "Did you mean 'tasks'?")
    ])
    func wrongCallsAreUsageErrors(_ arguments: [String], _ message: String) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await Self.seededStore(directory)
        let result = try await CLI(directory: directory.url).run(arguments + ["--store", store])
        #expect(result.status == 2, "\(result.output)")
        #expect(result.error.contains(message), "\(result.error)")
    }

    @Test func logReadsAValueByTheRulesTheAppUses() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await Self.seededStore(directory)
        let cli = InProcessCLI(directory: directory.url)
        for value in ["98,6", "yes", " 72 "] {
            let result = await cli.run(["log", "temperature", value, "--store", store])
            #expect(result.status == 0, "log temperature '\(value)': \(result.error)")
        }
        let ambiguous = await cli.run(["log", "temperature", "1,234", "--store", store])
        #expect(ambiguous.status == 2)
        #expect(ambiguous.error.contains("carekit log: '1,234' could be 1234 or 1.234"), "\(ambiguous.error)")
        let values = try await CommandLineEventTests.event("temperature", on: "2025-01-20", store: store).outcome?.values ?? []
        #expect(values.compactMap(\.doubleValue) == [98.6])
        #expect(values.compactMap(\.booleanValue) == [true])
        #expect(values.compactMap(\.integerValue) == [72])
        #expect(values.count == 3, "the ambiguous value was not logged")
    }

    @Test func aMissingStoreIsNamedAndNeverCreated() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cli = CLI(directory: directory.url)
        let typo = directory.file("cares.sqlite").path
        for arguments in [["tasks"], ["events"], ["complete", "pills"], ["log", "temperature", "98.6"], ["export"], ["report"], ["serve", "--port", "0"]] {
            let result = try await cli.run(arguments + ["--store", typo])
            #expect(result.status == 1, "\(arguments): \(result.output)")
            #expect(result.error.contains("There is no store at \(typo)"), "\(result.error)")
            #expect(!FileManager.default.fileExists(atPath: typo), "\(arguments) created no store")
        }
        // A wrong call is a usage error whether or not the store exists.
        #expect(try await cli.run(["complete", "pills", "--date", "2026-13-01", "--store", typo]).status == 2)
        // The default store too: nothing appears under XDG_DATA_HOME.
        let result = try await cli.run(["tasks"])
        #expect(result.status == 1)
        #expect(result.error.contains(directory.file("xdg/CareKit/carekit.sqlite").path), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: directory.file("xdg").path))
        // import creates the store it restores into.
        let file = directory.file("empty.json")
        try Data("[]".utf8).write(to: file)
        let imported = try await cli.run(["import", file.path, "--store", typo])
        #expect(imported.status == 0, "\(imported.error)")
        #expect(FileManager.default.fileExists(atPath: typo))
    }

    @Test func aMistypedTaskIsNamedWithTheClosestOne() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await Self.seededStore(directory)
        let cli = CLI(directory: directory.url)
        let cases: [([String], String)] = [
            (["log", "Temperature", "98.6"], "No task 'Temperature' (did you mean 'temperature'?)"),
            (["complete", "pils"], "No task 'pils' (did you mean 'pills'?)"),
            (["complete", "walk", "--occurrence", "3"], "No task 'walk'. Run `carekit tasks`")
        ]
        for (arguments, message) in cases {
            let result = try await cli.run(arguments + ["--store", store])
            #expect(result.status == 1)
            #expect(result.error.contains(message), "\(result.error)")
        }
        #expect(try await Self.outcomeCount(store) == 0)
    }
}
