import CareKitArguments
import CareKitRemote
import CareKitStore
import CareKitUI
import Foundation
import Synchronization

/// `carekit sync`: one synchronization of a store with a sync server.
enum SyncCommand {
    static let server = Option("server", value: "URL", loc.key("The sync server, e.g. https://care.example.org/ (http:// only for this machine)."))
    static let tokenFile = Option("token-file", value: "FILE", loc.key("A file holding this patient's device token (from `carekit sync-server add-patient`); keep it private (0600)."))

    static let create = Option("create", loc.key("Creates the store when it does not exist yet (a new device of the patient)."))
    static let pageSize = Option("page-size", value: "N", loc.key("The most versions in one request (default 2000): smaller on a slow or unreliable network."))

    static let command = Command(
        CommandSpec(
            "sync", loc.key("Synchronizes the store with a sync server once: pulls what the patient's other devices wrote, resolves conflicts, pushes what the server has not seen."),
            options: [server, tokenFile, create, pageSize, .store],
            details: loc.key(
                "Exit 0 when both directions completed; 1 when something failed (what was pulled is kept, and the next sync completes the rest); 130 when stopped by Ctrl-C."
            )),
        run: synchronize)

    static func synchronize(_ arguments: Arguments, _ context: CommandContext) async throws {
        guard let address = arguments[server] else { throw UsageError(loc("--server needs the server's address, such as https://care.example.org/.")) }
        let url = try serverURL(address)
        let token = try readToken(arguments, context)
        let size = try arguments.integer(pageSize) ?? 2_000
        guard (1...5_000).contains(size) else { throw UsageError(loc("--page-size must be between 1 and 5000.")) }
        let store = try context.openStore(arguments, creating: arguments.has(create), remote: OCKHTTPRemote(serverURL: url, token: token, pageSize: size))
        // Progress on standard error (pulled, merged, resolved, pushed), the summary on standard output.
        let shown = Mutex(-1)
        store.synchronizationProgress = { progress in
            let percent = Int((progress * 100).rounded())
            let step = percent / 25
            guard
                shown.withLock({ last in
                    defer { last = max(last, step) }; return step > last
                })
            else { return }
            context.log("carekit sync: " + OCKLocalization.language.percent(Double(percent) / 100))
        }
        let summary = try await TerminationSignals.interruptible(
            loc(
                "stopped by Ctrl-C. Nothing is half-written: each step lands whole or not at all, and the store keeps what finished. Run `carekit sync` again to complete the rest."
            )
        ) { try await store.synchronize() }
        let merged = summary.merged.values.reduce(0, +)
        var parts = [loc("pulled {count} new versions", count: merged), loc("pushed {count}", count: summary.pushed)]
        if summary.renewedProcess { parts.append(loc("this store was a copy or a restore of another store file: it took a new identity and pushed again what the server had not acknowledged")) }
        if summary.resolvedConflicts > 0 { parts.append(loc("resolved {count} conflicts", count: summary.resolvedConflicts)) }
        if summary.waiting > 0 { parts.append(loc("{count} waiting for versions they follow (the next sync brings them)", count: summary.waiting)) }
        context.output(loc("Synchronized with {server}: {parts}.", ["server": address, "parts": parts.joined(separator: loc(", "))]))
        for problem in summary.unusable { context.error(loc("carekit sync: not stored: {problem}", ["problem": problem])) }
    }

    /// A sync server's address: https, or http on this machine only.
    static func serverURL(_ address: String) throws(UsageError) -> URL {
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
            throw UsageError(loc("'{address}' is not a sync server's address, such as https://care.example.org/.", ["address": address]))
        }
        if scheme == "http", !["127.0.0.1", "localhost", "::1", "[::1]"].contains(url.host ?? "") {
            throw UsageError(loc("{address} would send the device token and health data unencrypted; use https:// (http:// only for this machine).", ["address": address]))
        }
        return url
    }

    static func readToken(_ arguments: Arguments, _ context: CommandContext) throws -> String {
        guard let path = arguments[tokenFile] else { throw UsageError(loc("--token-file is needed: the file with this patient's device token.")) }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw OCKStoreError.remoteSynchronizationFailed(reason: loc("Could not read the token file {path}: {reason}.", ["path": path, "reason": Format.fileError(error)]))
        }
        let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard token.count == 64, token.allSatisfy({ $0.isHexDigit }) else {
            throw OCKStoreError.remoteSynchronizationFailed(reason: loc("{path} does not hold a device token (64 hex digits, as `carekit sync-server add-patient` prints).", ["path": path]))
        }
        if let mode = (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? NSNumber, mode.intValue & 0o077 != 0 {
            context.error(loc("carekit sync: warning: {path} can be read by other users (mode {mode}); `chmod 600 {path}`.", ["path": path, "mode": String(mode.intValue & 0o777, radix: 8)]))
        }
        return token.lowercased()
    }
}
