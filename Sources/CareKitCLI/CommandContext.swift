import CareKitArguments
import CareKitStore
import CareKitUI
import Foundation

/// What every command needs from its environment: the clock and calendar, the default store,
/// and where its output goes. `fromEnvironment()` is the real process's; tests make their own.
package struct CommandContext: Sendable {
    /// "Now" for the command.
    package var now: Date
    /// The calendar that decides where days begin and how times are shown.
    package var calendar: Calendar
    /// The store used without `--store`.
    package var defaultStore: URL
    /// Standard output, standard error and standard input.
    package var io: CommandIO
    /// The clock that stamps the store's writes (created and updated dates).
    package var storeClock: @Sendable () -> Date
    /// The time zone named by `$CAREKIT_TIMEZONE`, checked when a command that declares
    /// `--timezone` runs without it (so a mistyped name is an error, not the machine's zone).
    package var timeZoneSetting: String?
    /// The language named by `$CAREKIT_LANGUAGE` ("de", "es-MX"), used when a command runs
    /// without `--language`.
    package var languageSetting: String?
    /// The locale of the process's messages (`$LC_ALL`, else `$LC_MESSAGES`, else `$LANG`:
    /// "de_DE.UTF-8"), used when neither the option, the setting nor the store names a language.
    package var systemLocale: String?
    /// scrypt's work factor (log2 of its cost) for a passphrase-encrypted file: age's 18
    /// unless a test asks for less.
    package var passphraseWorkFactor = 18
    /// `$CAREKIT_ACCESS_TOKEN`: `carekit serve`'s access token, kept out of the process list.
    package var accessTokenSetting: String?
    /// Whether the server's log (standard error) is a terminal, where a link may show its
    /// secret; under systemd it is the journal, where it must not.
    package var logIsTerminal = false

    /// A context with everything given; the store's writes are stamped with the real clock
    /// unless `storeClock` says otherwise.
    package init(now: Date, calendar: Calendar, defaultStore: URL, io: CommandIO, storeClock: @escaping @Sendable () -> Date = { Date() }) {
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
    package static func fromEnvironment() -> CommandContext {
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
        let environment = ProcessInfo.processInfo.environment
        context.timeZoneSetting = environment["CAREKIT_TIMEZONE"].flatMap { $0.isEmpty ? nil : $0 }
        context.languageSetting = environment["CAREKIT_LANGUAGE"].flatMap { $0.isEmpty ? nil : $0 }
        context.accessTokenSetting = environment["CAREKIT_ACCESS_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        context.logIsTerminal = isatty(STDERR_FILENO) == 1
        // POSIX: the first of these that is set and not empty decides.
        context.systemLocale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
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
            chosen = (name, loc("The time zone saved in the store (set it with carekit serve --timezone)"))
        } else {
            chosen = nil
        }
        guard let chosen else { return self }
        var context = self
        context.calendar.timeZone = try Self.timeZone(named: chosen.name, source: chosen.source)
        return context
    }

    /// The language the command speaks: `--language`'s, else `$CAREKIT_LANGUAGE`'s, else the
    /// one saved in the store (by `carekit serve --language` or the app's settings), else the
    /// process's locale (`$LC_ALL`, `$LC_MESSAGES`, `$LANG`), else English. `raw` are the
    /// command's arguments, read before they are parsed so that even a wrongly called command
    /// is answered in its language. A tag the option or the setting names wrongly is a usage
    /// error; a locale CareKit does not speak ("C", "fr_FR") means English.
    func language(_ raw: [String], for command: CommandSpec) throws(UsageError) -> OCKLanguage {
        if let tag = Self.value(of: .language, in: raw) { return try Self.language(tag: tag, source: "--language") }
        if let tag = languageSetting { return try Self.language(tag: tag, source: "CAREKIT_LANGUAGE") }
        if command.options.contains(.store) {
            let url = Self.value(of: .store, in: raw).map { URL(fileURLWithPath: $0) } ?? defaultStore
            if let saved = OCKStore.preference(forKey: OCKPreferenceKey.language, inStoreAt: url), let language = OCKLanguage(tag: saved) {
                return language
            }
        }
        return systemLanguage
    }

    /// The language of what is said outside a command (the overview, an unknown command, an
    /// unknown language): `--language`'s or `$CAREKIT_LANGUAGE`'s when it names one, else the
    /// process's locale's.
    func generalLanguage(_ raw: [String]) -> OCKLanguage {
        Self.value(of: .language, in: raw).flatMap { OCKLanguage(tag: $0) } ?? languageSetting.flatMap { OCKLanguage(tag: $0) } ?? systemLanguage
    }

    /// The language of the process's locale ("de_DE.UTF-8", "ar_EG@latin"), or English.
    var systemLanguage: OCKLanguage {
        guard let locale = systemLocale else { return .english }
        let name = locale.prefix { $0 != "." && $0 != "@" }
        return OCKLanguage(tag: String(name)) ?? .english
    }

    /// The language of a tag, or a usage error that lists the languages CareKit speaks.
    static func language(tag: String, source: String) throws(UsageError) -> OCKLanguage {
        if let language = OCKLanguage(tag: tag) { return language }
        let names = OCKLanguage.supported.map { "\($0.code) (\($0.nativeName))" }.joined(separator: ", ")
        throw UsageError(
            loc("{source} must name a language CareKit speaks: {languages}, optionally with a region (es-MX); not '{tag}'.", ["source": source, "languages": names, "tag": Format.visible(tag)]))
    }

    /// The value of `--NAME VALUE` or `--NAME=VALUE` in arguments not parsed yet (before any "--").
    static func value(of option: Option, in raw: [String]) -> String? {
        var index = 0
        while index < raw.count, raw[index] != "--" {
            let argument = raw[index]
            if argument == "--\(option.name)" { return index + 1 < raw.count ? raw[index + 1] : nil }
            if argument.hasPrefix("--\(option.name)=") { return String(argument.dropFirst(option.name.count + 3)) }
            index += 1
        }
        return nil
    }

    /// The time zone name saved in the command's store, read without opening it; nil when the
    /// command has no store, the store does not exist or cannot be read (the command itself
    /// then says why), or nothing was saved.
    func savedTimeZoneName(_ arguments: Arguments) -> String? {
        guard arguments.command.options.contains(.store) else { return nil }
        let url = arguments[.store].map { URL(fileURLWithPath: $0) } ?? defaultStore
        return OCKStore.preference(forKey: OCKPreferenceKey.timeZone, inStoreAt: url)
    }

    /// The time zone of an IANA name (`Europe/Madrid`, `UTC`), or an error that suggests the
    /// closest known name.
    static func timeZone(named name: String, source: String) throws(UsageError) -> TimeZone {
        let known = TimeZone.knownTimeZoneIdentifiers
        // Only names of the zone database: TimeZone(identifier:) also takes abbreviations ("EST").
        if known.contains(name) || name == "UTC" || name == "GMT", let zone = TimeZone(identifier: name) { return zone }
        let message = loc(
            "{source} must name a time zone such as Europe/Madrid or America/New_York (the names in /usr/share/zoneinfo), not '{zone}'.", ["source": source, "zone": Format.visible(name)])
        let guess = Suggestion.closest(to: name, in: known).map { " " + loc("Did you mean '{name}'?", ["name": $0]) } ?? ""
        throw UsageError(message + guess)
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
        if let problem = Self.notAFile(url.path) { throw OCKStoreError.fetchFailed(reason: problem) }
        guard creating || FileManager.default.fileExists(atPath: url.path) else {
            throw OCKStoreError.fetchFailed(
                reason:
                    loc(
                        "There is no store at {path}. Check --store; nothing was created. `carekit add-task`, `carekit import FILE`, `carekit serve --demo` or `carekit sync --create` create a store.",
                        ["path": url.path])
            )
        }
        return url
    }

    /// Why `path` cannot be a database or store file (it is a FIFO, a device, a folder, a
    /// socket: opening one could wait forever), or nil when it is a regular file or is missing.
    static func notAFile(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG else { return nil }
        let kind = OutputFile.describe(status.st_mode & S_IFMT)
        return loc("{path} is {kind}, not a database file; nothing was opened. Give the path of a file.", ["path": path, "kind": kind])
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
                throw UsageError(loc("--{option} must be a date written YYYY-MM-DD, not '{value}'.", ["option": option, "value": text]))
            case .noSuchDay:
                throw UsageError(
                    loc(
                        "--{option} must be a date written YYYY-MM-DD that the calendar has, not '{value}' (months run from 01 to 12, days to the month's last).",
                        ["option": option, "value": text]))
            }
        }
    }
}

/// Where a command's output goes and its input comes from.
package struct CommandIO: Sendable {
    /// Writes to standard output.
    package var writeOutput: @Sendable (Data) -> Void
    /// Writes to standard error.
    package var writeError: @Sendable (Data) -> Void
    /// Reads standard input to its end.
    package var readInput: @Sendable () -> Data

    /// Streams made of these three functions.
    package init(
        writeOutput: @escaping @Sendable (Data) -> Void, writeError: @escaping @Sendable (Data) -> Void,
        readInput: @escaping @Sendable () -> Data
    ) {
        self.writeOutput = writeOutput
        self.writeError = writeError
        self.readInput = readInput
    }

    /// The process's standard output, error and input.
    package static let standard = CommandIO(
        writeOutput: { FileHandle.standardOutput.write($0) },
        writeError: { FileHandle.standardError.write($0) },
        readInput: { FileHandle.standardInput.readDataToEndOfFile() })
}
