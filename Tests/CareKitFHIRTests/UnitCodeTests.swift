import CareKitStore
import Foundation
import Testing

@testable import CareKitFHIR

/// A quantity's unit in FHIR is UCUM's code for the units the value was taken in.
@Suite struct UnitCodeTests {
    @Test(
        "Each unit that converts is written with its UCUM code and system, however it was spelled",
        arguments: [
            ("°F", "[degF]"), ("Fahrenheit", "[degF]"), ("ºF", "[degF]"), ("°C", "Cel"), ("celsius", "Cel"), ("kg", "kg"), ("kgs", "kg"),
            ("lb", "[lb_av]"), ("pounds", "[lb_av]"), ("g", "g"), ("cm", "cm"), ("in", "[in_i]"), ("inches", "[in_i]")
        ])
    func ucumCodes(units: String, code: String) throws {
        let value = OCKOutcomeValue(98.6, units: units, kind: "temperature", createdDate: Date(timeIntervalSinceReferenceDate: 0))
        let (written, absent) = _ExportContext.fhirValue(value)
        #expect(absent == nil)
        guard case .quantity(let quantity)? = written else {
            Issue.record("\(units) is not written as a quantity")
            return
        }
        #expect(quantity.code == code)
        #expect(quantity.system == "http://unitsofmeasure.org")
        #expect(quantity.unit == units, "the units as stored, for people")
        #expect(quantity.value == 98.6, "the value as taken, never converted")
    }

    @Test("Units without a code are text only")
    func unknownUnits() throws {
        let value = OCKOutcomeValue(3.0, units: "scoops", kind: nil, createdDate: Date(timeIntervalSinceReferenceDate: 0))
        guard case .quantity(let quantity)? = _ExportContext.fhirValue(value).0 else {
            Issue.record("not a quantity")
            return
        }
        #expect(quantity.code == nil && quantity.system == nil && quantity.unit == "scoops")
    }
}
