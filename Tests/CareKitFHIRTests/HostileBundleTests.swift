import CareKitFHIR
import CareKitStore
import CareKitTestSupport
import Foundation
import Testing

/// An imported file is hostile input: damaged bundles are refused or reported resource by
/// resource, never a crash, and what is accepted can be written.
@Suite("Hostile FHIR bundles")
struct HostileBundleTests {

    /// The same seed gives the same damage every run.
    typealias Random = SeededGenerator

    static let replacements: [FHIRJSON] = [
        .null, .bool(true), .integer(-1), .integer(Int.max), .number(1e300), .number(-0.5), .string(""), .string("25:61:61"),
        .string("0000-13-45T99:99:99+99:00"), .string("9999-12-31T23:59:59+14:00"), .string("\u{0}\u{202E}"), .array([]), .object([:]),
        .array([.string("mon"), .string("xyz")]), .object(["value": .number(1e9), "code": .string("a")]), .integer(1_000_000_000)
    ]

    /// One random change somewhere in the tree: a value replaced, a member removed, an array shuffled.
    static func damage(_ json: FHIRJSON, _ random: inout Random, depth: Int = 0) -> FHIRJSON {
        switch json {
        case .object(var members) where !members.isEmpty && random.below(4) != 0:
            let keys = members.keys.sorted()
            let key = keys[random.below(keys.count)]
            switch random.below(5) {
            case 0: members.removeValue(forKey: key)
            case 1: members[key] = replacements[random.below(replacements.count)]
            default: members[key] = damage(members[key] ?? .null, &random, depth: depth + 1)
            }
            return .object(members)
        case .array(var elements) where !elements.isEmpty && random.below(4) != 0:
            let index = random.below(elements.count)
            switch random.below(5) {
            case 0: elements.remove(at: index)
            case 1: elements.append(elements[index])
            default: elements[index] = damage(elements[index], &random, depth: depth + 1)
            }
            return .array(elements)
        default:
            return replacements[random.below(replacements.count)]
        }
    }

    @Test("400 randomly damaged demo bundles: refused, reported or imported, never a crash; what is accepted is written")
    func fuzz() async throws {
        let store = try await Fixture.demoStore()
        let (data, _) = try await Fixture.bundle(of: store)
        let original = try JSONDecoder().decode(FHIRJSON.self, from: data)
        var random = Random(seed: 2025)
        var (refused, reported, imported) = (0, 0, 0)
        for round in 0..<400 {
            var json = original
            // Damage inside the resources mostly (the bundle's own members now and then).
            for _ in 0...random.below(3) {
                if random.below(8) == 0 {
                    json = Self.damage(json, &random)
                } else if case .object(var members) = json, case .array(var entries)? = members["entry"], !entries.isEmpty {
                    let index = random.below(entries.count)
                    entries[index] = Self.damage(entries[index], &random)
                    members["entry"] = .array(entries)
                    json = .object(members)
                }
            }
            var bytes = try JSONEncoder().encode(json)
            if round % 10 == 0 { bytes = bytes.prefix(random.below(bytes.count)) }  // a cut file
            let result: OCKFHIRImport
            do {
                result = try OCKFHIRImporter(timeZone: Fixture.zone("America/New_York"), now: Fixture.now).entities(fromBundle: bytes)
            } catch {
                refused += 1
                continue
            }
            guard result.canBeWritten else {
                #expect(result.problems.allSatisfy { !$0.resource.isEmpty && !$0.reason.isEmpty })
                reported += 1
                continue
            }
            // Accepted: the store takes it whole or refuses it whole, with a reason.
            let target = Fixture.store()
            do {
                try await target.importVersions(result.entities)
                imported += 1
            } catch let error as OCKStoreError {
                #expect(error.reason.contains("Nothing was imported"), "\(error.reason)")
                #expect(try await target.exportVersions().isEmpty, "a refused import writes nothing")
            }
        }
        #expect(refused > 20 && reported > 100 && imported > 20, "refused \(refused), reported \(reported), imported \(imported)")
    }

    @Test("Extreme Timings are refused with a reason: huge counts, zero periods, impossible times, ranges of elements")
    func extremeTimings() {
        func reason(_ timing: String) -> String? {
            guard let data = timing.data(using: .utf8), let decoded = try? JSONDecoder().decode(FHIRTiming.self, from: data) else { return "undecodable" }
            do {
                _ = try OCKSchedule(fhirTiming: decoded, timeZone: .gmt)
                return nil
            } catch {
                return error.description
            }
        }
        let start = #""boundsPeriod": {"start": "2025-01-01T08:00:00Z"}"#
        #expect(reason(#"{"repeat": {\#(start), "frequency": 1000000000, "period": 1, "periodUnit": "d"}}"#)?.contains("frequency") == true)
        #expect(reason(#"{"repeat": {\#(start), "frequency": 1, "period": 0, "periodUnit": "h"}}"#)?.contains("positive") == true)
        #expect(reason(#"{"repeat": {\#(start), "frequency": 1, "period": 0.0001, "periodUnit": "s"}}"#)?.contains("whole number of seconds") == true)
        #expect(reason(#"{"repeat": {\#(start), "count": 1000000000, "period": 1, "periodUnit": "d"}}"#)?.contains("count") == true)
        #expect(reason(#"{"repeat": {\#(start), "timeOfDay": ["25:00:00"]}}"#)?.contains("timeOfDay") == true)
        #expect(reason(#"{"repeat": {\#(start), "dayOfWeek": ["funday"]}}"#)?.contains("dayOfWeek") == true)
        #expect(reason(#"{"repeat": {"boundsPeriod": {"start": "2025-02-30"}, "period": 1, "periodUnit": "d"}}"#)?.contains("not a FHIR dateTime") == true)
        #expect(reason(#"{"repeat": {"boundsPeriod": {"start": "2025-01-02", "end": "2025-01-01"}, "period": 1, "periodUnit": "d"}}"#)?.contains("before it starts") == true)
        #expect(reason(#"{"repeat": {\#(start), "when": ["MORN"]}}"#)?.contains("timeOfDay instead") == true)
        #expect(reason(#"{"repeat": {\#(start), "period": 1, "periodUnit": "fortnight"}}"#)?.contains("periodUnit") == true)
        #expect(reason(#"{"repeat": {"period": 1, "periodUnit": "d"}}"#)?.contains("no start") == true)
        let manyTimes = (0..<1_440).map { String(format: "\"%02d:%02d:00\"", $0 / 60, $0 % 60) }.joined(separator: ",")
        #expect(reason(#"{"repeat": {\#(start), "dayOfWeek": ["mon","tue"], "timeOfDay": [\#(manyTimes)]}}"#)?.contains("more than") == true)
        #expect(reason(#"{"repeat": {\#(start), "frequency": 2, "period": 8, "periodUnit": "h"}}"#) == nil, "twice every 8 hours is fine")
    }

    @Test("Deeply nested or huge JSON is refused, not a stack overflow")
    func nesting() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let bundle = #"{"resourceType": "Bundle", "type": "collection", "entry": [{"resource": {"resourceType": "Basic", "x": \#(deep)}}]}"#
        let importer = OCKFHIRImporter(timeZone: .gmt, now: Fixture.now)
        #expect(throws: OCKFHIRCodingError.self) { try importer.entities(fromBundle: Data(bundle.utf8)) }
        #expect(throws: OCKFHIRCodingError.self) { try importer.entities(fromBundle: Data(#"{"resourceType": "Patient"}"#.utf8)) }
        #expect(throws: OCKFHIRCodingError.self) { try importer.entities(fromBundle: Data("not json".utf8)) }
    }
}

extension SeededGenerator {
    /// A number in 0..<bound.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }
}
