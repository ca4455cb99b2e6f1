import CareKitTestSupport
import Foundation
import Testing

@testable import CareKitStore

#if canImport(Glibc)
    import Glibc
#endif

/// A writer killed with SIGKILL in the middle of its work loses nothing it acknowledged, and
/// leaves a store that opens and passes SQLite's integrity check.
@Suite("Crash durability")
struct StoreCrashTests {
    typealias S = StoreTestSupport

    /// What the killed writer printed and how it ended.
    struct Run: Sendable {
        var acknowledged: [String] = []
        var stderr = ""
        var exitStatus: Int32 = 0
        var killedBySignal = false
        var problem: String?
    }

    /// The `carekit-crash-writer` executable SwiftPM builds next to the test bundle.
    static func writerExecutable() -> URL? {
        let name = "carekit-crash-writer"
        var folders: [URL] = []
        if let first = CommandLine.arguments.first {
            folders.append(URL(fileURLWithPath: first).deletingLastPathComponent())
        }
        folders.append(Bundle.main.bundleURL)
        folders.append(Bundle.main.bundleURL.deletingLastPathComponent())
        // Fallback: the package's own build folder (this file is Tests/CareKitStoreTests/Store/…).
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        folders.append(packageRoot.appendingPathComponent(".build/debug"))
        return folders.map { $0.appendingPathComponent(name) }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs the writer on `store`, waits for `lines` acknowledged outcomes, kills it with
    /// SIGKILL, and collects every complete line it printed. Blocking work runs on its own
    /// thread, not on the test's executor.
    static func runAndKill(_ executable: URL, store: URL, after lines: Int) async -> Run {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: runAndKillBlocking(executable, store: store, after: lines))
            }
        }
    }

    static func runAndKillBlocking(_ executable: URL, store: URL, after lines: Int) -> Run {
        var run = Run()
        let process = Process()
        process.executableURL = executable
        process.arguments = [store.path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try ProcessLaunch.start(process)
        } catch {
            run.problem = "could not start \(executable.path): \(error)"
            return run
        }
        var buffer = Data()
        var killed = false
        while true {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }  // end of file: the writer is gone
            buffer.append(chunk)
            while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                run.acknowledged.append(String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self))
                buffer.removeSubrange(buffer.startIndex...newline)
            }
            if !killed && run.acknowledged.count >= lines {
                kill(process.processIdentifier, SIGKILL)
                killed = true
            }
        }
        process.waitUntilExit()
        run.exitStatus = process.terminationStatus
        run.killedBySignal = process.terminationReason == .uncaughtSignal
        run.stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return run
    }

    @Test func aKilledWriterLosesNoAcknowledgedOutcome() async throws {
        let executable = try #require(Self.writerExecutable(), "carekit-crash-writer was not built next to the tests")
        let directory = S.temporaryDirectory()
        let file = directory.appendingPathComponent("crash.sqlite")

        let run = await Self.runAndKill(executable, store: file, after: 200)
        #expect(run.problem == nil, "\(run.problem ?? "")")
        #expect(run.killedBySignal, "the writer must die by SIGKILL, not finish or fail: status \(run.exitStatus), stderr: \(run.stderr)")
        #expect(run.exitStatus == SIGKILL)
        #expect(run.acknowledged.count >= 200, "stderr: \(run.stderr)")
        #expect(run.acknowledged == (0..<run.acknowledged.count).map { "outcome-\($0)" }, "acknowledged in order, one per line")

        // The store opens and is intact...
        let store = OCKStore(url: file, clock: { CrashWriterDates.start })
        try store.ensureOpen()
        let integrity = try await store.read { connection -> String in
            let statement = try connection.prepare("PRAGMA integrity_check")
            _ = try statement.step()
            return statement.string(0)
        }
        #expect(integrity == "ok")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") {
            let cli = Process()
            cli.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
            cli.arguments = ["-readonly", file.path, "PRAGMA integrity_check;"]
            let pipe = Pipe()
            cli.standardOutput = pipe
            try ProcessLaunch.start(cli)
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            cli.waitUntilExit()
            #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == "ok", "sqlite3 says: \(text)")
        }

        // ...and holds every acknowledged outcome (at most one more that was written but not yet printed).
        let outcomes = try await store.fetchOutcomes(query: OCKOutcomeQuery())
        let stored = Set(outcomes.map(\.id))
        let missing = run.acknowledged.filter { !stored.contains($0) }
        #expect(missing.isEmpty, "acknowledged but lost: \(missing.prefix(10))")
        #expect(outcomes.count - run.acknowledged.count <= 1)
        #expect(outcomes.allSatisfy { "outcome-\($0.taskOccurrenceIndex)" == $0.id && $0.values.first?.integerValue == $0.taskOccurrenceIndex })

        // The store is still writable after the crash.
        let task = try #require(try await store.fetchTasks(query: OCKTaskQuery(id: "crash-task")).first)
        var next = OCKOutcome(taskUUID: task.uuid, taskOccurrenceIndex: outcomes.count, values: [OCKOutcomeValue(outcomes.count)])
        next.effectiveDate = CrashWriterDates.start
        try await store.addOutcome(next)
        #expect(try await store.fetchOutcomes(query: OCKOutcomeQuery()).count == outcomes.count + 1)
    }
}

/// The writer's fixed dates (kept in step with Tests/Helpers/carekit-crash-writer).
enum CrashWriterDates {
    static let start = Date(timeIntervalSinceReferenceDate: 757_382_400)
}
