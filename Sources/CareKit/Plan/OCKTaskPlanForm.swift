import CareKitStore
import CareKitUI
import Foundation

/// A plan as a person types it, field by field (a web form, command-line options), and the
/// one set of rules that reads it: ``plan(calendar:today:)`` gives the plan or, for each field
/// that is wrong, what to write instead, so a form can show each reason next to its field.
public struct OCKTaskPlanForm: Hashable, Sendable {
    /// The fields, in the order a form shows them.
    public enum Field: String, CaseIterable, Hashable, Sendable {
        case title, instructions, times, days, every, from, until, measure, unit, range, remind
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
    /// The measurement's name ("Temperature"); empty for none.
    public var measure = ""
    /// The measurement's unit ("°F").
    public var unit = ""
    /// The measurement's range, `LOW-HIGH` ("97-99.5"; also `LOW to HIGH`).
    public var range = ""
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
        measure = plan.measurement?.name ?? ""
        unit = plan.measurement?.unit ?? ""
        range = plan.measurement?.range.map { OCKNumberFormat.plain($0.lowerBound) + "-" + OCKNumberFormat.plain($0.upperBound) } ?? ""
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

        var measurement: OCKTaskPlan.Measurement?
        let measureName = measure.trimmingCharacters(in: .whitespacesAndNewlines)
        let unitText = unit.trimmingCharacters(in: .whitespacesAndNewlines)
        let rangeText = range.trimmingCharacters(in: .whitespaces)
        if measureName.isEmpty {
            if !unitText.isEmpty { problems[.unit] = loc("A unit belongs to a measurement: name what is measured, such as Temperature.") }
            if !rangeText.isEmpty { problems[.range] = loc("A range belongs to a measurement: name what is measured, such as Temperature.") }
        } else {
            measurement = OCKTaskPlan.Measurement(name: measureName, unit: unitText.isEmpty ? nil : unitText)
            if !rangeText.isEmpty {
                if let bounds = Self.range(rangeText) {
                    measurement?.range = bounds
                } else {
                    problems[.range] = loc("'{text}' is not a range: write the lowest and highest value with a dash, such as 97-99.5.", ["text": rangeText])
                }
            }
        }

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
