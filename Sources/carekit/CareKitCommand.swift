import CareKit
import CareKitStore
import Foundation

/// `carekit`: the care app's server and the store's command line.
@main
struct CareKitCommand {
    /// A command: its declaration, from which its parsing and help come, and what it does.
    struct Entry: Sendable {
        let spec: CommandSpec
        let run: @Sendable (Arguments, CommandContext) async throws -> Void
    }

    static let commands: [Entry] = [
        Entry(spec: ServeCommand.spec, run: ServeCommand.serve),
        Entry(spec: StoreCommands.tasksSpec, run: StoreCommands.tasks),
        Entry(spec: StoreCommands.eventsSpec, run: StoreCommands.events),
        Entry(spec: StoreCommands.completeSpec, run: StoreCommands.complete),
        Entry(spec: StoreCommands.logSpec, run: StoreCommands.log),
        Entry(spec: BackupCommands.exportSpec, run: BackupCommands.export),
        Entry(spec: BackupCommands.importSpec, run: BackupCommands.importEntities),
        Entry(spec: ReportCommand.spec, run: ReportCommand.report),
    ]

    static var usage: String {
        """
        carekit — CareKit for Linux

        USAGE
        \(commands.map { "  " + $0.spec.synopsis }.joined(separator: "\n"))

        Without --store, the store is $XDG_DATA_HOME/CareKit/carekit.sqlite
        (~/.local/share/CareKit/carekit.sqlite). Only `import` and `serve --demo` create a store.
        Run `carekit COMMAND --help` for details.
        Exit codes: 0 success, 1 the operation failed, 2 the command was called wrongly.
        """
    }

    static func main() async {
        var arguments = Array(CommandLine.arguments.dropFirst())
        guard let name = arguments.first else {
            printError(usage)
            exit(2)
        }
        arguments.removeFirst()
        if ["-h", "--help", "help"].contains(name) {
            print(usage)
            exit(0)
        }
        guard let command = commands.first(where: { $0.spec.name == name }) else {
            let guess = Suggestion.closest(to: name, in: commands.map(\.spec.name)).map { " Did you mean '\($0)'?" } ?? ""
            printError("carekit: unknown command '\(Format.visible(name))'.\(guess)\n\n\(usage)")
            exit(2)
        }
        exit(await run(command, arguments, CommandContext.fromEnvironment()))
    }

    static func run(_ command: Entry, _ raw: [String], _ context: CommandContext) async -> Int32 {
        do {
            let arguments = try command.spec.parse(raw)
            if arguments.has(.help) {
                print(command.spec.help)
                return 0
            }
            try await command.run(arguments, context)
            return 0
        } catch let error as UsageError {
            printError("carekit \(command.spec.name): \(error.description)\nRun `carekit \(command.spec.name) --help` for usage.")
            return 2
        } catch let error as OCKStoreError {
            // The reason is a whole sentence that says what failed and what to do.
            printError("carekit \(command.spec.name): \(error.reason)")
            return 1
        } catch {
            printError("carekit \(command.spec.name): \(error)")
            return 1
        }
    }
}

/// Writes a message to standard error, with characters a terminal would act on made visible
/// (messages quote task ids and other stored or typed text).
func printError(_ message: String) {
    FileHandle.standardError.write(Data((Format.visible(message, keepingNewlines: true) + "\n").utf8))
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

    /// The store at `--store PATH`, or the default one. Only `creating` commands (import,
    /// serve --demo) make a store that does not exist: for the others a mistyped path is an
    /// error that names it, not a new empty store.
    func openStore(_ arguments: Arguments, creating: Bool = false) throws -> OCKStore {
        let url = arguments[.store].map { URL(fileURLWithPath: $0) }
            ?? OCKStore.defaultDirectory().appendingPathComponent("carekit.sqlite")
        guard creating || FileManager.default.fileExists(atPath: url.path) else {
            throw OCKStoreError.fetchFailed(reason: "There is no store at \(url.path). Check --store; nothing was created. `carekit import FILE` or `carekit serve --demo` create a store.")
        }
        let store = OCKStore(url: url, options: creating ? [.createIfMissing] : [], clock: { Date() })
        try store.ensureOpen()
        return store
    }

    /// The day named by `--date` (local), or today.
    func day(_ arguments: Arguments) throws -> Date {
        guard let text = arguments[.date] else { return now }
        return try parseDay(text, option: "date")
    }

    /// The start of the local day `text` names, written exactly `YYYY-MM-DD` with a month and
    /// day that exist (the calendar would roll 2026-13-01 over into 2027).
    func parseDay(_ text: String, option: String) throws(UsageError) -> Date {
        let failure = UsageError("--\(option) must be a date written YYYY-MM-DD, not '\(text)'.")
        let digits = text.utf8.map { $0 }
        guard digits.count == 10, digits[4] == UInt8(ascii: "-"), digits[7] == UInt8(ascii: "-"),
              digits.enumerated().allSatisfy({ $0.offset == 4 || $0.offset == 7 || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0.element) }),
              let year = Int(text.prefix(4)), let month = Int(text.dropFirst(5).prefix(2)), let day = Int(text.suffix(2)) else {
            throw failure
        }
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day)) else { throw failure }
        let back = calendar.dateComponents([.year, .month, .day], from: date)
        guard back.year == year, back.month == month, back.day == day else {
            throw UsageError("--\(option) must be a date written YYYY-MM-DD that the calendar has, not '\(text)' (months run from 01 to 12, days to the month's last).")
        }
        return calendar.startOfDay(for: date)
    }
}
