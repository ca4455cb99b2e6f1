import CareKitTestSupport
import Foundation
import Testing

@testable import CareKitStore

#if canImport(Glibc)
    import Glibc
#endif

/// `carekit` on stores it must not write: a damaged file, a read-only file, a read-only
/// folder. Reads work, writes exit 1 with the reason, and no file's mode changes. A file or
/// folder without write bits is read-only for root too, so these run as root (as CI does).
@Suite("carekit on damaged and protected stores")
struct CommandLineStoreFileTests {
    static func mode(_ path: String) -> Int? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        return attributes[.posixPermissions] as? Int
    }

    /// The seeded store (two daily tasks) with yesterday's pills done.
    static func store(in directory: TemporaryDirectory) async throws -> String {
        let path = try await CommandLineEventTests.seededStore(in: directory)
        #expect(try await CLI(directory: directory.url).run(["complete", "pills", "--date", "2025-01-19", "--store", path]).status == 0)
        // Fold whatever WAL the command left into the file, so the file alone is the store.
        OCKStore(url: URL(fileURLWithPath: path), options: []).close()
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        return path
    }

    /// Overwrites the root page of `table` with zeros, as a failing disk would.
    static func zeroRootPage(of table: String, in path: String) throws {
        let connection = try _SQLiteConnection(path: path, readOnly: true)
        let pageSize = try #require(try connection.scalarInt("PRAGMA page_size"))
        let page = try #require(try connection.scalarInt("SELECT rootpage FROM sqlite_master WHERE name = '\(table)'"))
        connection.close()
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: UInt64((page - 1) * pageSize))
        try handle.write(contentsOf: Data(count: Int(pageSize)))
        try handle.close()
    }

    @Test func aDamagedStoreIsReadAndExportedButNeverWritten() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await Self.store(in: directory)
        try Self.zeroRootPage(of: "outcome_value", in: store)
        let damaged = try Data(contentsOf: URL(fileURLWithPath: store))
        let cli = CLI(directory: directory.url)

        for arguments in [["complete", "pills"], ["log", "temperature", "38.5"]] {
            let result = try await cli.run(arguments + ["--store", store])
            #expect(result.status == 1, "\(arguments): \(result.output)")
            for words in ["is damaged", "Nothing was written", "backup", "carekit export"] {
                #expect(result.error.contains(words), "\(arguments): \(result.error)")
            }
        }
        let tasks = try await cli.run(["tasks", "--store", store])
        #expect(tasks.status == 0 && tasks.output.contains("pills"), "reads still work: \(tasks.error)")

        let export = try await cli.run(["export", "-o", "rescue.json", "--store", store])
        #expect(export.status == 1, "a partial export is not a success")
        #expect(export.error.contains("The store is damaged"), "\(export.error)")
        #expect(export.error.contains("outcome"), "what was lost is named: \(export.error)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == damaged, "not a byte was written to the damaged store")
        // The rescued tasks go into a new store.
        let fresh = directory.file("fresh.sqlite").path
        let imported = try await cli.run(["import", "rescue.json", "--store", fresh])
        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.output.contains("2 task versions"), "\(imported.output)")
    }

    /// Every command, and what it may do on a store nobody may write.
    static let everyCommand: [(arguments: [String], succeeds: Bool)] = [
        (["tasks"], true), (["events", "--date", "2025-01-19"], true), (["tasks", "--json"], true),
        (["export", "-o", "backup.json"], true), (["report", "-o", "report.html"], true),
        (["complete", "pills"], false), (["log", "temperature", "38.5"], false), (["import", "backup.json"], false)
    ]

    @Test func aReadOnlyStoreIsReadNeverWrittenAndKeepsItsMode() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await Self.store(in: directory)
        #expect(chmod(store, 0o444) == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let cli = CLI(directory: directory.url)
        for (arguments, succeeds) in Self.everyCommand {
            let result = try await cli.run(arguments + ["--store", store])
            #expect(Self.mode(store) == 0o444, "carekit \(arguments.joined(separator: " ")) left the mode as it was")
            if succeeds {
                #expect(result.status == 0, "\(arguments): \(result.error)")
            } else {
                #expect(result.status == 1, "\(arguments): \(result.output)")
                #expect(result.error.contains("is read-only") && result.error.contains("chmod u+w"), "\(arguments): \(result.error)")
            }
        }
        #expect(try await cli.run(["events", "--date", "2025-01-19", "--store", store]).output.contains("done"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
        #expect(!FileManager.default.fileExists(atPath: store + "-shm"), "no read-only -shm file is left to block later writes")
    }

    @Test func aStoreInAReadOnlyFolderIsReadable() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let folder = directory.file("ro")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let seeded = try await Self.store(in: directory)
        let store = folder.appendingPathComponent("care.sqlite").path
        try FileManager.default.moveItem(atPath: seeded, toPath: store)
        #expect(chmod(folder.path, 0o555) == 0)
        defer { _ = chmod(folder.path, 0o700) }
        let listing = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let cli = CLI(directory: directory.url)
        for (arguments, succeeds) in Self.everyCommand {
            let result = try await cli.run(arguments + ["--store", store])
            #expect(result.status == (succeeds ? 0 : 1), "\(arguments): \(result.error)")
            if !succeeds { #expect(result.error.contains("in a folder you cannot write to"), "\(result.error)") }
        }
        #expect(try await cli.run(["events", "--date", "2025-01-19", "--store", store]).output.contains("done"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == listing, "nothing was created in the folder")
        #expect(Self.mode(folder.path) == 0o555 && Self.mode(store) == 0o600)
    }
}
