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
        if event.element.duration == .allDay { return "All day" }
        if event.end <= event.start { return time(event.start) }
        return "\(time(event.start)) to \(time(event.end))"
    }

    /// "8:00 AM" or the element's text, for small labels (grid cells, checklist rows).
    public func shortTimeDescription(_ event: OCKScheduleEvent) -> String {
        if event.element.duration == .allDay { return event.element.text ?? "All day" }
        return time(event.start)
    }

    /// "day", "2 days", "week", "8 hours", "month and 2 days".
    public func interval(_ interval: DateComponents) -> String {
        let parts: [(Int?, String, String)] = [
            (interval.year, "year", "years"), (interval.month, "month", "months"), (interval.weekOfYear, "week", "weeks"),
            (interval.day, "day", "days"), (interval.hour, "hour", "hours"), (interval.minute, "minute", "minutes"),
            (interval.second, "second", "seconds")
        ]
        let words = parts.compactMap { value, one, many -> String? in
            guard let value, value != 0 else { return nil }
            return value == 1 ? one : "\(value) \(many)"
        }
        return words.isEmpty ? "—" : words.joined(separator: " and ")
    }

    /// "Every day at 8:00 AM (60 Minutes), from Mon, Jan 6".
    public func scheduleDescription(_ element: OCKScheduleElement) -> String {
        let when = element.duration == .allDay ? "all day" : "at " + time(element.start)
        let text = element.text.map { " (\($0))" } ?? ""
        var description = "Every \(interval(element.interval)) \(when)\(text), from \(shortDay(element.start))"
        if let end = element.end { description += " until \(shortDay(end))" }
        return description
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
