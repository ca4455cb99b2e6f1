import CareKitStore
import Foundation
import Testing

/// Units that convert (°C/°F, kg/g/lb/oz, cm/m/in/ft) and measurements typed with them.
@Suite("Units and typed measurements")
struct UnitTests {
    @Test func temperaturesMassesAndLengthsConvertBothWays() throws {
        #expect(try #require(OCKUnit.celsius.convert(37, to: .fahrenheit)).isApproximately(98.6))
        #expect(try #require(OCKUnit.fahrenheit.convert(101.3, to: .celsius)).isApproximately(38.5))
        #expect(try #require(OCKUnit.kilogram.convert(70, to: .pound)).isApproximately(154.323_584))
        #expect(try #require(OCKUnit.ounce.convert(16, to: .pound)).isApproximately(1))
        #expect(try #require(OCKUnit.inch.convert(12, to: .foot)).isApproximately(1))
        #expect(OCKUnit.kilogram.convert(70, to: .celsius) == nil, "mass never becomes a temperature")
        #expect(OCKUnit.convert(72, from: "bpm", to: "bpm") == 72)
        #expect(OCKUnit.convert(72, from: nil, to: "°F") == 72, "a value without units is read in the other's")
        #expect(OCKUnit.convert(72, from: "bpm", to: "°F") == nil)
    }

    @Test(
        "Units are recognised however they are spelt",
        arguments: [("F", "°F"), ("°f", "°F"), ("ºC", "°C"), ("degC", "°C"), (" Fahrenheit ", "°F"), ("lbs", "lb"), ("Kilograms", "kg"), ("℃", "°C"), ("inches", "in")])
    func spellings(_ text: String, _ symbol: String) {
        #expect(OCKUnit(text)?.symbol == symbol)
    }

    @Test func unknownUnitsAreNotGuessed() {
        #expect(OCKUnit("pills") == nil)
        #expect(OCKUnit("") == nil)
        #expect(OCKUnit("mg/dL") == nil)
    }

    @Test func theCounterpartInTheOtherSystem() {
        #expect(OCKUnit.celsius.counterpart(in: .usCustomary) == .fahrenheit)
        #expect(OCKUnit.pound.counterpart(in: .metric) == .kilogram)
        #expect(OCKUnit.kilogram.counterpart(in: .metric) == .kilogram)
    }

    @Test(
        "A number and its units, as typed",
        arguments: [
            ("98.6 F", 98.6, "F"), ("37,2 °C", 37.2, "°C"), ("70kg", 70, "kg"), ("72", 72, nil),
            ("٣٧٫٢ °C", 37.2, "°C"), ("۹۸.۶", 98.6, nil), ("-5 °C", -5, "°C")
        ] as [(String, Double, String?)])
    func measurements(_ text: String, _ number: Double, _ units: String?) throws {
        let measured = try #require(try OCKOutcomeValue.parsedMeasurement(text))
        #expect(measured.number.isApproximately(number))
        #expect(measured.units == units)
    }

    @Test func anAmbiguousNumberIsRefusedEvenWithUnits() throws {
        #expect(throws: OCKStoreError.self) { _ = try OCKOutcomeValue.parsedMeasurement("1,234 kg") }
        #expect(try OCKOutcomeValue.parsedMeasurement("feels odd") == nil)
    }

    @Test func arabicIndicDigitsAreNumbersEverywhereValuesAreTyped() throws {
        #expect(try OCKOutcomeValue(parsing: "٧٢", createdDate: Date(timeIntervalSince1970: 0)).integerValue == 72)
        #expect(try OCKOutcomeValue(parsing: "٣٧٫٥", createdDate: Date(timeIntervalSince1970: 0)).doubleValue == 37.5)
    }

    @Test func aTargetRangeComparesValuesTakenInOtherUnits() {
        let range = OCKTargetRange(kind: "temperature", units: "°F", lowerBound: 95, upperBound: 100.3)
        let date = Date(timeIntervalSince1970: 0)
        #expect(range.position(of: OCKOutcomeValue(38.5, units: "°C", kind: "temperature", createdDate: date)) == .above, "38.5 °C is 101.3 °F")
        #expect(range.position(of: OCKOutcomeValue(37.0, units: "°C", kind: "temperature", createdDate: date)) == .within)
        #expect(range.position(of: OCKOutcomeValue(34.0, units: "C", kind: "temperature", createdDate: date)) == .below)
        #expect(range.position(of: OCKOutcomeValue(99.0, units: "kg", kind: "temperature", createdDate: date)) == nil, "units that do not convert are not compared")
    }
}

extension Double {
    fileprivate func isApproximately(_ other: Double) -> Bool { abs(self - other) < 1e-6 * Swift.max(1, abs(other)) }
}
