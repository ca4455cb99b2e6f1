import CareKitStore
import Foundation
import Testing

/// The catalog of measurements the app knows: what a body can have, how a task's measurement
/// is recognised, and how values of any writer are judged by their task's targets.
@Suite("Measurement kinds")
struct MeasurementKindTests {
    static let recorded = Date(timeIntervalSinceReferenceDate: 0)

    static func kind(_ id: String) throws -> OCKMeasurementKind {
        try #require(OCKMeasurementKind(id: id))
    }

    @Test("Values no body can have are refused, in every unit the measurement is taken in")
    func plausibleRanges() throws {
        let pressure = try Self.kind("blood-pressure")
        let systolic = try #require(pressure.components.first)
        for slip in [-20.0, 0, 310, 1_300, 9_999] {
            #expect(systolic.isPlausible(slip, units: "mmHg") == false, "\(slip) mmHg")
        }
        #expect(systolic.isPlausible(128, units: "mmHg") == true)
        #expect(systolic.isPlausible(152, units: "mm Hg") == true, "a spelling of mmHg")
        let temperature = try #require(try Self.kind("temperature").components.first)
        #expect(temperature.isPlausible(986, units: "°F") == false)
        #expect(temperature.isPlausible(98.6, units: "°F") == true)
        #expect(temperature.isPlausible(37, units: "°F") == false, "°C typed as °F")
        #expect(temperature.isPlausible(98.6, units: "°C") == false, "°F typed as °C")
        #expect(temperature.isPlausible(37.2, units: "Celsius") == true)
        #expect(temperature.isPlausible(.nan, units: "°C") == false)
        #expect(temperature.isPlausible(.infinity, units: "°C") == false)
        #expect(temperature.isPlausible(37, units: "bpm") == nil, "units the part is not taken in: not judged")
        let weight = try #require(try Self.kind("weight").components.first)
        #expect(weight.isPlausible(80_000, units: "g") == true, "grams converted from the kilogram range")
        #expect(weight.isPlausible(1_760, units: "lbs") == false)
        let range = try #require(weight.plausibleRange(units: "oz"))
        #expect(abs(range.upperBound - 650 / 0.028_349_523_125) < 0.001)
        let pain = try #require(try Self.kind("pain").components.first)
        #expect(pain.isPlausible(9, units: nil) == true)
        #expect(pain.isPlausible(11, units: nil) == false)
        #expect(pain.isPlausible(4.5, units: nil) == false, "a pain score is a whole number")
        let saturation = try #require(try Self.kind("oxygen-saturation").components.first)
        #expect(saturation.isPlausible(101, units: "%") == false)
        #expect(saturation.isPlausible(97, units: "percent") == true)
        let glucose = try #require(try Self.kind("glucose").components.first)
        #expect(glucose.isPlausible(5.4, units: "mmol/l") == true)
        #expect(glucose.isPlausible(540, units: "mmol/L") == false, "mg/dL typed as mmol/L")
        #expect(glucose.loinc(units: "mmol/L")?.code == "15074-8")
        #expect(glucose.loinc(units: "mg/dL")?.code == "2339-0")
    }

    @Test("A diastolic pressure at or above the systolic is refused")
    func pairedOrder() throws {
        let pressure = try Self.kind("blood-pressure")
        #expect(pressure.isPaired)
        #expect(pressure.problem(with: ["systolic": (128, "mmHg"), "diastolic": (84, "mmHg")]) == nil)
        #expect(pressure.problem(with: ["systolic": (84, "mmHg"), "diastolic": (128, "mmHg")]) == .diastolicNotBelowSystolic(systolic: 84, diastolic: 128))
        guard case .outside(_, let part, 310, let range)? = pressure.problem(with: ["systolic": (310, "mmHg"), "diastolic": (84, "mmHg")]) else {
            Issue.record("310 mmHg systolic is not plausible")
            return
        }
        #expect(part.id == "systolic" && range.upperBound == 300)
    }

    @Test("Every measurement has a source, a LOINC code for each part and unit, and ranges that make sense")
    func catalogIsComplete() {
        #expect(Set(OCKMeasurementKind.all.map(\.id)).count == OCKMeasurementKind.all.count)
        for kind in OCKMeasurementKind.all {
            #expect(kind.source.count > 40, "\(kind.id) says where its limits come from")
            #expect(kind.loinc != nil)
            for part in kind.components {
                #expect(!part.plausibleRanges.isEmpty)
                for range in part.plausibleRanges {
                    #expect(range.lowerBound < range.upperBound && range.lowerBound >= 0, "\(part.id) \(range)")
                    #expect(part.loinc(units: range.units) != nil)
                }
            }
        }
        // Ranges in two convertible units say the same.
        let temperature = OCKMeasurementKind(id: "temperature")?.components.first
        let celsius = temperature?.plausibleRanges.first { $0.units == "°C" }
        let fahrenheit = temperature?.plausibleRanges.first { $0.units == "°F" }
        #expect(celsius.flatMap { OCKUnit.convert($0.upperBound, from: "°C", to: "°F") } == fahrenheit?.upperBound)
    }

    @Test("A task's measurement is recognised by its name in four languages and its units")
    func recognition() {
        let cases: [(String, String?, String?)] = [
            ("Temperature", "°F", "temperature"), ("Body temperature", "°C", "temperature"), ("Temperatur", "°C", "temperature"),
            ("Blood pressure", "mmHg", "blood-pressure"), ("Presión arterial", "mmHg", "blood-pressure"), ("Blutdruck", nil, "blood-pressure"),
            ("ضغط الدم", "mmHg", "blood-pressure"), ("SpO₂", "%", "oxygen-saturation"), ("Blood sugar", "mg/dL", "glucose"),
            ("Morning blood pressure", "mmHg", "blood-pressure"), ("Pain", nil, "pain"), ("Pulse", "bpm", "pulse"), ("Heart rate", "beats/min", "pulse"),
            ("Weight", "lbs", "weight"),
            // Not measurements the app knows: another unit, or a name that only contains one.
            ("Temperature", "bpm", nil), ("Weight training", nil, nil), ("Weight training", "reps", nil), ("Walk", "steps", nil), ("Metformin", nil, nil)
        ]
        for (name, units, expected) in cases {
            #expect(OCKMeasurementKind.recognizing(name: name, units: units)?.id == expected, "\(name) in \(units ?? "no units")")
        }
        #expect(OCKMeasurementKind(loinc: "8480-6")?.id == "blood-pressure")
        #expect(OCKMeasurementKind(loinc: "8310-5")?.id == "temperature")
        #expect(OCKMeasurementKind.normalized("HKQuantityTypeIdentifierHeartRate") == "hkquantitytypeidentifierheartrate")
        #expect(OCKMeasurementKind.canonicalUnits("mm Hg") == "mmHg")
        #expect(OCKMeasurementKind.canonicalUnits("Fahrenheit") == "°F")
        #expect(OCKMeasurementKind.canonicalUnits(" steps ") == "steps")
    }

    @Test("Values are judged by the task's targets, whatever kind tag they carry")
    func judgedByTheTask() throws {
        func value(_ number: Double, _ units: String?, kind: String?) -> OCKOutcomeValue {
            OCKOutcomeValue(number, units: units, kind: kind, createdDate: Self.recorded)
        }
        let fever = OCKScheduleElement(
            start: Self.recorded, end: nil, interval: DateComponents(day: 1), text: nil,
            targetValues: [value(95, "°F", kind: "temperature"), value(100.3, "°F", kind: "temperature")], duration: .hours(1),
            calendar: Calendar(identifier: .gregorian))
        #expect(fever.targetRangePosition(of: value(103.1, "°F", kind: nil)) == .above, "carekit log temperature 103.1 --unit °F names no kind")
        #expect(fever.targetRangePosition(of: value(39.5, "°C", kind: nil)) == .above, "converted")
        #expect(fever.targetRangePosition(of: value(103.1, "°F", kind: "HKQuantityTypeIdentifierBodyTemperature")) == .above)
        #expect(fever.targetRangePosition(of: value(103.1, "°F", kind: "temperature")) == .above)
        #expect(fever.targetRangePosition(of: value(7, nil, kind: "hours-slept")) == nil, "another kind is not judged by this range")

        let pressure = OCKScheduleElement(
            start: Self.recorded, end: nil, interval: DateComponents(day: 1), text: nil,
            targetValues: [
                value(90, "mmHg", kind: "systolic"), value(140, "mmHg", kind: "systolic"), value(60, "mmHg", kind: "diastolic"), value(90, "mmHg", kind: "diastolic")
            ], duration: .hours(1), calendar: Calendar(identifier: .gregorian))
        #expect(pressure.targetRangePosition(of: value(152, "mmHg", kind: "HKQuantityTypeIdentifierBloodPressureSystolic")) == .above)
        #expect(pressure.targetRangePosition(of: value(95, "mmHg", kind: "HKQuantityTypeIdentifierBloodPressureDiastolic")) == .above)
        #expect(pressure.targetRangePosition(of: value(95, "mmHg", kind: "diastolic")) == .above)
        #expect(pressure.targetRangePosition(of: value(152, "mmHg", kind: nil)) == nil, "two ranges: a value naming no part is not guessed")
    }
}
