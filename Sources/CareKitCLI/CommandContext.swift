import CareKitArguments
import CareKitStore
import Foundation

/// What every command needs from its environment: the clock and calendar, the default store,
/// and where its output goes. `fromEnvironment()` is the real process's; tests make their own.
public struct CommandContext: Sendable {
    /// "Now" for the command.
    public var now: Date
    /// The calendar that decides where days begin and how times are shown.
    public var calendar: Calendar
    /// The store used without `--store`.
    public var defaultStore: URL
    /// Standard output, standard error and standard input.
    public var io: CommandIO
    /// The clock that stamps the store's writes (created and updated dates).
    public var storeClock: @Sendable () -> Date
    /// The time zone named by `$CAREKIT_TIMEZONE`, checked when a command that declares
    /// `--timezone` runs without it (so a mistyped name is an error, not the machine's zone).
    public var timeZoneSetting: String?

    /// A context with everything given; the store's writes are stamped with the real clock
    /// unless `storeClock` says otherwise.
    public init(now: Date, calendar: Calendar, defaultStore: URL, io: CommandIO, storeClock: @escaping @Sendable () -> Date = { Date() }) {
        self.now = now
        self.calendar = calendar
        self.defaultStore = defaultStore
        self.io = io
        self.storeClock = storeClock
    }

    /// The process's: the clock (overridable with `CAREKIT_NOW`, an ISO 8601 instant, so
    /// scripts and tests can pin "now", and then the store's write stamps too: the same
    /// commands make the same files), the local time zone, the default store under
    /// `$XDG_DATA_HOME`, and the standard streams.
    public static func fromEnvironment() -> CommandContext {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        calendar.locale = Locale(identifier: "en_US_POSIX")
        var now = Date()
        var storeClock: @Sendable () -> Date = { Date() }
        if let text = ProcessInfo.processInfo.environment["CAREKIT_NOW"], let pinned = try? Date(text, strategy: .iso8601) {
            now = pinned
            storeClock = { pinned }
        }
        var context = CommandContext(
            now: now, calendar: calendar,
            defaultStore: OCKStore.defaultDirectory().appendingPathComponent("carekit.sqlite"), io: .standard, storeClock: storeClock)
        context.timeZoneSetting = ProcessInfo.processInfo.environment["CAREKIT_TIMEZONE"].flatMap { $0.isEmpty ? nil : $0 }
        return context
    }

    /// This context with the patient's time zone, for commands that declare `--timezone`: the
    /// option's, else `$CAREKIT_TIMEZONE`'s, else the one saved in the store (by `carekit serve
    /// --timezone`), else the machine's. The days, "today" and the times a command shows and
    /// records then follow that zone.
    func inPatientTimeZone(_ arguments: Arguments) throws(UsageError) -> CommandContext {
        guard arguments.command.options.contains(.timezone) else { return self }
        let chosen: (name: String, source: String)?
        if let name = arguments[.timezone] {
            chosen = (name, "--timezone")
        } else if let name = timeZoneSetting {
            chosen = (name, "CAREKIT_TIMEZONE")
        } else if let name = savedTimeZoneName(arguments) {
            chosen = (name, "The time zone saved in the store (set it with carekit serve --timezone)")
        } else {
            chosen = nil
        }
        guard let chosen else { return self }
        var context = self
        context.calendar.timeZone = try Self.timeZone(named: chosen.name, source: chosen.source)
        return context
    }

    /// The time zone name saved in the command's store, read without opening it; nil when the
    /// command has no store, the store does not exist or cannot be read (the command itself
    /// then says why), or nothing was saved.
    func savedTimeZoneName(_ arguments: Arguments) -> String? {
        guard arguments.command.options.contains(.store) else { return nil }
        let url = arguments[.store].map { URL(fileURLWithPath: $0) } ?? defaultStore
        return OCKStore.preference(forKey: OCKStore.PreferenceKey.timeZone, inStoreAt: url)
    }

    /// The time zone of an IANA name (`Europe/Madrid`, `UTC`), or an error that suggests the
    /// closest known name.
    static func timeZone(named name: String, source: String) throws(UsageError) -> TimeZone {
        let known = TimeZone.knownTimeZoneIdentifiers
        // Only names of the zone database: TimeZone(identifier:) also takes abbreviations ("EST").
        if known.contains(name) || name == "UTC" || name == "GMT", let zone = TimeZone(identifier: name) { return zone }
        let guess = Suggestion.closest(to: name, in: known).map { " Did you mean '\($0)'?" } ?? ""
        throw UsageError(
            "\(source) must name a time zone such as Europe/Madrid or America/New_York (the names in /usr/share/zoneinfo), not '\(Format.visible(name))'.\(guess)")
    }

    /// Writes `text` and a newline to standard output.
    func output(_ text: String) {
        io.writeOutput(Data((text + "\n").utf8))
    }

    /// Writes `data` to standard output as it is.
    func write(_ data: Data) {
        io.writeOutput(data)
    }

    /// Writes a message to standard error, with characters a terminal would act on made
    /// visible (messages quote task ids and other stored or typed text).
    func error(_ message: String) {
        io.writeError(Data((Format.visible(message, keepingNewlines: true) + "\n").utf8))
    }

    /// Writes a line of the server's log to standard error.
    func log(_ line: String) {
        io.writeError(Data((line + "\n").utf8))
    }

    /// The store at `--store PATH`, or the default one. Only `creating` commands (import,
    /// serve --demo) make a store that does not exist: for the others a mistyped path is an
    /// error that names it, not a new empty store.
    func openStore(_ arguments: Arguments, creating: Bool = false, remote: (any OCKRemoteSynchronizable)? = nil) throws -> OCKStore {
        let url = try storeURL(arguments, creating: creating)
        let store = OCKStore(url: url, remote: remote, options: creating ? [.createIfMissing] : [], clock: storeClock)
        try store.ensureOpen()
        return store
    }

    /// The file of `--store PATH` or the default store; it must exist unless `creating`.
    func storeURL(_ arguments: Arguments, creating: Bool = false) throws -> URL {
        let url = arguments[.store].map { URL(fileURLWithPath: $0) } ?? defaultStore
        guard creating || FileManager.default.fileExists(atPath: url.path) else {
            throw OCKStoreError.fetchFailed(
                reason:
                    "There is no store at \(url.path). Check --store; nothing was created. `carekit add-task`, `carekit import FILE`, `carekit serve --demo` or `carekit sync --create` create a store."
            )
        }
        return url
    }

    /// The day named by `--date` (local), or today.
    func day(_ arguments: Arguments) throws -> Date {
        guard let text = arguments[.date] else { return now }
        return try parseDay(text, option: "date")
    }

    /// The start of the local day `text` names, by ``OCKDayCodec``'s strict rules: exactly
    /// `YYYY-MM-DD`, with a month and day that exist (the calendar would roll 2026-13-01 over
    /// into 2027).
    func parseDay(_ text: String, option: String) throws(UsageError) -> Date {
        do throws(OCKDayCodec.Failure) {
            return try OCKDayCodec.date(from: text, calendar: calendar)
        } catch {
            switch error {
            case .notYYYYMMDD:
                throw UsageError("--\(option) must be a date written YYYY-MM-DD, not '\(text)'.")
            case .noSuchDay:
                throw UsageError("--\(option) must be a date written YYYY-MM-DD that the calendar has, not '\(text)' (months run from 01 to 12, days to the month's last).")
            }
        }
    }
}

/// Where a command's output goes and its input comes from.
public struct CommandIO: Sendable {
    /// Writes to standard output.
    public var writeOutput: @Sendable (Data) -> Void
    /// Writes to standard error.
    public var writeError: @Sendable (Data) -> Void
    /// Reads standard input to its end.
    public var readInput: @Sendable () -> Data

    /// Streams made of these three functions.
    public init(
        writeOutput: @escaping @Sendable (Data) -> Void, writeError: @escaping @Sendable (Data) -> Void,
        readInput: @escaping @Sendable () -> Data
    ) {
        self.writeOutput = writeOutput
        self.writeError = writeError
        self.readInput = readInput
    }

    /// The process's standard output, error and input.
    public static let standard = CommandIO(
        writeOutput: { FileHandle.standardOutput.write($0) },
        writeError: { FileHandle.standardError.write($0) },
        readInput: { FileHandle.standardInput.readDataToEndOfFile() })
}
