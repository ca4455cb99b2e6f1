import CareKitFHIR
import CareKitStore
import Foundation
import Testing

/// The ZombieKit demo as FHIR: the example committed in docs/ is what the exporter writes
/// today, and it comes back as the same plan.
@Suite("ZombieKit demo as FHIR")
struct DemoExportTests {
    static let example = Fixture.root.appendingPathComponent("docs/examples/zombiekit-fhir.json")

    @Test("docs/examples/zombiekit-fhir.json is the demo's export (CAREKIT_UPDATE_EXAMPLES=1 rewrites it)")
    func committedExample() async throws {
        let store = try await Fixture.demoStore()
        let (data, export) = try await Fixture.bundle(of: store)
        #expect(export.notes.isEmpty, "\(export.notes)")
        #expect(export.count(of: "CarePlan") == 1)
        #expect(export.count(of: "Practitioner") == 2 && export.count(of: "RelatedPerson") == 1 && export.count(of: "CareTeam") == 1)
        #expect(export.count(of: "Observation") > 20, "three days of sample history")
        if ProcessInfo.processInfo.environment["CAREKIT_UPDATE_EXAMPLES"] == "1" {
            try FileManager.default.createDirectory(at: Self.example.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: Self.example)
        }
        let committed = try Data(contentsOf: Self.example)
        let difference = firstDifference(String(decoding: committed, as: UTF8.self), String(decoding: data, as: UTF8.self))
        #expect(difference == nil, "the committed example is stale (run the test with CAREKIT_UPDATE_EXAMPLES=1): \(difference ?? "")")
    }
}
