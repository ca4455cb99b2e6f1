import CareKitStore
import Foundation
import Testing

@Suite("Knowledge vectors")
struct KnowledgeVectorTests {

    typealias KnowledgeVector = OCKRevisionRecord.KnowledgeVector

    let a = UUID(uuidString: "AAAAAAAA-0000-4000-8000-000000000000")!
    let b = UUID(uuidString: "BBBBBBBB-0000-4000-8000-000000000000")!
    let c = UUID(uuidString: "CCCCCCCC-0000-4000-8000-000000000000")!

    @Test("A missing process has clock 0")
    func missingClockIsZero() {
        let vector = KnowledgeVector([a: 3])
        #expect(vector.clock(for: a) == 3)
        #expect(vector.clock(for: b) == 0)
        #expect(vector.uuids == [a])
        #expect(KnowledgeVector().uuids.isEmpty)
    }

    @Test("increment advances one process by one, adding it when missing")
    func increment() {
        var vector = KnowledgeVector([a: 3])
        vector.increment(clockFor: a)
        vector.increment(clockFor: b)
        vector.increment(clockFor: b)
        #expect(vector == KnowledgeVector([a: 4, b: 2]))
    }

    @Test("merge takes the larger clock of every process")
    func merge() {
        var vector = KnowledgeVector([a: 3, b: 7])
        vector.merge(with: KnowledgeVector([b: 5, c: 1, a: 9]))
        #expect(vector == KnowledgeVector([a: 9, b: 7, c: 1]))
    }

    @Test("merge is commutative, associative and idempotent")
    func mergeLaws() {
        let x = KnowledgeVector([a: 3, b: 1]), y = KnowledgeVector([b: 4]), z = KnowledgeVector([c: 2, a: 1])
        func merged(_ first: KnowledgeVector, _ second: KnowledgeVector) -> KnowledgeVector {
            var result = first
            result.merge(with: second)
            return result
        }
        #expect(merged(x, y) == merged(y, x))
        #expect(merged(merged(x, y), z) == merged(x, merged(y, z)))
        #expect(merged(x, x) == x)
    }

    struct Ordering: CustomTestStringConvertible, Sendable {
        let name: String
        let lhs: [String: Int]
        let rhs: [String: Int]
        let less: Bool
        let greater: Bool
        var testDescription: String { name }
    }

    @Test(
        "Comparison is the happened-before partial order; missing processes count as 0",
        arguments: [
            Ordering(name: "equal", lhs: ["a": 1, "b": 2], rhs: ["a": 1, "b": 2], less: false, greater: false),
            Ordering(name: "one clock smaller", lhs: ["a": 1, "b": 2], rhs: ["a": 1, "b": 3], less: true, greater: false),
            Ordering(name: "all clocks smaller", lhs: ["a": 1], rhs: ["a": 2], less: true, greater: false),
            Ordering(name: "concurrent", lhs: ["a": 2, "b": 1], rhs: ["a": 1, "b": 2], less: false, greater: false),
            Ordering(name: "missing key on the left counts as 0", lhs: ["a": 1], rhs: ["a": 1, "b": 1], less: true, greater: false),
            Ordering(name: "missing key on the right counts as 0", lhs: ["a": 1, "b": 1], rhs: ["a": 1], less: false, greater: true),
            Ordering(name: "explicit 0 equals missing", lhs: ["a": 1, "b": 0], rhs: ["a": 1], less: false, greater: false),
            Ordering(name: "disjoint processes are concurrent", lhs: ["a": 1], rhs: ["b": 1], less: false, greater: false),
            Ordering(name: "empty before anything", lhs: [:], rhs: ["c": 1], less: true, greater: false)
        ])
    func ordering(_ ordering: Ordering) {
        let lhs = vector(ordering.lhs), rhs = vector(ordering.rhs)
        #expect((lhs < rhs) == ordering.less)
        #expect((rhs < lhs) == ordering.greater)
        #expect((lhs > rhs) == ordering.greater)
    }

    func vector(_ clocks: [String: Int]) -> KnowledgeVector {
        let ids = ["a": a, "b": b, "c": c]
        return KnowledgeVector(Dictionary(uniqueKeysWithValues: clocks.map { (ids[$0.key]!, $0.value) }))
    }

    @Test("JSON is an array of {id, clock}, sorted so that equal vectors encode to equal bytes")
    func jsonIsAnArray() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = try #require(String(data: try encoder.encode(KnowledgeVector([b: 7, a: 3])), encoding: .utf8))
        #expect(json == #"{"processes":[{"clock":3,"id":"AAAAAAAA-0000-4000-8000-000000000000"},{"clock":7,"id":"BBBBBBBB-0000-4000-8000-000000000000"}]}"#)
    }

    @Test("Decoding accepts any order, and a duplicated process keeps its larger clock")
    func decodingIsOrderFree() throws {
        let json =
            #"{"processes":[{"id":"BBBBBBBB-0000-4000-8000-000000000000","clock":7},{"id":"AAAAAAAA-0000-4000-8000-000000000000","clock":3},{"id":"BBBBBBBB-0000-4000-8000-000000000000","clock":2}]}"#
        let decoded = try JSONDecoder().decode(KnowledgeVector.self, from: Data(json.utf8))
        #expect(decoded == KnowledgeVector([a: 3, b: 7]))
        #expect(try JSONDecoder().decode(KnowledgeVector.self, from: Data(#"{"processes":[]}"#.utf8)) == KnowledgeVector())
    }

    @Test("A revision record round-trips through JSON")
    func revisionRecordRoundTrip() throws {
        let task = makeTask(schedule: dailyAtEight)
        let record = OCKRevisionRecord(entities: [.task(task), .outcome(makeOutcome(occurrence: 1, values: [value(2)]))], knowledgeVector: KnowledgeVector([a: 2, b: 5]))
        let decoded = try JSONDecoder().decode(OCKRevisionRecord.self, from: JSONEncoder().encode(record))
        #expect(decoded == record)
        #expect(decoded.entities.map(\.entityType) == [.task, .outcome])
    }
}
