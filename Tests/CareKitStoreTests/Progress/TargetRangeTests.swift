import CareKitStore
import Foundation
import Testing

/// The one definition of "out of range" that the care report's flags and the app's alerts share.
@Suite("Target ranges")
struct TargetRangeTests {
    static let recorded = Date(timeIntervalSinceReferenceDate: 0)

    static func value(_ number: Double, _ units: String? = "°F", kind: String? = "temperature") -> OCKOutcomeValue {
        OCKOutcomeValue(number, units: units, kind: kind, createdDate: recorded)
    }

    static let element = OCKScheduleElement(
        start: recorded, end: nil, interval: DateComponents(day: 1), text: nil,
        targetValues: [
            value(100.3), value(95), OCKOutcomeValue(40, units: "bpm", kind: "pulse", createdDate: recorded),
            OCKOutcomeValue(100, units: "bpm", kind: "pulse", createdDate: recorded)
        ],
        duration: .hours(1), calendar: Calendar(identifier: .gregorian))

    @Test("Two targets of a kind make a closed range, in either order")
    func closedRange() throws {
        let range = try #require(Self.element.targetRange(forKind: "temperature"))
        #expect(range.lowerBound == 95 && range.upperBound == 100.3 && range.units == "°F")
        #expect(range.position(of: 94.9) == .below)
        #expect(range.position(of: 95) == .within)
        #expect(range.position(of: 100.3) == .within)
        #expect(range.position(of: 100.4) == .above)
        #expect(Self.element.targetRangePosition(of: OCKOutcomeValue(38, units: "bpm", kind: "pulse", createdDate: Self.recorded)) == .below)
        #expect(
            Self.element.targetRangePosition(of: OCKOutcomeValue(72, units: nil, kind: "pulse", createdDate: Self.recorded)) == .within,
            "a value without units is read in the range's")
    }

    @Test("No range: one target is a goal, other kinds, other units, text")
    func notComparable() {
        #expect(OCKTargetRange(targetValues: [Self.value(8, "glasses", kind: nil)], kind: nil) == nil, "a single target is a goal")
        #expect(OCKTargetRange(targetValues: [Self.value(95), Self.value(38, "°C")], kind: "temperature") == nil, "mixed units")
        #expect(Self.element.targetRange(forKind: "weight") == nil)
        #expect(Self.element.targetRangePosition(of: Self.value(38.5, "°C")) == .above, "°C is converted: 38.5 °C is 101.3 °F")
        #expect(Self.element.targetRangePosition(of: Self.value(38.5, "kg")) == nil, "units that do not convert to °F are not compared")
        #expect(Self.element.targetRangePosition(of: Self.value(101, kind: nil)) == nil, "a value of no kind has no range here")
        #expect(Self.element.targetRangePosition(of: OCKOutcomeValue("hot", units: "°F", kind: "temperature", createdDate: Self.recorded)) == nil)
    }
}
