import CareKitCLI
import Foundation
import Synchronization

/// Runs `carekit` commands in this process, through the same `CareKitCLI.run` the executable
/// calls, with "now" and the time zone pinned and the output captured: for the tests that run
/// many commands and care about what they say, not about the process around them.
struct InProcessCLI {
    /// "Now" for every command (the process tests' `CAREKIT_NOW`).
    var now = Date(timeIntervalSince1970: 1_737_381_600)  // 2025-01-20T14:00:00Z
    /// The commands' time zone (the process tests' `TZ`).
    var timeZone = TimeZone(identifier: "America/New_York") ?? .gmt
    /// Where the default store would be.
    var directory: URL
    /// `$CAREKIT_TIMEZONE`, the patient's time zone setting.
    var timeZoneSetting: String?
    /// `$CAREKIT_LANGUAGE`, the language setting.
    var languageSetting: String?
    /// The process's locale (`$LANG` and the like: "de_DE.UTF-8").
    var systemLocale: String?
    /// scrypt's work factor for passphrase files: low, so that a test costs milliseconds.
    var passphraseWorkFactor = 10

    /// Runs `carekit ARGUMENTS` with `input` as standard input.
    func run(_ arguments: [String], input: Data = Data()) async -> (output: String, error: String, status: Int32) {
        let output = Captured(), error = Captured()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        var context = CommandContext(
            now: now, calendar: calendar, defaultStore: directory.appendingPathComponent("xdg/CareKit/carekit.sqlite"),
            io: CommandIO(writeOutput: { output.append($0) }, writeError: { error.append($0) }, readInput: { input }))
        context.timeZoneSetting = timeZoneSetting
        context.languageSetting = languageSetting
        context.systemLocale = systemLocale
        context.passphraseWorkFactor = passphraseWorkFactor
        let status = await CareKitCLI.run(arguments, context: context)
        return (output.text, error.text, status)
    }
}

/// Bytes written by a command, kept for the test to read.
final class Captured: Sendable {
    private let data = Mutex(Data())

    func append(_ more: Data) {
        data.withLock { $0.append(more) }
    }

    var text: String { data.withLock { String(decoding: $0, as: UTF8.self) } }
}
