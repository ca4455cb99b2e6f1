import CareKitStore
import CareKitTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `--language`, `$CAREKIT_LANGUAGE`, the language saved in the store and `$LANG` decide what
/// language `carekit` speaks; what it writes for machines is the same in every language.
@Suite("carekit --language")
struct CommandLineLanguageTests {
    /// A store with one daily task that started on 2025-01-01 (the tests' "now" is 2025-01-20).
    static func store(_ directory: TemporaryDirectory, _ cli: InProcessCLI) async throws -> String {
        let path = directory.file("care.sqlite").path
        let added = await cli.run(["add-task", "Pills", "--times", "08:00", "--from", "2025-01-01", "--store", path])
        try #require(added.status == 0, "\(added.error)")
        return path
    }

    /// What `carekit tasks` says about a day before the plan starts (it has no tasks).
    static func dayBeforeThePlan(_ cli: InProcessCLI, _ path: String, _ more: [String] = []) async -> String {
        await cli.run(["tasks", "--date", "2024-12-01"] + more + ["--store", path]).output
    }

    static func savedLanguage(_ path: String) -> String? {
        OCKStore.preference(forKey: OCKStore.PreferenceKey.language, inStoreAt: URL(fileURLWithPath: path))
    }

    @Test func theOptionMakesMessagesAndUsageErrorsGerman() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cli = InProcessCLI(directory: directory.url)
        let path = try await Self.store(directory, cli)

        let empty = await cli.run(["tasks", "--date", "2024-12-01", "--language", "de", "--store", path])
        #expect(empty.status == 0, "\(empty.error)")
        #expect(empty.output == "Keine Aufgaben am 2024-12-01.\n")
        let done = await cli.run(["complete", "pills", "--language=de-AT", "--store", path])
        #expect(done.output.hasPrefix("Erledigt: Pills um 08:00"), "\(done.output)")

        // The parser's own messages (CareKitArguments) follow too.
        let wrong = await cli.run(["tasks", "--colour", "--language", "de", "--store", path])
        #expect(wrong.status == 2)
        #expect(wrong.error.contains("`carekit tasks` kennt die Option --colour nicht."), "\(wrong.error)")
        #expect(wrong.error.contains("Die Verwendung zeigt `carekit tasks --help`."), "\(wrong.error)")
        // So do the overview and an unknown command.
        #expect(await cli.run(["--help", "--language", "de"]).output.hasPrefix("carekit — CareKit für Linux\n"))
        let unknown = await cli.run(["frobnicate", "--language", "de"])
        #expect(unknown.status == 2)
        #expect(unknown.error.hasPrefix("carekit: unbekannter Befehl „frobnicate“."), "\(unknown.error)")
        // Without it, English as before.
        #expect(await Self.dayBeforeThePlan(cli, path) == "No tasks on 2024-12-01.\n")
    }

    /// The store's own reasons follow the language too: a write refused by a read-only store.
    @Test func aStoresRefusalIsToldInTheLanguage() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var cli = InProcessCLI(directory: directory.url)
        let path = try await Self.store(directory, cli)
        #expect(chmod(path, 0o444) == 0)

        let german = await cli.run(["complete", "pills", "--language", "de", "--store", path])
        #expect(german.status == 1)
        #expect(
            german.error.contains("Der Speicher \(path) ist schreibgeschützt: Seine Berechtigungen erlauben Ihnen nicht, ihn zu schreiben"),
            "\(german.error)")
        #expect(german.error.contains("(chmod u+w \(path))") && german.error.contains("Es wurde nichts geschrieben."), "\(german.error)")
        cli.languageSetting = "ar"
        let arabic = await cli.run(["complete", "pills", "--store", path])
        #expect(arabic.error.contains("المخزن \(path) للقراءة فقط: لا تسمح لك أذوناته بالكتابة فيه"), "\(arabic.error)")
        #expect(!arabic.error.contains("\u{2068}"), "a terminal's text has no isolation marks to copy with the path")
        cli.languageSetting = nil
        let english = await cli.run(["complete", "pills", "--store", path])
        #expect(english.error.contains("The store \(path) is read-only: its permissions do not let you write it"), "\(english.error)")
    }

    @Test func theSettingMakesThemArabicWithArabicIndicDigits() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var cli = InProcessCLI(directory: directory.url)
        let path = try await Self.store(directory, cli)
        cli.languageSetting = "ar"

        let report = directory.file("report.html").path
        let wrote = await cli.run(["report", "--from", "2025-01-14", "--to", "2025-01-20", "-o", report, "--store", path])
        #expect(wrote.status == 0, "\(wrote.error)")
        #expect(wrote.output == "كُتب تقرير HTML من 2025-01-14 إلى 2025-01-20 (٧ أيام) في \(report).\n")
        // Two days: Arabic's dual, with no number at all.
        let short = await cli.run(["report", "--from", "2025-01-19", "--to", "2025-01-20", "-o", report, "--store", path])
        #expect(short.output.contains("(يومان)"), "\(short.output)")

        let done = await cli.run(["complete", "pills", "--occurrence", "19", "--store", path])
        #expect(done.status == 0, "\(done.error)")
        #expect(done.output.contains("(التكرار ١٩)"), "the occurrence in Arabic-Indic digits: \(done.output)")
        // A wrong setting is a usage error, not English in its place.
        cli.languageSetting = "tlh"
        let wrong = await cli.run(["tasks", "--store", path])
        #expect(wrong.status == 2)
        #expect(wrong.error.contains("CAREKIT_LANGUAGE must name a language CareKit speaks"), "\(wrong.error)")
    }

    @Test func theLocaleIsUsedWhenNothingElseNamesALanguage() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var cli = InProcessCLI(directory: directory.url)
        let path = try await Self.store(directory, cli)
        cli.systemLocale = "de_DE.UTF-8"
        #expect(await Self.dayBeforeThePlan(cli, path) == "Keine Aufgaben am 2024-12-01.\n")
        // The setting wins over the locale; a locale CareKit does not speak means English.
        cli.languageSetting = "es"
        #expect(await Self.dayBeforeThePlan(cli, path) == "No hay tareas el 2024-12-01.\n")
        cli.languageSetting = nil
        for locale in ["C.UTF-8", "POSIX", "fr_FR.UTF-8"] {
            cli.systemLocale = locale
            #expect(await Self.dayBeforeThePlan(cli, path) == "No tasks on 2024-12-01.\n", "\(locale)")
        }
    }

    @Test func theExecutableReadsLangAndLcAllFirst() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.file("care.sqlite").path
        var cli = CLI(directory: directory.url)
        #expect(try await cli.run(["add-task", "Walk", "--all-day", "--from", "2025-01-01", "--store", store]).status == 0)
        cli.extraEnvironment = ["LANG": "de_DE.UTF-8"]
        #expect(try await cli.run(["tasks", "--date", "2024-12-01", "--store", store]).output == "Keine Aufgaben am 2024-12-01.\n")
        cli.extraEnvironment = ["LANG": "de_DE.UTF-8", "LC_ALL": "es_MX.UTF-8"]
        #expect(try await cli.run(["tasks", "--date", "2024-12-01", "--store", store]).output == "No hay tareas el 2024-12-01.\n")
    }

    @Test func anUnknownLanguageIsAUsageErrorThatSavesNothing() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cli = InProcessCLI(directory: directory.url)
        let path = try await Self.store(directory, cli)
        for arguments in [["tasks"], ["serve", "--port", "0"], ["add-task", "Water", "--all-day"]] {
            let result = await cli.run(arguments + ["--language", "klingon", "--store", path])
            #expect(result.status == 2, "\(arguments)")
            #expect(result.error.contains("--language must name a language CareKit speaks: en (English), es (Español), de (Deutsch), ar (العربية)"), "\(result.error)")
            #expect(result.error.contains("not 'klingon'"), "\(result.error)")
            #expect(result.output.isEmpty, "nothing ran: \(result.output)")
        }
        #expect(Self.savedLanguage(path) == nil)
        let listed = await cli.run(["tasks", "--json", "--store", path])
        #expect(!listed.output.contains("water"), "add-task did not run")
    }

    @Test func serveSavesTheLanguageForLaterCommandsAndTheOptionWinsForOneRun() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cli = InProcessCLI(directory: directory.url)
        let path = try await Self.store(directory, cli)

        let banner = try await Self.serveUntilRunning(["serve", "--port", "0", "--language", "es", "--store", path], directory)
        #expect(banner.contains("La aplicación está en Español (es-ES), guardado en el almacén"), "\(banner)")
        #expect(banner.contains("está funcionando en http://127.0.0.1:"), "\(banner)")
        #expect(Self.savedLanguage(path) == "es-ES")

        // A later command on this store, without --language, speaks Spanish.
        #expect(await Self.dayBeforeThePlan(cli, path) == "No hay tareas el 2024-12-01.\n")
        // --language wins for one run and changes nothing saved.
        #expect(await Self.dayBeforeThePlan(cli, path, ["--language", "de"]) == "Keine Aufgaben am 2024-12-01.\n")
        #expect(Self.savedLanguage(path) == "es-ES")
        #expect(await Self.dayBeforeThePlan(cli, path) == "No hay tareas el 2024-12-01.\n")
        // A later serve without --language says so in the saved language, and keeps it.
        let again = try await Self.serveUntilRunning(["serve", "--port", "0", "--store", path], directory)
        #expect(again.contains("La aplicación está en Español (es-ES), guardado en el almacén, salvo que un navegador elija otro"), "\(again)")
        #expect(Self.savedLanguage(path) == "es-ES")
        // The setting, too, wins over the saved language.
        var arabic = cli
        arabic.languageSetting = "ar"
        #expect(await Self.dayBeforeThePlan(arabic, path) == "لا مهام في 2024-12-01.\n")
    }

    @Test func helpIsTranslatedAndStillListsTheSameOptions() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cli = InProcessCLI(directory: directory.url)
        let english = await cli.run(["tasks", "--help"])
        let german = await cli.run(["tasks", "--help", "--language", "de"])
        #expect(german.status == 0, "\(german.error)")
        #expect(german.output.hasPrefix("Aufruf: carekit tasks [--date YYYY-MM-DD]"), "\(german.output)")
        #expect(german.output.contains("Die Aufgaben, die an dem Tag gelten (standardmäßig heute)."), "\(german.output)")
        #expect(german.output.contains("Schreibt JSON statt einer Tabelle."), "\(german.output)")
        #expect(german.output.contains("Zeigt diese Hilfe."), "CareKitArguments' own --help: \(german.output)")
        // The same options, spelled the same (only the words around them change).
        #expect(HelpListing.options(in: german.output.replacingOccurrences(of: "Optionen:", with: "Options:")) == HelpListing.options(in: english.output))
        #expect(english.output.contains("Writes JSON instead of a table."))
        // Help is shown even when the language asked for is unknown (in the environment's).
        let unknown = await cli.run(["tasks", "--help", "--language", "tlh"])
        #expect(unknown.status == 0)
        #expect(unknown.output == english.output)
    }

    @Test func whatMachinesReadIsTheSameInEveryLanguage() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cli = InProcessCLI(directory: directory.url)
        let path = try await Self.store(directory, cli)
        #expect(await cli.run(["log", "pills", "98.6 F", "--store", path]).status == 0)
        for arguments in [["events", "--json"], ["tasks", "--json"], ["calendar"], ["export"], ["export", "--format", "fhir"]] {
            let english = await cli.run(arguments + ["--store", path])
            #expect(english.status == 0, "\(arguments): \(english.error)")
            #expect(!english.output.isEmpty)
            for language in ["es", "de", "ar-EG"] {
                let other = await cli.run(arguments + ["--language", language, "--store", path])
                #expect(other.output == english.output, "\(arguments) in \(language) differs from English")
            }
        }
    }

    /// Runs `carekit serve` until it says it is running, then stops it with SIGTERM; what it
    /// wrote to standard error until then.
    static func serveUntilRunning(_ arguments: [String], _ directory: TemporaryDirectory) async throws -> String {
        let cli = CLI(directory: directory.url)
        let log = directory.file("serve-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Subprocess.executable(named: "carekit"))
        process.arguments = arguments
        process.environment = cli.environment
        process.currentDirectoryURL = directory.url
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: log)
        try ProcessLaunch.start(process)
        defer {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
        let deadline = Date().addingTimeInterval(60)
        var text = ""
        while Date() < deadline {
            text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if text.contains("http://127.0.0.1:") || !process.isRunning { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        process.terminate()
        process.waitUntilExit()
        return (try? String(contentsOf: log, encoding: .utf8)) ?? text
    }
}
