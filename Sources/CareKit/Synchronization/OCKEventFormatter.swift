import CareKitStore
import CareKitUI
import Foundation

/// Formats what cards show: event times ("8:00 AM to 9:00 AM"), days and values, in an
/// explicit calendar, time zone and locale (never the machine's by accident).
public struct OCKEventFormatter: Sendable {
    /// The calendar (with time zone) used for every date.
    public var calendar: Calendar
    /// The locale of the text.
    public var locale: Locale
    /// The system measurements are shown in (nil: each in the units it was taken in); by
    /// default the current one (``OCKMeasurementUnits/displaySystem``).
    public var measurementSystem: OCKUnit.System? = OCKMeasurementUnits.displaySystem

    /// Creates a formatter; by default the current calendar in the current language (US English
    /// outside a request in another language).
    public init(calendar: Calendar = .current, locale: Locale = OCKLocalization.language.locale) {
        self.calendar = calendar
        self.locale = locale
    }

    private var dates: OCKDateFormatting { OCKDateFormatting(calendar: calendar, locale: locale) }

    /// "8:00 AM".
    public func time(_ date: Date) -> String { dates.string(from: date, template: "jmm") }

    /// "Mon, Jan 6".
    public func shortDay(_ date: Date) -> String { dates.string(from: date, template: "EEEMMMd") }

    /// "1/6" (axis labels).
    public func numericDay(_ date: Date) -> String { dates.string(from: date, template: "Md") }

    /// "Monday, January 6, 2025".
    public func longDay(_ date: Date) -> String { dates.string(from: date, template: "EEEEMMMMdy") }

    /// The element's text, "All day", or "8:00 AM to 9:00 AM" (just "8:00 AM" for an instant).
    public func timeDescription(_ event: OCKScheduleEvent) -> String {
        if let text = event.element.text, !text.isEmpty { return text }
        if event.element.duration == .allDay { return loc("All day") }
        if event.end <= event.start { return time(event.start) }
        return loc("{start} to {end}", ["start": time(event.start), "end": time(event.end)])
    }

    /// "8:00 AM" or the element's text, for small labels (grid cells, checklist rows).
    public func shortTimeDescription(_ event: OCKScheduleEvent) -> String {
        if event.element.duration == .allDay { return event.element.text ?? loc("All day") }
        return time(event.start)
    }

    /// "day", "2 days", "week", "8 hours", "month and 2 days".
    public func interval(_ interval: DateComponents) -> String {
        let words = Self.parts(of: interval).map { unit, value in
            switch unit {
            case .year: return loc("{count} years", count: value)
            case .month: return loc("{count} months", count: value)
            case .weekOfYear: return loc("{count} weeks", count: value)
            case .day: return loc("{count} days", count: value)
            case .hour: return loc("{count} hours", count: value)
            case .minute: return loc("{count} minutes", count: value)
            default: return loc("{count} seconds", count: value)
            }
        }
        guard let first = words.first else { return "—" }
        return words.dropFirst().reduce(first) { loc("{items} and {last}", ["items": $0, "last": $1]) }
    }

    /// "Every day", "Every 2 weeks", "Every month and 2 days": how often a schedule repeats.
    func repetition(_ interval: DateComponents) -> String {
        let parts = Self.parts(of: interval)
        guard parts.count == 1, let (unit, value) = parts.first, value > 0 else {
            return loc("Every {interval}", ["interval": self.interval(interval)])
        }
        switch unit {
        case .year: return loc("Every {count} years", count: value)
        case .month: return loc("Every {count} months", count: value)
        case .weekOfYear: return loc("Every {count} weeks", count: value)
        case .day: return loc("Every {count} days", count: value)
        case .hour: return loc("Every {count} hours", count: value)
        case .minute: return loc("Every {count} minutes", count: value)
        default: return loc("Every {count} seconds", count: value)
        }
    }

    /// The interval's units that are not zero, largest first.
    private static func parts(of interval: DateComponents) -> [(Calendar.Component, Int)] {
        let parts: [(Calendar.Component, Int?)] = [
            (.year, interval.year), (.month, interval.month), (.weekOfYear, interval.weekOfYear), (.day, interval.day),
            (.hour, interval.hour), (.minute, interval.minute), (.second, interval.second)
        ]
        return parts.compactMap { unit, value in value.flatMap { $0 == 0 ? nil : (unit, $0) } }
    }

    /// A schedule's sentence: "Every day at 8:00 AM, from Mon, Jan 6", with " until Fri, Jan 31"
    /// when it ends, in the language's own order.
    func scheduleSentence(repetition: String, when: String, first: String, last: String?) -> String {
        guard let last else { return loc("{repetition} {when}, from {first}", ["repetition": repetition, "when": when, "first": first]) }
        return loc("{repetition} {when}, from {first} until {last}", ["repetition": repetition, "when": when, "first": first, "last": last])
    }

    /// "all day" or "at 8:00 AM and 8:00 PM" (with the element's text in parentheses after).
    func when(allDay: Bool, times: [String], text: String?) -> String {
        let when = allDay ? loc("all day") : loc("at {times}", ["times": OCKTaskPlan.list(times)])
        return when + (text.map { " (" + $0 + ")" } ?? "")
    }

    /// "Every day at 8:00 AM (60 Minutes), from Mon, Jan 6".
    public func scheduleDescription(_ element: OCKScheduleElement) -> String {
        scheduleSentence(
            repetition: repetition(element.interval), when: when(allDay: element.duration == .allDay, times: [time(element.start)], text: element.text),
            first: shortDay(element.start), last: element.end.map(shortDay))
    }

    /// A number with up to two decimals in the locale's style ("1,234.5").
    static func decimal(_ amount: Double, locale: Locale) -> String {
        OCKNumberFormatting.decimal(amount, locale: locale)
    }

    /// A value as people read it: "98.6 °F", "72 bpm", "Yes"; a measurement in
    /// ``measurementSystem`` ("37.0 °C" for 98.6 °F in metric).
    public func value(_ value: OCKOutcomeValue) -> String {
        if let measured = measurement(value) { return measured.number + " " + measured.units }
        let number: String
        switch value.type {
        case .integer, .double:
            let amount = value.numericValue ?? 0
            number = Self.decimal(amount, locale: locale)
        case .date:
            number = value.dateValue.map { "\(shortDay($0)) \(time($0))" } ?? ""
        default:
            return value.description
        }
        guard let units = value.units, !units.isEmpty else { return number }
        return units.hasPrefix("°") ? "\(number) \(units)" : "\(number) \(units)"
    }
}
