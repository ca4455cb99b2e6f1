import CareKitFHIR
import CareKitStore
import Foundation
import Testing

/// FHIR import judges every Observation by the measurement it records: a value no body can have
/// is reported and left out, the rest of the bundle comes in.
@Suite("FHIR import: values no body can have")
struct PlausibilityImportTests {
    /// The demo's bundle with the first temperature Observation's value replaced by `value`.
    static func bundle(temperature value: Double) async throws -> (data: Data, observations: Int) {
        let (data, _) = try await Fixture.bundle(of: try await Fixture.demoStore())
        var json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var entries = try #require(json["entry"] as? [[String: Any]])
        var changed = false
        var observations = 0
        for index in entries.indices {
            guard var resource = entries[index]["resource"] as? [String: Any], resource["resourceType"] as? String == "Observation" else { continue }
            observations += 1
            guard !changed, var quantity = resource["valueQuantity"] as? [String: Any], quantity["unit"] as? String == "°F" else { continue }
            quantity["value"] = value
            resource["valueQuantity"] = quantity
            entries[index]["resource"] = resource
            changed = true
        }
        #expect(changed, "the demo has a temperature to change")
        json["entry"] = entries
        return (try JSONSerialization.data(withJSONObject: json), observations)
    }

    @Test func anImpossibleTemperatureIsReportedAndLeftOut() async throws {
        let (data, observations) = try await Self.bundle(temperature: 986)
        let result = try OCKFHIRImporter(timeZone: .gmt, now: Fixture.now).entities(fromBundle: data)
        #expect(result.canBeWritten, "the rest of the bundle is imported")
        let skipped = result.notes.filter { $0.reason.contains("986 °F cannot be a body temperature reading") }
        #expect(skipped.count == 1, "\(result.notes)")
        #expect(skipped.first?.resource.hasPrefix("Observation/") == true)
        let outcomes = result.entities.filter { $0.entityType == .outcome }.count
        #expect(outcomes < observations, "the impossible value did not come in")
    }

    @Test func aHighButPossibleTemperatureComesIn() async throws {
        let (data, _) = try await Self.bundle(temperature: 103.1)
        let result = try OCKFHIRImporter(timeZone: .gmt, now: Fixture.now).entities(fromBundle: data)
        #expect(!result.notes.contains { $0.reason.contains("cannot be") })
        let values = result.entities.compactMap { entity -> [OCKOutcomeValue]? in
            if case .outcome(let outcome) = entity { return outcome.values } else { return nil }
        }.flatMap { $0 }
        #expect(values.contains { $0.numericValue == 103.1 })
    }
}
