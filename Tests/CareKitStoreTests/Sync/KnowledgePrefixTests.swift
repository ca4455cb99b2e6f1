import CareKitTestSupport
import Foundation
import Testing

@testable import CareKitStore

/// A synchronization finds the knowledge rows its peer lacks through each row's prefix (its
/// vector merged with every earlier row's), not by reading every vector the store ever had: a
/// device that synchronized after every tap for a year must not sync slower than on its first day.
@Suite("Knowledge prefixes")
struct KnowledgePrefixTests {
    typealias S = StoreTestSupport
    typealias Vector = OCKRevisionRecord.KnowledgeVector

    /// Looking at every row, as synchronizations did before prefixes.
    static func everyUncovered(since: Vector, connection: _SQLiteConnection) throws -> [Int64] {
        let rows = try connection.prepare("SELECT row, vector FROM knowledge ORDER BY vector")
        defer { rows.reset() }
        var found: [Int64] = []
        while try rows.step() {
            if !since.covers(_Knowledge.vector(from: rows.string(1))) { found.append(rows.int64(0)) }
        }
        return found
    }

    @Test("On random histories of three processes, with rows dropped and prefixes missing, the rows found are exactly those a peer lacks")
    func randomHistories() async throws {
        var random = SeededGenerator(seed: 32)
        let processes = (0..<3).map { _ in UUID() }
        for history in 0..<6 {
            let store = OCKStore(name: "history\(history)", type: .inMemory, clock: { S.date("2025-06-01 12:00") })
            let database = try store.database()
            // 120 rows, each process's clock moving forward at its own pace, as merges and
            // local writes leave them; vectors repeat now and then (a row is made once).
            let (rows, checked) = try database.writeSync(.update) { connection -> (Int, Int) in
                var clocks = [Int](repeating: 0, count: 3)
                for _ in 0..<120 {
                    var vector: [UUID: Int] = [:]
                    for index in 0..<3 where Int.random(in: 0..<3, using: &random) > 0 {
                        clocks[index] += Int.random(in: 0...2, using: &random)
                        vector[processes[index]] = max(1, clocks[index] - Int.random(in: 0...3, using: &random))
                    }
                    _ = try _Knowledge.row(for: Vector(vector), connection: connection)
                }
                // Rows dropped (a new process id drops the rows it stamps again), and prefixes
                // missing in the middle and at the end (written as by a store before schema 5).
                if history % 2 == 1 { try connection.execute("DELETE FROM knowledge WHERE row % 7 = 3") }
                if history >= 2 { try connection.execute("UPDATE knowledge SET prefix = NULL WHERE row BETWEEN 40 AND 44") }
                if history >= 4 { try connection.execute("UPDATE knowledge SET prefix = NULL WHERE row = (SELECT max(row) FROM knowledge)") }
                var checked = 0
                for _ in 0..<60 {
                    var since: [UUID: Int] = [:]
                    for index in 0..<3 where Int.random(in: 0..<4, using: &random) > 0 {
                        since[processes[index]] = Int.random(in: 0...(clocks[index] + 1), using: &random)
                    }
                    let expected = try Self.everyUncovered(since: Vector(since), connection: connection)
                    let found = try _Knowledge.uncoveredRows(since: Vector(since), connection: connection).map(\.row)
                    #expect(found == expected, "history \(history), peer knowing \(since)")
                    checked += expected.count
                }
                // A peer that knows everything lacks nothing; one that knows nothing lacks every
                // row but the empty vector's.
                #expect(try _Knowledge.uncoveredRows(since: Vector(Dictionary(uniqueKeysWithValues: processes.map { ($0, Int.max) })), connection: connection).isEmpty)
                let all = try connection.scalarInt("SELECT count(*) FROM knowledge") ?? 0
                let empty = try connection.scalarInt("SELECT count(*) FROM knowledge WHERE vector = ''") ?? 0
                #expect(try _Knowledge.uncoveredRows(since: Vector(), connection: connection).count == Int(all - empty))
                return (Int(all), checked)
            }.get()
            #expect(rows > 50 && checked > 0, "history \(history): \(rows) rows, \(checked) rows lacked in all")
            store.close()
        }
    }

    @Test("A row added after rows without a prefix gets one that covers every row before it")
    func rowAfterMissingPrefixes() async throws {
        let store = OCKStore(name: "gaps", type: .inMemory, clock: { S.date("2025-06-01 12:00") })
        defer { store.close() }
        let (first, second) = (UUID(), UUID())
        let prefix = try store.database().writeSync(.update) { connection -> String? in
            _ = try _Knowledge.row(for: Vector([first: 5]), connection: connection)
            _ = try _Knowledge.row(for: Vector([second: 2]), connection: connection)
            try connection.execute("UPDATE knowledge SET prefix = NULL")
            let row = try _Knowledge.row(for: Vector([first: 1, second: 1]), connection: connection)
            #expect(try connection.scalarInt("SELECT count(*) FROM knowledge WHERE prefix IS NULL") == 0)
            let statement = try connection.prepare("SELECT prefix FROM knowledge WHERE row = ?")
            statement.bind(row, at: 1)
            defer { statement.reset() }
            return try statement.step() ? statement.string(0) : nil
        }.get()
        #expect(prefix.map(_Knowledge.vector(from:)) == Vector([first: 5, second: 2]))
    }

    @Test("The text of a vector reads back as the vector; pairs that are not UUID:clock are left out as before")
    func vectorText() {
        let (first, second) = (UUID(), UUID())
        let vector = Vector([first: 3, second: 12_345_678_901])
        #expect(_Knowledge.vector(from: _Knowledge.text(of: vector)) == vector)
        #expect(_Knowledge.text(of: vector) == [first, second].sorted { $0.uuidString < $1.uuidString }.map { "\($0.uuidString):\(vector.clock(for: $0))" }.joined(separator: ","))
        let lower = first.uuidString.lowercased()
        #expect(_Knowledge.vector(from: "\(lower):4,,\(first.uuidString):2,nonsense:3,\(second.uuidString):x,\(second.uuidString):+7,\(second.uuidString):1:2") == Vector([first: 4, second: 7]))
        #expect(_Knowledge.vector(from: "\(first.uuidString):99999999999999999999") == Vector())
        #expect(_Knowledge.vector(from: "") == Vector())
    }

    @Test("One outcome from device to device costs the same after 160 synchronizations as after 20")
    func manySynchronizationsBefore() async throws {
        var phoneSteps: [Int64] = []
        var tabletSteps: [Int64] = []
        for earlier in [20, 160] {
            let server = SimulatedServer()
            let clock = { @Sendable in S.date("2025-06-01 12:00") }
            let phone = OCKStore(name: "phone", type: .inMemory, remote: SimulatedRemote(server: server), clock: clock)
            let tablet = OCKStore(name: "tablet", type: .inMemory, remote: SimulatedRemote(server: server), clock: clock)
            let task = try await phone.addTask(S.dailyTask("pills"))
            // A tap, and both devices synchronized after it, `earlier` times.
            for occurrence in 0..<earlier {
                try await phone.addOutcome(S.outcome(task, occurrence))
                try await phone.synchronize()
                try await tablet.synchronize()
            }
            try await phone.addOutcome(S.outcome(task, earlier))
            var before = await phone.sqliteSteps()
            try await phone.synchronize()
            phoneSteps.append(await phone.sqliteSteps() - before)
            before = await tablet.sqliteSteps()
            try await tablet.synchronize()
            tabletSteps.append(await tablet.sqliteSteps() - before)
            #expect(try await tablet.fetchOutcomes(query: OCKOutcomeQuery()).count == earlier + 1)
            let rows = try await tablet.read { try $0.scalarInt("SELECT count(*) FROM knowledge") ?? 0 }
            #expect(rows >= Int64(earlier), "the tablet keeps a knowledge row for each revision it took in")
        }
        for (name, counts) in [("phone", phoneSteps), ("tablet", tabletSteps)] {
            #expect(counts.allSatisfy { $0 > 0 })
            #expect(Double(counts[1]) / Double(counts[0]) <= 1.5, "the \(name)'s synchronization of one outcome grew with the synchronizations before it: \(counts) SQLite steps after 20 and 160")
        }
    }
}

extension KnowledgePrefixTests {
    @Test("A new process id drops the rows it stamps again, and no prefix keeps the old process's clocks past the acknowledged push")
    func renewalKeepsPrefixesHonest() async throws {
        let server = SimulatedServer()
        let phone = OCKStore(name: "phone", type: .inMemory, remote: SimulatedRemote(server: server), clock: { S.date("2025-06-01 12:00") })
        defer { phone.close() }
        let task = try await phone.addTask(S.dailyTask("pills"))
        try await phone.synchronize()
        for occurrence in 0..<3 {
            try await phone.addOutcome(S.outcome(task, occurrence))
            try await phone.synchronize()
        }
        // Written after the last acknowledged push: these are stamped again under the new id.
        try await phone.addOutcome(S.outcome(task, 3))
        try await phone.addOutcome(S.outcome(task, 4))
        let old = try await phone.read { try _Knowledge.process(connection: $0) }
        let (kept, prefixes, missing) = try phone.database().writeSync(.update) { connection -> (Int, [Vector], Int64) in
            let kept = try _ProcessIdentity.acknowledged(connection: connection) ?? 0
            _ = try _ProcessIdentity.renew(connection: connection)
            let rows = try connection.prepare("SELECT prefix FROM knowledge WHERE prefix IS NOT NULL ORDER BY row")
            defer { rows.reset() }
            var prefixes: [Vector] = []
            while try rows.step() { prefixes.append(_Knowledge.vector(from: rows.string(0))) }
            return (kept, prefixes, try connection.scalarInt("SELECT count(*) FROM knowledge WHERE prefix IS NULL") ?? -1)
        }.get()
        #expect(missing == 0)
        #expect(!prefixes.isEmpty)
        #expect(prefixes.allSatisfy { $0.clock(for: old) <= kept }, "a prefix keeps the old process past \(kept): \(prefixes.map { $0.clock(for: old) })")
        // The next synchronization pushes the two outcomes under the new id, and only them.
        let before = server.versionCount
        try await phone.synchronize()
        #expect(server.versionCount == before + 2)
    }
}
