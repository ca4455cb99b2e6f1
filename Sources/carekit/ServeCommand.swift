import CareKit
import CareKitStore
import CareKitWeb
import Dispatch
import Foundation
import ZombieKit
#if canImport(Glibc)
import Glibc
#endif

/// `carekit serve`: the care app in the browser.
enum ServeCommand {
    static let help = """
        carekit serve [--store PATH] [--port N] [--host ADDR] [--demo] [--token SECRET]

          Serves the care app (Care Card, Symptom Tracker, Insights, Connect) on
          http://127.0.0.1:8080 from the store file (default: $XDG_DATA_HOME/CareKit/carekit.sqlite).

          --store PATH   the store file (created if missing, private to you: mode 0600)
          --port N       the TCP port (default 8080; 0 picks a free one)
          --host ADDR    the address to listen on (default 127.0.0.1). Any other address
                         exposes health data to the network and needs --token.
          --token SECRET a secret the browser must present (open the printed link once)
          --demo         run ZombieKit, the tutorial's app, and seed its care plan if the
                         store has no tasks yet
          --no-page-cache render every page from the store (pages are otherwise kept until
                         the store changes)
        Ctrl-C stops the server after the requests in progress (and their writes) finish.
        """

    static func serve(_ raw: [String], _ context: CommandContext) async throws {
        let arguments = try Arguments(raw, flags: ["help", "demo", "no-page-cache"], options: ["store", "port", "host", "token"])
        if arguments.has("help") {
            print(help)
            return
        }
        let portNumber = try arguments.integer("port") ?? 8080
        guard (0...65_535).contains(portNumber) else { throw UsageError("--port must be between 0 and 65535.") }
        let host = arguments["host"] ?? "127.0.0.1"
        let token = arguments["token"]
        let store = try context.openStore(arguments)
        let calendar = context.calendar
        let application: OCKWebApplication
        if arguments.has("demo") {
            let seeded = try await CarePlanData(startingInWeekOf: context.now, calendar: calendar).seed(into: store, sampleHistoryUntil: context.now)
            logLine(seeded ? "Seeded ZombieKit's care plan into the store." : "The store already has tasks; ZombieKit uses them as they are.")
            application = ZombieKitApp.application
        } else {
            application = .standard()
        }
        let pinned = ProcessInfo.processInfo.environment["CAREKIT_NOW"] != nil ? context.now : nil
        var configuration = CareKitWebServer.Configuration(
            host: host, port: UInt16(portNumber), accessToken: token, calendar: calendar,
            clock: { pinned ?? Date() })
        configuration.cachesPages = !arguments.has("no-page-cache")
        let server: CareKitWebServer
        do {
            server = try CareKitWebServer(store: store, application: application, configuration: configuration)
        } catch {
            throw UsageError(error.message)
        }
        let port = try server.start()
        let shownHost = host.contains(":") ? "[\(host)]" : host
        let address = "http://\(shownHost):\(port)/" + (token.map { "?token=\($0)" } ?? "")
        if !server.isLocalOnly {
            logLine("WARNING: listening on \(host): anyone on the network who has the token can read and change this health data.")
        }
        logLine("\(application.title) is running at \(address)")
        logLine("Store: \(store.url?.path ?? "in memory"). Press Ctrl-C to stop.")
        await waitForTermination()
        logLine("Stopping…")
        server.stop()
        store.close()
        logLine("Stopped.")
    }

    static func logLine(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Returns on SIGINT or SIGTERM.
    static func waitForTermination() async {
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let queue = DispatchQueue(label: "carekit.signals")
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumed = SignalResumer(continuation)
            for number in [SIGINT, SIGTERM] {
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler { resumed.resume() }
                source.resume()
                resumed.keep(source)
            }
        }
    }
}

/// Resumes a continuation once, and keeps the signal sources alive until then.
final class SignalResumer: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Void, Never>?
    private var sources: [any DispatchSourceSignal] = []

    init(_ continuation: CheckedContinuation<Void, Never>) {
        self.continuation = continuation
    }

    func keep(_ source: any DispatchSourceSignal) {
        lock.withLock { sources.append(source) }
    }

    func resume() {
        let pending = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            defer { continuation = nil }
            return continuation
        }
        pending?.resume()
    }
}
