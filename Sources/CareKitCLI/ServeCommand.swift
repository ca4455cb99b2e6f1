import CareKit
import CareKitArguments
import CareKitRemote
import CareKitStore
import CareKitWeb
import Dispatch
import Foundation
import Synchronization
import ZombieKit

#if canImport(Glibc)
    import Glibc
#endif

/// `carekit serve`: the care app in the browser.
enum ServeCommand {
    static let port = Option("port", value: "N", loc.key("The TCP port (default 8080; 0 picks a free one)."))
    static let host = Option("host", value: "ADDR", loc.key("The address to listen on (default 127.0.0.1). Any other address exposes health data to the network and needs --token."))
    static let token = Option(
        "token", value: "SECRET",
        loc.key(
            "A secret of at least 16 characters the browser must present (open the printed link once). Every local user can read it in the process list: prefer --access-token-file or $CAREKIT_ACCESS_TOKEN."
        ))
    static let accessTokenFile = Option(
        "access-token-file", value: "FILE", loc.key("Reads the access token (as --token) from the first line of FILE, which only you may read (0600)."))
    static let demo = Option("demo", loc.key("Runs ZombieKit, the tutorial's app, and seeds its care plan if the store has no tasks yet; creates the store if it does not exist."))
    static let allowedHost = Option(
        "allowed-host", value: "NAMES", loc.key("Other names the browser may use to reach the app (a reverse proxy's, one in /etc/hosts), comma-separated; requests naming any other host are refused.")
    )
    static let removePasscode = Option(
        "remove-passcode", loc.key("Removes the app's passcode (one forgotten) before serving; the care plan stays as it is. Whoever can run this can read the store anyway."))
    static let noPageCache = Option("no-page-cache", loc.key("Renders every page from the store (pages are otherwise kept until the store changes)."))
    static let sync = Option(
        "sync", value: "URL",
        loc.key("Synchronizes the store with this sync server: after every change, and every few seconds for the other devices' (needs --token-file). The store is created when missing."))

    static let command = Command(
        CommandSpec(
            "serve", loc.key("Serves the care app (Care Card, Symptom Tracker, Insights, Connect) on http://127.0.0.1:8080 from the store."),
            options: [.store, port, host, .timezone, demo, token, accessTokenFile, allowedHost, noPageCache, removePasscode, sync, SyncCommand.tokenFile],
            details: loc.key(
                "Ctrl-C stops the server after the requests in progress (and their writes) finish. A read-only or damaged store is served for reading: every change is refused with the reason.")),
        run: serve)

    /// The access token: `--access-token-file`, `$CAREKIT_ACCESS_TOKEN` or `--token` (one of them).
    static func accessToken(_ arguments: Arguments, _ context: CommandContext) throws -> String? {
        let given = [arguments[token] != nil, arguments[accessTokenFile] != nil].filter { $0 }.count
        guard given <= 1 else { throw UsageError(loc("Give --token or --access-token-file, not both.")) }
        if let path = arguments[accessTokenFile] {
            let text: String
            do {
                text = try String(contentsOfFile: path, encoding: .utf8)
            } catch {
                throw UsageError(loc("Could not read the access token file {path}: {reason}.", ["path": path, "reason": Format.fileError(error)]))
            }
            if let mode = (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? NSNumber, mode.intValue & 0o077 != 0 {
                throw UsageError(
                    loc(
                        "{path} can be read by other users (mode {mode}), so the access token in it is not secret: `chmod 600 {path}`.",
                        ["path": path, "mode": String(mode.intValue & 0o777, radix: 8)]))
            }
            let line = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard !line.isEmpty else { throw UsageError(loc("{path} holds no access token on its first line.", ["path": path])) }
            return line
        }
        if let value = arguments[token] {
            context.log(loc("WARNING: --token is visible to every user of this machine (in /proc); use --access-token-file or $CAREKIT_ACCESS_TOKEN."))
            return value
        }
        return context.accessTokenSetting
    }

    static func serve(_ arguments: Arguments, _ context: CommandContext) async throws {
        let portNumber = try arguments.integer(Self.port) ?? 8080
        guard (0...65_535).contains(portNumber) else { throw UsageError(loc("--port must be between 0 and 65535.")) }
        let host = arguments[Self.host] ?? "127.0.0.1"
        let token = try accessToken(arguments, context)
        var remote: OCKHTTPRemote?
        if let address = arguments[Self.sync] {
            let url = try SyncCommand.serverURL(address)
            remote = OCKHTTPRemote(serverURL: url, token: try SyncCommand.readToken(arguments, context), automaticallySynchronizes: true)
        } else if arguments[SyncCommand.tokenFile] != nil {
            throw UsageError(loc("--token-file goes with --sync URL."))
        }
        // The default store is made on first use (the app then opens on its welcome page); a
        // --store path that does not exist is more likely a typo, and is refused.
        let creating = arguments.has(Self.demo) || remote != nil || arguments[.store] == nil
        let existed = FileManager.default.fileExists(atPath: try context.storeURL(arguments, creating: true).path)
        let store = try context.openStore(arguments, creating: creating, remote: remote)
        if !existed, !arguments.has(Self.demo) { context.log(loc("Created a new, empty store; the app opens on its welcome page.")) }
        if let refusal = store.writeRefusal { context.log(loc("WARNING: the app will show this store but refuse every change. {reason}", ["reason": refusal])) }
        let synchronizer = remote.map { _ in Synchronizer(store: store, context: context) }
        // A device that joins takes the plan from the server before anything is seeded.
        await synchronizer?.synchronize()
        let calendar = context.calendar
        let application: OCKWebApplication
        if arguments.has(Self.demo) {
            let seeded = try await CarePlanData(startingInWeekOf: context.now, calendar: calendar).seed(into: store, sampleHistoryUntil: context.now)
            context.log(seeded ? loc("Seeded ZombieKit's care plan into the store.") : loc("The store already has tasks; ZombieKit uses them as they are."))
            application = ZombieKitApp.application
        } else {
            application = .standard()
        }
        let pinned = ProcessInfo.processInfo.environment["CAREKIT_NOW"] != nil ? context.now : nil
        var configuration = CareKitWebServer.Configuration(
            host: host, port: UInt16(portNumber), accessToken: token, calendar: calendar,
            clock: { pinned ?? Date() })
        // A language chosen for the app (not the machine's locale, which leaves the browser's).
        if arguments[.language] != nil || context.languageSetting != nil { configuration.language = OCKLocalization.language }
        configuration.cachesPages = !arguments.has(Self.noPageCache)
        // The calendar feed's secret lives beside the store, readable by its owner only.
        configuration.calendarSecretFile = store.url.map { $0.deletingLastPathComponent().appendingPathComponent($0.lastPathComponent + ".calendar-secret") }
        configuration.allowedHosts = (arguments[Self.allowedHost] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let server: CareKitWebServer
        do {
            server = try CareKitWebServer(store: store, application: application, configuration: configuration)
        } catch {
            throw UsageError(error.message)
        }
        TerminationSignals.install()
        let port = try server.start()
        let shownHost = host.contains(":") ? "[\(host)]" : host
        // The link carries the token only to a terminal: under systemd this line is the journal's.
        let address = "http://\(shownHost):\(port)/" + (context.logIsTerminal ? token.map { "?token=\($0)" } ?? "" : "")
        if !server.isLocalOnly {
            context.log(loc("WARNING: listening on {host}: anyone on the network who has the token can read and change this health data.", ["host": host]))
        }
        // Before "is running", the line tools wait for: once it is printed, all is said.
        let zone = try await savedZone(arguments, store: store, calendar: calendar, context)
        context.log(zone)
        context.log(try await savedLanguage(arguments, store: store, context))
        if let lock = try await passcodeLock(arguments, store: store) { context.log(lock) }
        context.log(loc("{app} is running at {address}", ["app": application.title, "address": address]))
        if token != nil && !context.logIsTerminal {
            context.log(loc("The link leaves out the access token: add ?token=TOKEN (from your token file) when you first open it."))
        }
        context.log(loc("Store: {path}. Press Ctrl-C to stop.", ["path": store.url?.path ?? loc("in memory")]))
        let periodic = synchronizer.map { synchronizer in
            Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(2))
                    await synchronizer.synchronize()
                }
            }
        }
        await waitForTermination()
        periodic?.cancel()
        context.log(loc("Stopping…"))
        server.stop()
        store.close()
        context.log(loc("Stopped."))
    }

    /// Saves the zone of `--timezone` in the store, so that later runs and the other commands
    /// on this store follow it; the log line that says the zone and where it comes from.
    static func savedZone(_ arguments: Arguments, store: any OCKPreferenceStore, calendar: Calendar, _ context: CommandContext) async throws -> String {
        let zone = calendar.timeZone.identifier
        guard arguments[.timezone] != nil else {
            return loc("Days and times follow the time zone {zone} (change it with --timezone, which saves it in the store).", ["zone": zone])
        }
        do {
            try await store.setPreference(zone, forKey: OCKPreferenceKey.timeZone)
            return loc("Days and times follow the time zone {zone}, saved in the store: later runs and commands on this store follow it too.", ["zone": zone])
        } catch let error as OCKStoreError {
            return loc("Days and times follow the time zone {zone} for this run only; it could not be saved in the store: {reason}.", ["zone": zone, "reason": error.reason])
        }
    }

    /// Saves the language of `--language` in the store, so that the app, later runs and the
    /// other commands on this store speak it; the log line that says so.
    static func savedLanguage(_ arguments: Arguments, store: any OCKPreferenceStore, _ context: CommandContext) async throws -> String {
        let language = OCKLocalization.language
        let name = "\(language.nativeName) (\(language.tag))"
        guard arguments[.language] != nil else {
            // What the web app does: a browser's own choice, else the store's, else the
            // configured one, else the browser's Accept-Language.
            if let tag = try? await store.preference(forKey: OCKPreferenceKey.language), let saved = OCKLanguage(tag: tag) {
                return loc(
                    "The app speaks {language}, saved in the store, unless a browser chooses another on its Settings page (change it with --language).",
                    ["language": "\(saved.nativeName) (\(saved.tag))"])
            }
            if context.languageSetting != nil {
                return loc("The app speaks {language} (from CAREKIT_LANGUAGE) unless a browser chooses another on its Settings page.", ["language": name])
            }
            return loc("The app speaks the language each browser asks for, else English (choose one with --language, which saves it in the store).")
        }
        do {
            try await store.setPreference(language.tag, forKey: OCKPreferenceKey.language)
            return loc("The app speaks {language}, saved in the store: later runs and commands on this store speak it too.", ["language": name])
        } catch let error as OCKStoreError {
            return loc("The app speaks {language} for this run only; it could not be saved in the store: {reason}", ["language": name, "reason": error.reason])
        }
    }

    /// Removes the passcode for `--remove-passcode` (both its settings, in one transaction); the
    /// log line that says whether the app asks for a passcode.
    static func passcodeLock(_ arguments: Arguments, store: any OCKPreferenceStore) async throws -> String? {
        let keys = [OCKPreferenceKey.passcodeHash, OCKPreferenceKey.lockMinutes]
        if arguments.has(Self.removePasscode) {
            try await store.setPreferences(Dictionary(uniqueKeysWithValues: keys.map { ($0, String?.none) }))
            return loc("Removed the app's passcode: it opens without one until a new one is set on its Passcode page.")
        }
        guard try await store.preference(forKey: OCKPreferenceKey.passcodeHash) != nil else { return nil }
        return loc("The app asks for its passcode after some minutes without use (forgotten: --remove-passcode).")
    }

    /// Returns on SIGINT or SIGTERM.
    static func waitForTermination() async {
        await TerminationSignals.shared.wait()
    }
}

/// Synchronizes a served store now and then, and says in the log when it stops or starts
/// working again (not on every attempt).
final class Synchronizer: Sendable {
    let store: OCKStore
    let context: CommandContext
    private let failing = Mutex(false)

    init(store: OCKStore, context: CommandContext) {
        self.store = store
        self.context = context
    }

    func synchronize() async {
        do {
            try await store.synchronize()
            let wasFailing = failing.withLock { value -> Bool in
                defer { value = false }
                return value
            }
            if wasFailing { context.log(loc("Synchronizing works again.")) }
        } catch {
            let reason = (error as? OCKStoreError)?.reason ?? "\(error)"
            let wasFailing = failing.withLock { value -> Bool in
                defer { value = true }
                return value
            }
            if !wasFailing { context.log(loc("Synchronizing failed (retrying every few seconds): {reason}", ["reason": reason])) }
        }
    }
}
