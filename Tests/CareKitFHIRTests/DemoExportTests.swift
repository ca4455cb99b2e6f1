import CareKitFHIR
import CareKitStore
import Foundation
import Testing

/// The ZombieKit demo as FHIR: the example committed in docs/ is what the exporter writes
/// today, and it comes back as the same plan.
@Suite("ZombieKit demo as FHIR")
struct DemoExportTests {
    static let example = Fixture.root.appendingPathComponent("docs/examples/zombiekit-fhir.json")

    /// Compares `data` with a committed file, or rewrites the file with CAREKIT_UPDATE_EXAMPLES=1.
    static func expectCommitted(_ data: Data, at file: URL) throws {
        if ProcessInfo.processInfo.environment["CAREKIT_UPDATE_EXAMPLES"] == "1" {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: file)
        }
        let committed = try Data(contentsOf: file)
        let difference = firstDifference(String(decoding: committed, as: UTF8.self), String(decoding: data, as: UTF8.self))
        #expect(difference == nil, "\(file.lastPathComponent) is stale (run the test with CAREKIT_UPDATE_EXAMPLES=1): \(difference ?? "")")
    }

    @Test("docs/examples/zombiekit-fhir.json is the demo's export (CAREKIT_UPDATE_EXAMPLES=1 rewrites it)")
    func committedExample() async throws {
        let store = try await Fixture.demoStore()
        // What `TZ=America/New_York CAREKIT_NOW=2025-01-22T15:00:00Z carekit export --format fhir` writes
        // after `carekit serve --demo` (Tests/interop/test_fhir.py runs exactly that).
        let (data, export) = try await Fixture.bundle(of: store, timeZone: Fixture.zone("America/New_York"))
        #expect(export.notes.isEmpty, "\(export.notes)")
        #expect(export.count(of: "CarePlan") == 1)
        #expect(export.count(of: "Practitioner") == 2 && export.count(of: "RelatedPerson") == 1 && export.count(of: "CareTeam") == 1)
        #expect(export.count(of: "Observation") > 20, "three days of sample history")
        try Self.expectCommitted(data, at: Self.example)
    }

    @Test("docs/examples: a page of the read API's temperature search, and its CapabilityStatement")
    func readAPIExamples() async throws {
        let store = try await Fixture.demoStore()
        let (_, export) = try await Fixture.bundle(of: store)
        let search = try OCKFHIRSearch(resourceType: "Observation", query: [(name: "code", value: "http://loinc.org|8310-5"), (name: "_count", value: "2")])
        let matches = search.matches(in: export.resources)
        #expect(matches.count == 3, "the temperatures of Sunday to Tuesday: the page shows two and links to the third")
        let page = search.page(of: matches, baseURL: "https://clinic.example/fhir/R4", timestamp: Fixture.now)
        try Self.expectCommitted(try page.jsonData(), at: Fixture.root.appendingPathComponent("docs/examples/zombiekit-observation-search.json"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let statement = try encoder.encode(FHIRCapabilityStatement(baseURL: "https://clinic.example/fhir/R4", date: Fixture.now))
        try Self.expectCommitted(statement, at: Fixture.root.appendingPathComponent("docs/examples/capability-statement.json"))
    }
}
