import Foundation
import Testing

@testable import CareKitStore

/// A store that already holds versions in its cache reads the same versions, in the same
/// order and with the same links, as a store that opens the file afresh.
@Suite("Reads through the version cache")
struct CachedFetchTests {
    @Test("A warm read equals a cold one after an update, in the query's order, with the new links")
    func warmEqualsCold() async throws {
        let directory = StoreTestSupport.temporaryDirectory()
        let clock = StoreTestSupport.date("2025-06-01 12:00")
        let store = OCKStore(name: "cached", type: .onDisk, directory: directory, clock: { clock })
        defer { store.close() }
        let added = try await store.addTasks(["walk", "stretch", "pills"].map { StoreTestSupport.dailyTask($0) })
        var query = OCKTaskQuery()
        query.sortDescriptors = [.title(ascending: false)]
        // Caches the first versions; the update then gives the first "walk" a next link.
        _ = try await store.fetchTasks(query: query)
        var walk = try #require(added.first { $0.id == "walk" })
        walk.title = "a walk"
        walk.effectiveDate = StoreTestSupport.date("2025-03-01")
        let updated = try #require(try await store.updateTasks([walk]).first)

        let warm = try await store.fetchTasks(query: query)
        let fresh = OCKStore(name: "cached", type: .onDisk, directory: directory, clock: { clock })
        defer { fresh.close() }
        let cold = try await fresh.fetchTasks(query: query)

        #expect(warm == cold)
        #expect(warm.map(\.title) == ["walk", "stretch", "pills", "a walk"])
        let first = try #require(warm.first { $0.id == "walk" && $0.title == "walk" })
        #expect(first.nextVersionUUIDs == [updated.uuid])
    }

    @Test("An export reads every version from its row: the cache the pages use keeps what it held, and a warm export equals a cold one")
    func exportPastTheCache() async throws {
        let directory = StoreTestSupport.temporaryDirectory()
        let clock = StoreTestSupport.date("2025-06-01 12:00")
        let writer = OCKStore(name: "export", type: .onDisk, directory: directory, clock: { clock })
        let task = try await writer.addTask(StoreTestSupport.dailyTask("pills"))
        _ = try await writer.addOutcomes((0..<40).map { StoreTestSupport.outcome(task, $0) })
        writer.close()
        // Opened afresh, the cache is empty; a page's read keeps the task's version.
        let store = OCKStore(name: "export", type: .onDisk, directory: directory, clock: { clock })
        defer { store.close() }
        _ = try await store.fetchTasks(query: OCKTaskQuery())
        let kept = store.cache.count
        #expect(kept == 1)

        let warm = try await store.exportVersions()
        // An export of a history larger than the cache would otherwise clear it (and cost more
        // per version the larger the history, issue 32's 10b).
        #expect(store.cache.count == kept)
        let fresh = OCKStore(name: "export", type: .onDisk, directory: directory, clock: { clock })
        defer { fresh.close() }
        #expect(try await fresh.exportVersions() == warm)
        #expect(warm.count == 41)
    }

    @Test("Id lists are written as JSON arrays; quotes, backslashes and controls escaped")
    func jsonArrays() throws {
        let strings = ["walk", "", "say \"hi\"", "C:\\temp", "line\nbreak", "tab\there", "é-ü"]
        let text = _Encoding.jsonArray(strings)
        #expect(text.hasPrefix("[\"walk\",\"\",\"say \\\"hi\\\"\","))
        let decoded = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String]
        #expect(decoded == strings)
        #expect(_Encoding.jsonArray([]) == "[]")
    }
}
