import CareKit
import CareKitStore
import Foundation

/// `carekit`: the care app's server and the store's command line.
@main
struct CareKitCommand {
    static let usage = """
        carekit — CareKit for Linux

        USAGE
          carekit serve   [--store PATH] [--port N] [--host ADDR] [--demo] [--token SECRET]
          carekit tasks   [--store PATH] [--date YYYY-MM-DD] [--json]
          carekit events  [--store PATH] [--date YYYY-MM-DD] [--json]
          carekit complete TASK [--occurrence N] [--date YYYY-MM-DD] [--store PATH]
          carekit log     TASK VALUE [--unit U] [--kind K] [--date YYYY-MM-DD] [--store PATH]
          carekit export  [--store PATH] [-o FILE]
          carekit import  FILE [--store PATH]
          carekit report  [--from D] [--to D] [--format pdf|html] [-o FILE] [--title T] [--paper a4|letter] [--store PATH]

        Without --store, the store is $XDG_DATA_HOME/CareKit/carekit.sqlite
        (~/.local/share/CareKit/carekit.sqlite). Run `carekit COMMAND --help` for details.
        Exit codes: 0 success, 1 the operation failed, 2 the command was called wrongly.
        """

    static func main() async {
        var arguments = Array(CommandLine.arguments.dropFirst())
        guard let command = arguments.first else {
            print(usage)
            exit(2)
        }
        arguments.removeFirst()
        let context = CommandContext.fromEnvironment()
        let code: Int32
        switch command {
        case "-h", "--help", "help":
            print(usage)
            code = 0
        case "tasks": code = await run(StoreCommands.tasks, arguments, context)
        case "events": code = await run(StoreCommands.events, arguments, context)
        case "complete": code = await run(StoreCommands.complete, arguments, context)
        case "log": code = await run(StoreCommands.log, arguments, context)
        case "export": code = await run(StoreCommands.export, arguments, context)
        case "import": code = await run(StoreCommands.importEntities, arguments, context)
        case "serve": code = await run(ServeCommand.serve, arguments, context)
        case "report": code = await run(ReportCommand.report, arguments, context)
        default:
            printError("Unknown command '\(command)'.\n\n\(usage)")
            code = 2
        }
        exit(code)
    }

    static func run(_ command: ([String], CommandContext) async throws -> Void, _ arguments: [String], _ context: CommandContext) async -> Int32 {
        do {
            try await command(arguments, context)
            return 0
        } catch let error as UsageError {
            printError("carekit: \(error.description)\nRun with --help for usage.")
            return 2
        } catch let error as OCKStoreError {
            printError("carekit: \(error.errorDescription ?? error.reason)")
            return 1
        } catch {
            printError("carekit: \(error)")
            return 1
        }
    }
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// What every command needs from its environment: the clock and calendar (overridable with
/// `CAREKIT_NOW`, an ISO 8601 instant, so scripts and tests can pin "now").
struct CommandContext: Sendable {
    var now: Date
    var calendar: Calendar

    static func fromEnvironment() -> CommandContext {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        calendar.locale = Locale(identifier: "en_US_POSIX")
        var now = Date()
        if let text = ProcessInfo.processInfo.environment["CAREKIT_NOW"], let pinned = try? Date(text, strategy: .iso8601) {
            now = pinned
        }
        return CommandContext(now: now, calendar: calendar)
    }

    /// The store at `--store PATH`, or the default one.
    func openStore(_ arguments: Arguments) throws -> OCKStore {
        let store: OCKStore
        if let path = arguments["store"] {
            store = OCKStore(url: URL(fileURLWithPath: path), clock: { Date() })
        } else {
            store = OCKStore(name: "carekit", type: .onDisk)
        }
        try store.ensureOpen()
        return store
    }

    /// The day named by `--date` (local), or today.
    func day(_ arguments: Arguments, option: String = "date") throws -> Date {
        guard let text = arguments[option] else { return now }
        return try parseDay(text, option: option)
    }

    func parseDay(_ text: String, option: String) throws -> Date {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3,
              let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])),
              calendar.component(.day, from: date) == parts[2] else {
            throw UsageError("--\(option) must be a date written YYYY-MM-DD, not '\(text)'.")
        }
        return date
    }
}
