import CareKit
import CareKitStore
import CareKitUI
import Foundation
import Testing

/// Measurements in the patient's system: converted for display, read as people type them,
/// stored in the units they were typed in.
@Suite struct MeasurementUnitsTests {
    static let date = Date(timeIntervalSinceReferenceDate: 800_000_000)

    static func value(_ number: Double, _ units: String?) -> OCKOutcomeValue {
        OCKOutcomeValue(number, units: units, kind: "temperature", createdDate: date)
    }

    static func formatter(_ system: OCKUnit.System?, locale: String = "en_US") -> OCKEventFormatter {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        var formatter = OCKEventFormatter(calendar: calendar, locale: Locale(identifier: locale))
        formatter.measurementSystem = system
        return formatter
    }

    @Test("37 °C ↔ 98.6 °F and 80 kg ↔ 176.4 lb, both ways and back")
    func conversionsRoundTrip() throws {
        let fahrenheit = try #require(OCKUnit.celsius.convert(37, to: .fahrenheit))
        #expect(abs(fahrenheit - 98.6) < 1e-9)
        #expect(abs(try #require(OCKUnit.fahrenheit.convert(fahrenheit, to: .celsius)) - 37) < 1e-9)
        let pounds = try #require(OCKUnit.kilogram.convert(80, to: .pound))
        #expect(abs(pounds - 176.369_810) < 1e-5)
        #expect(abs(try #require(OCKUnit.pound.convert(pounds, to: .kilogram)) - 80) < 1e-9)
        let shown = try #require(Self.value(98.6, "°F").measurement(in: .metric))
        #expect(shown.unit == .celsius && abs(shown.number - 37) < 1e-9)
    }

    @Test(
        "Each way people type a measurement is read, and kept in the units typed",
        arguments: [
            ("98.6 F", 98.6, "°F"), ("98,6 °F", 98.6, "°F"), ("37,2 °C", 37.2, "°C"), ("37.2", 37.2, "°C"), ("٣٧٫٢", 37.2, "°C"),
            ("٣٧٫٢ °C", 37.2, "°C"), ("80 kg", 80, "kg"), ("176 lb", 176, "lb"), ("176 lbs", 176, "lb")
        ])
    func typedMeasurements(text: String, number: Double, units: String) throws {
        let expected = units == "°C" || units == "°F" ? "°F" : "kg"
        let value = try OCKOutcomeValue.typedMeasurement(text, bareUnits: "°C", expected: expected, createdDate: Self.date)
        #expect(value.numericValue == number)
        #expect(value.units == units)
    }

    @Test("Units of another dimension are refused with what to type")
    func otherDimensionIsRefused() {
        #expect(throws: OCKOutcomeValue.TypedMeasurementProblem.otherDimension(typed: "kg", expected: "°F")) {
            _ = try OCKOutcomeValue.typedMeasurement("37 kg", bareUnits: "°F", expected: "°F", createdDate: Self.date)
        }
        #expect(throws: OCKOutcomeValue.TypedMeasurementProblem.self) {
            _ = try OCKOutcomeValue.typedMeasurement("98.6 °F", bareUnits: "lb", expected: "lb", createdDate: Self.date)
        }
    }

    @Test("Garbage for a number question is refused, never stored or crashed on", arguments: ["abc", "37..2", "1e999", "", "37 kg", "1,234 °F"])
    func garbageIsRefused(text: String) {
        let survey = OCKSurvey(questions: [
            OCKSurveyQuestion(id: "temperature", prompt: "Temperature", kind: .number(unit: "°F", minimum: 80, maximum: 115))
        ]).inDisplayUnits()
        #expect(throws: OCKSurveyError.self) { _ = try survey.outcomeValues(answers: ["temperature": [text]], createdDate: Self.date) }
    }

    @Test("What is not a number is refused for a measurement in units that convert, kept as text for others", arguments: ["abc", "37..2", "1e999", ""])
    func typedGarbage(text: String) throws {
        #expect(throws: OCKOutcomeValue.TypedMeasurementProblem.notANumber(expected: "°C")) {
            _ = try OCKOutcomeValue.typedMeasurement(text, bareUnits: "°C", expected: "°C", createdDate: Self.date)
        }
        let note = try OCKOutcomeValue.typedMeasurement(text, bareUnits: nil, expected: nil, createdDate: Self.date)
        #expect(note.numericValue == nil)
    }

    @Test("Values are shown in the patient's system with one decimal, in the locale's digits; others as they are")
    func display() {
        #expect(Self.formatter(.metric).value(Self.value(98.6, "°F")) == "37.0 °C")
        #expect(Self.formatter(.usCustomary).value(Self.value(37, "°C")) == "98.6 °F")
        #expect(Self.formatter(.usCustomary).value(Self.value(80, "kg")) == "176.4 lb")
        #expect(Self.formatter(.metric).value(Self.value(176, "lbs")) == "79.8 kg")
        #expect(Self.formatter(.metric).value(Self.value(72, "bpm")) == "72 bpm", "a unit that does not convert")
        #expect(Self.formatter(nil).value(Self.value(81.5, "kg")) == "81.5 kg", "no system: as taken")
        #expect(Self.formatter(.metric, locale: "de_DE").value(Self.value(98.6, "°F")) == "37,0 °C")
        #expect(Self.formatter(.metric, locale: "ar_EG").value(Self.value(98.6, "°F")) == "٣٧٫٠ °C")
        let range = OCKTargetRange(kind: "temperature", units: "°F", lowerBound: 95, upperBound: 100.3)
        #expect(Self.formatter(.metric).bounds(of: range) == ("35.0", "37.9 °C"))
        #expect(Self.formatter(nil).bounds(of: range) == ("95", "100.3 °F"))
    }

    @Test("Without a choice, US English shows values as taken and the other languages metric; a choice wins")
    func defaults() {
        OCKLocalization.$language.withValue(.english) {
            #expect(OCKMeasurementUnits.displaySystem == nil)
            #expect(OCKMeasurementUnits.preferredSystem == .usCustomary)
            #expect(OCKMeasurementUnits.displayUnits(for: "kg") == "kg")
        }
        OCKLocalization.$language.withValue(.spanish) {
            #expect(OCKMeasurementUnits.displaySystem == .metric)
            #expect(OCKMeasurementUnits.displayUnits(for: "°F") == "°C")
            OCKMeasurementUnits.$chosenSystem.withValue(.usCustomary) {
                #expect(OCKMeasurementUnits.displayUnits(for: "kg") == "lb")
                #expect(OCKEventFormatter().measurementSystem == .usCustomary)
            }
        }
        #expect(OCKUnit.System(preference: "US") == .usCustomary && OCKUnit.System(preference: "metric") == .metric)
        #expect(OCKUnit.System(preference: "stone") == nil)
    }

    @Test("A survey is asked in the patient's unit, its bounds widened to a decimal")
    func surveyInDisplayUnits() throws {
        let survey = OCKSurvey(questions: [
            OCKSurveyQuestion(id: "temperature", prompt: "Temperature", kind: .number(unit: "°F", minimum: 80, maximum: 115))
        ])
        let metric = OCKLocalization.$language.withValue(.german) { survey.inDisplayUnits() }
        guard case .number(let unit, let low, let high) = metric.questions[0].kind else {
            Issue.record("not a number question")
            return
        }
        #expect(unit == "°C" && low == 26.6 && high == 45, "115 °F narrowed to what a body can have (113 °F), then converted")
        let values = try metric.outcomeValues(answers: ["temperature": ["98,6 °F"]], createdDate: Self.date)
        #expect(values.first?.doubleValue == 98.6 && values.first?.units == "°F")
        #expect(survey.inDisplayUnits() == survey.withPlausibleBounds(), "US English without a choice: as written, its bounds within what a body can have")
    }
}
