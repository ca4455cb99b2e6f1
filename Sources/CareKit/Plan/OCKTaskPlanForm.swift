import CareKitStore
import CareKitUI
import Foundation

/// A plan as a person types it, field by field (a web form, command-line options), and the
/// one set of rules that reads it: ``plan(calendar:today:)`` gives the plan or, for each field
/// that is wrong, what to write instead, so a form can show each reason next to its field.
public struct OCKTaskPlanForm: Hashable, Sendable {
    /// The fields, in the order a form shows them.
    public enum Field: String, CaseIterable, Hashable, Sendable {
        case title, instructions, times, days, every, from, until
        case measureKind = "measure-kind"
        case measure, unit, range, limits, remind
    }

    /// The task's name (required).
    public var title = ""
    /// Instructions or dose.
    public var instructions = ""
    /// Times of day, `HH:MM` on a 24-hour clock, separated by commas or spaces: `08:00, 20:00`.
    public var times = ""
    /// Weekdays, `mon,thu` (three letters or the whole name, any case); empty for every day.
    public var days = ""
    /// Every N days instead of weekdays: a whole number from 1 to 365; empty for weekdays.
    public var every = ""
    /// The first day, `YYYY-MM-DD` (empty: today).
    public var from = ""
    /// The last day, `YYYY-MM-DD`, included (empty: no end).
    public var until = ""
    /// The whole day instead of times.
    public var isAllDay = false
    /// Whether the events count towards adherence.
    public var countsTowardsAdherence = true
    /// Which known measurement (``CareKitStore/OCKMeasurementKind/id``: "blood-pressure"),
    /// "other" for one the app does not know (named in ``measure``), "none" for none; empty to
    /// go by ``measure`` alone (the command line), which recognises a known one by its name.
    public var measureKind = ""
    /// The measurement's name ("Temperature"); empty for none.
    public var measure = ""
    /// The measurement's unit ("°F").
    public var unit = ""
    /// The measurement's target range, `LOW-HIGH` ("97-99.5"; also `LOW to HIGH`); for blood
    /// pressure, systolic then diastolic: `90-140/60-90`.
    public var range = ""
    /// The values a measurement the app does not know can have at all, `LOW-HIGH` ("0-10").
    public var limits = ""
    /// Remind this many minutes before each event (0: at its start); empty for no reminder.
    public var remind = ""

    /// An empty form.
    public init() {}

    /// The fields of `plan`, as ``plan(calendar:today:)`` reads them back.
    public init(plan: OCKTaskPlan) {
        title = plan.title
        instructions = plan.instructions ?? ""
        times = plan.isAllDay ? "" : plan.times.map(\.description).joined(separator: ", ")
        switch plan.repetition {
        case .daily: break
        case .weekdays(let weekdays): days = weekdays.sorted { Self.mondayFirst($0) < Self.mondayFirst($1) }.map { Self.weekdayNames[$0 - 1] }.joined(separator: ",")
        case .everyNDays(let n): every = String(n)
        }
        from = OCKDayCodec.string(from: plan.firstDay, calendar: plan.calendar)
        until = plan.lastDay.map { OCKDayCodec.string(from: $0, calendar: plan.calendar) } ?? ""
        isAllDay = plan.isAllDay
        countsTowardsAdherence = plan.impactsAdherence
        let written = { (range: ClosedRange<Double>) in OCKNumberFormat.plain(range.lowerBound) + "-" + OCKNumberFormat.plain(range.upperBound) }
        measure = plan.measurement?.name ?? ""
        measureKind = plan.measurement.map { $0.known?.id ?? "other" } ?? "none"
        unit = plan.measurement?.unit ?? ""
        range = plan.measurement?.range.map(written) ?? ""
        if let second = plan.measurement?.secondRange { range += (range.isEmpty ? "-" : "") + "/" + written(second) }
        limits = plan.measurement?.limits.map(written) ?? ""
        remind = plan.reminderMinutesBefore.map(String.init) ?? ""
    }

    /// What is wrong with a form: a reason per field, each a sentence saying what to write.
    public struct Problems: Error, Hashable, Sendable, CustomStringConvertible {
        /// The reasons, by field.
        public var reasons: [Field: String]

        /// The reasons in the fields' order.
        public var ordered: [(field: Field, reason: String)] {
            Field.allCases.compactMap { field in reasons[field].map { (field, $0) } }
        }

        public var description: String {
            ordered.map(\.reason).joined(separator: " ")
        }
    }

    /// The plan the fields describe, in `calendar`; an empty `from` is the day of `today`.
    public func plan(calendar: Calendar, today: Date) -> Result<OCKTaskPlan, Problems> {
        var problems: [Field: String] = [:]
        let name = title.trimmingCharacters(in: .whitespacesAndNewlines)
        if name.isEmpty { problems[.title] = loc("Give the task a name, such as Metformin or Walk.") }
        if name.count > 200 { problems[.title] = loc("A name has at most 200 characters.") }

        var parsedTimes: [OCKTaskPlan.TimeOfDay] = []
        let timeTexts = Self.items(times)
        if isAllDay {
            if !timeTexts.isEmpty { problems[.times] = loc("An all-day task has no times: give times or all day, not both.") }
        } else if timeTexts.isEmpty {
            problems[.times] = loc("Give at least one time of day, such as 08:00, or choose all day.")
        } else {
            for text in timeTexts {
                guard let time = OCKTaskPlan.TimeOfDay(parsing: text) else {
                    problems[.times] = loc("'{text}' is not a time: write times as HH:MM on a 24-hour clock, from 00:00 to 23:59 (8 pm is 20:00).", ["text": text])
                    break
                }
                parsedTimes.append(time)
            }
        }

        var repetition = OCKTaskPlan.Repetition.daily
        let dayTexts = Self.items(days)
        let everyText = every.trimmingCharacters(in: .whitespaces)
        if !dayTexts.isEmpty && !everyText.isEmpty {
            problems[.every] = loc("Choose weekdays or every N days, not both.")
        } else if !everyText.isEmpty {
            if let n = Int(everyText), (1...365).contains(n) {
                repetition = .everyNDays(n)
            } else {
                problems[.every] = loc("'{text}' is not a number of days: write a whole number from 1 to 365 (2 is every other day).", ["text": everyText])
            }
        } else if !dayTexts.isEmpty {
            var weekdays = Set<Int>()
            for text in dayTexts {
                guard let weekday = Self.weekday(named: text) else {
                    problems[.days] = loc("'{text}' is not a day of the week: write mon, tue, wed, thu, fri, sat or sun, separated by commas.", ["text": text])
                    break
                }
                weekdays.insert(weekday)
            }
            repetition = .weekdays(weekdays)
        }

        var firstDay = calendar.startOfDay(for: today)
        if let day = Self.day(from, field: .from, calendar: calendar, problems: &problems) { firstDay = day }
        let lastDay = Self.day(until, field: .until, calendar: calendar, problems: &problems)
        if let lastDay, lastDay < firstDay {
            problems[.until] =
                loc(
                    "The last day, {last}, is before the first, {first}: choose a day on or after it.",
                    ["last": until.trimmingCharacters(in: .whitespaces), "first": OCKDayCodec.string(from: firstDay, calendar: calendar)])
        }

        let measurement = readMeasurement(&problems)

        var reminder: Int?
        let remindText = remind.trimmingCharacters(in: .whitespaces)
        if !remindText.isEmpty {
            if let minutes = Int(remindText), (0...10_080).contains(minutes) {
                reminder = minutes
            } else {
                problems[.remind] = loc("'{text}' is not a number of minutes: write 0 to be reminded at the start, or up to 10080 (a week) before.", ["text": remindText])
            }
        }

        guard problems.isEmpty else { return .failure(Problems(reasons: problems)) }
        let text = instructions.trimmingCharacters(in: .whitespacesAndNewlines)
        return .success(
            OCKTaskPlan(
                title: name, instructions: text.isEmpty ? nil : text, times: parsedTimes, isAllDay: isAllDay,
                repetition: repetition, firstDay: firstDay, lastDay: lastDay,
                impactsAdherence: countsTowardsAdherence, measurement: measurement,
                reminderMinutesBefore: reminder, calendar: calendar))
    }

    /// The measurement of the fields, or nil (with a problem per wrong field).
    func readMeasurement(_ problems: inout [Field: String]) -> OCKTaskPlan.Measurement? {
        let choice = measureKind.trimmingCharacters(in: .whitespaces)
        var name = measure.trimmingCharacters(in: .whitespacesAndNewlines)
        var unitText = unit.trimmingCharacters(in: .whitespacesAndNewlines)
        let rangeText = range.trimmingCharacters(in: .whitespaces)
        let limitsText = limits.trimmingCharacters(in: .whitespaces)
        var chosen: OCKMeasurementKind?
        switch choice {
        case "", "other": break
        case "none": name = ""
        default:
            guard let kind = OCKMeasurementKind(id: choice) else {
                problems[.measureKind] = loc("Choose a measurement from the list, or Something else.")
                return nil
            }
            chosen = kind
            if name.isEmpty { name = OCKMeasurementNames.name(of: kind) }
        }
        if name.isEmpty {
            if choice == "other" { problems[.measure] = loc("Name what is measured, such as Peak flow.") }
            if !unitText.isEmpty, choice != "none" { problems[.unit] = loc("A unit belongs to a measurement: name what is measured, such as Temperature.") }
            if !rangeText.isEmpty, choice != "none" { problems[.range] = loc("A range belongs to a measurement: name what is measured, such as Temperature.") }
            return nil
        }
        let known = chosen ?? (choice == "other" ? nil : OCKMeasurementKind.recognizing(name: name, units: unitText.isEmpty ? nil : unitText))
        if let known, unitText.isEmpty { unitText = Self.usualUnit(of: known) ?? "" }
        var measurement = OCKTaskPlan.Measurement(name: name, unit: unitText.isEmpty ? nil : unitText, knownID: known?.id)
        if let known {
            guard known.components.allSatisfy({ $0.isTaken(in: measurement.unit) }) else {
                let units = known.components[0].plausibleRanges.compactMap(\.units)
                problems[.unit] = loc(
                    "{measurement} is not measured in {unit}: use {units}.",
                    ["measurement": OCKMeasurementNames.name(of: known), "unit": unitText, "units": units.joined(separator: loc(" or "))])
                return nil
            }
        }
        if !limitsText.isEmpty {
            if let bounds = Self.range(limitsText) {
                measurement.limits = bounds
                if let part = known?.components.first, let plausible = part.plausibleRange(units: measurement.unit),
                    bounds.lowerBound < plausible.lowerBound || bounds.upperBound > plausible.upperBound
                {
                    problems[.limits] = Self.outside(part, plausible, what: limitsText)
                }
            } else {
                problems[.limits] = loc("'{text}' is not a range: write the lowest and highest possible value with a dash, such as 0-10.", ["text": limitsText])
            }
        }
        guard !rangeText.isEmpty else { return measurement }
        let halves = rangeText.split(separator: "/", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let paired = known?.isPaired == true
        guard halves.count == 1 || (paired && halves.count == 2) else {
            problems[.range] =
                paired
                ? loc("'{text}' is not a range: write the systolic and then the diastolic range, such as 90-140/60-90.", ["text": rangeText])
                : loc("'{text}' is not a range: write the lowest and highest value with a dash, such as 97-99.5.", ["text": rangeText])
            return measurement
        }
        var targets: [ClosedRange<Double>?] = []
        for half in halves {
            if half.isEmpty || half == "-" { targets.append(nil); continue }
            guard let bounds = Self.range(half) else {
                problems[.range] = loc("'{text}' is not a range: write the lowest and highest value with a dash, such as 97-99.5.", ["text": half])
                return measurement
            }
            targets.append(bounds)
        }
        measurement.range = targets.first ?? nil
        measurement.secondRange = targets.count > 1 ? targets[1] : nil
        // A target no body can reach is a slip too.
        for (index, target) in targets.enumerated() {
            guard let target, let known, known.components.indices.contains(index) else { continue }
            let part = known.components[index]
            if let plausible = part.plausibleRange(units: measurement.unit), target.lowerBound < plausible.lowerBound || target.upperBound > plausible.upperBound {
                problems[.range] = Self.outside(part, plausible, what: halves[index])
            }
        }
        if let limits = measurement.limits, let target = measurement.range, target.lowerBound < limits.lowerBound || target.upperBound > limits.upperBound {
            problems[.range] = loc("The target {range} reaches past the possible values, {limits}: choose a target within them.", ["range": rangeText, "limits": limitsText])
        }
        return measurement
    }

    /// "The range 90-1400 is outside what a systolic pressure can be (40–300 mmHg)."
    static func outside(_ part: OCKMeasurementKind.Component, _ plausible: OCKPlausibleRange, what text: String) -> String {
        loc(
            "{text} reaches outside what {measurement} can be ({low}–{high}): choose values within it.",
            [
                "text": text, "measurement": OCKMeasurementNames.name(of: part), "low": OCKLocalization.plainNumber(plausible.lowerBound),
                "high": OCKLocalization.plainNumber(plausible.upperBound) + (plausible.units.map { " " + $0 } ?? "")
            ])
    }

    /// The unit a known measurement is taken in when none is typed: the one of the patient's
    /// system (°F or °C, lb or kg), else its first.
    static func usualUnit(of kind: OCKMeasurementKind) -> String? {
        let units = kind.components[0].plausibleRanges.map(\.units)
        let system = OCKMeasurementUnits.preferredSystem
        return units.compactMap { $0 }.first { OCKUnit($0)?.system == system } ?? units.first ?? nil
    }

    // MARK: Reading the parts

    /// Three-letter names, Sunday first (as `Calendar` counts weekdays).
    static let weekdayNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
    static let fullWeekdayNames = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

    /// Monday first, as people list a week's days.
    static func mondayFirst(_ weekday: Int) -> Int { (weekday + 5) % 7 }

    /// The weekday (1 = Sunday) of a three-letter or whole English name, in any case.
    static func weekday(named text: String) -> Int? {
        let name = text.lowercased()
        return (weekdayNames.firstIndex(of: name) ?? fullWeekdayNames.firstIndex(of: name)).map { $0 + 1 }
    }

    /// The parts of a list separated by commas or spaces.
    static func items(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init)
    }

    /// The day of a `YYYY-MM-DD` field, nil when it is empty (or wrong: then a problem says why).
    static func day(_ text: String, field: Field, calendar: Calendar, problems: inout [Field: String]) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        do throws(OCKDayCodec.Failure) {
            return try OCKDayCodec.date(from: trimmed, calendar: calendar)
        } catch {
            problems[field] =
                error == .notYYYYMMDD
                ? loc("'{text}' is not a date: write it YYYY-MM-DD, such as 2026-12-01.", ["text": trimmed])
                : loc("'{text}' is not a day of the calendar: months run from 01 to 12, days to the month's last.", ["text": trimmed])
            return nil
        }
    }

    /// `LOW-HIGH` or `LOW to HIGH` (each a number with a point or a comma, negative ones too:
    /// `-5--1`); nil for anything else or LOW above HIGH.
    static func range(_ text: String) -> ClosedRange<Double>? {
        let characters = Array(text.replacingOccurrences(of: " to ", with: "~").replacingOccurrences(of: "–", with: "~"))
        // The separator: `~`, or a dash that follows a digit or a space.
        guard
            let index = characters.indices.first(where: { index in
                characters[index] == "~" || (characters[index] == "-" && index > 0 && (characters[index - 1].isNumber || characters[index - 1] == " "))
            })
        else { return nil }
        let number = { (part: ArraySlice<Character>) -> Double? in
            let value = try? OCKOutcomeValue.parsedValue(String(part))
            return (value as? Double) ?? (value as? Int).map(Double.init)
        }
        guard let low = number(characters[..<index]), let high = number(characters[(index + 1)...]),
            low.isFinite, high.isFinite, low <= high
        else { return nil }
        return low...high
    }
}
