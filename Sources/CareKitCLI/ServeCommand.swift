import CareKit
import CareKitArguments
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
    static let port = Option("port", value: "N", "The TCP port (default 8080; 0 picks a free one).")
    static let host = Option("host", value: "ADDR", "The address to listen on (default 127.0.0.1). Any other address exposes health data to the network and needs --token.")
    static let token = Option("token", value: "SECRET", "A secret of at least 16 characters the browser must present (open the printed link once).")
    static let demo = Option("demo", "Runs ZombieKit, the tutorial's app, and seeds its care plan if the store has no tasks yet; creates the store if it does not exist.")
    static let allowedHost = Option("allowed-host", value: "NAMES", "Other names the browser may use to reach the app (a reverse proxy's, one in /etc/hosts), comma-separated; requests naming any other host are refused.")
    static let noPageCache = Option("no-page-cache", "Renders every page from the store (pages are otherwise kept until the store changes).")

    static let command = Command(CommandSpec(
        "serve", "Serves the care app (Care Card, Symptom Tracker, Insights, Connect) on http://127.0.0.1:8080 from the store.",
        options: [.store, port, host, demo, token, allowedHost, noPageCache],
        details: "Ctrl-C stops the server after the requests in progress (and their writes) finish. A read-only or damaged store is served for reading: every change is refused with the reason."),
        run: serve)

    static func serve(_ arguments: Arguments, _ context: CommandContext) async throws {
        let portNumber = try arguments.integer(Self.port) ?? 8080
        guard (0...65_535).contains(portNumber) else { throw UsageError("--port must be between 0 and 65535.") }
        let host = arguments[Self.host] ?? "127.0.0.1"
        let token = arguments[Self.token]
        let store = try context.openStore(arguments, creating: arguments.has(Self.demo))
        if let refusal = store.writeRefusal { context.log("WARNING: the app will show this store but refuse every change. \(refusal)") }
        let calendar = context.calendar
        let application: OCKWebApplication
        if arguments.has(Self.demo) {
            let seeded = try await CarePlanData(startingInWeekOf: context.now, calendar: calendar).seed(into: store, sampleHistoryUntil: context.now)
            context.log(seeded ? "Seeded ZombieKit's care plan into the store." : "The store already has tasks; ZombieKit uses them as they are.")
            application = ZombieKitApp.application
        } else {
            application = .standard()
        }
        let pinned = ProcessInfo.processInfo.environment["CAREKIT_NOW"] != nil ? context.now : nil
        var configuration = CareKitWebServer.Configuration(
            host: host, port: UInt16(portNumber), accessToken: token, calendar: calendar,
            clock: { pinned ?? Date() })
        configuration.cachesPages = !arguments.has(Self.noPageCache)
        configuration.allowedHosts = (arguments[Self.allowedHost] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
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
            context.log("WARNING: listening on \(host): anyone on the network who has the token can read and change this health data.")
        }
        context.log("\(application.title) is running at \(address)")
        context.log("Store: \(store.url?.path ?? "in memory"). Press Ctrl-C to stop.")
        await waitForTermination()
        context.log("Stopping…")
        server.stop()
        store.close()
        context.log("Stopped.")
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
