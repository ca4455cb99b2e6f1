import CareKitLocalization
import CareKitStore
import Foundation

/// Days, times and readings as the dashboard shows them, in the reader's language
/// (``OCKLocalization/language``) and the calendar it is given.
///
/// English keeps the clinic's forms ("2025-01-07 12:00", "98.6 °F"), as
/// ``OCKLocalization/number(_:maximumFractionDigits:)`` keeps English numbers; German, Spanish
/// and Arabic readers get their locale's day and 24-hour time and their own digits
/// ("07.01.2025, 12:00", "٠٧‏/٠١‏/٢٠٢٥، ١٢:٠٠", "٩٨٫٦ °F"), through CareKitLocalization's
/// ``OCKDateFormatting``. What goes into a link, a form or the audit trail is never written
/// with these: it keeps `OCKDayCodec`'s form.
enum _TeamFormat {
    /// A day: `2025-01-07`, `07.01.2025`.
    static func day(_ date: Date, calendar: Calendar) -> String {
        localized(date, calendar: calendar, template: "yMMdd") ?? OCKDayCodec.string(from: date, calendar: calendar)
    }

    /// A time of day, on 24 hours: `14:05`.
    static func time(_ date: Date, calendar: Calendar) -> String {
        localized(date, calendar: calendar, template: "HHmm") ?? clock(date, calendar: calendar)
    }

    /// A day and a time: `2025-01-02 14:05`, `02.01.2025, 14:05`.
    static func moment(_ date: Date, calendar: Calendar) -> String {
        localized(date, calendar: calendar, template: "yMMddHHmm") ?? OCKDayCodec.string(from: date, calendar: calendar) + " " + clock(date, calendar: calendar)
    }

    /// A value as it was recorded, its number in the reader's digits: `98.6 °F`, `98,6 °F`, `Yes`, `Ja`.
    static func reading(_ value: OCKOutcomeValue, calendar: Calendar) -> String {
        guard OCKLocalization.language.code != "en" else { return value.description }
        let text: String
        switch value.type {
        case .integer, .double:
            guard let number = value.numericValue else { return value.description }
            text = OCKLocalization.plainNumber(number)
        case .boolean: text = value.booleanValue == true ? loc("Yes") : loc("No")
        case .date:
            guard let date = value.dateValue else { return value.description }
            text = moment(date, calendar: calendar)
        default: return value.description
        }
        guard let units = value.units, !units.isEmpty else { return text }
        return text + " " + units
    }

    /// A target range: `95–100.3 °F`, `95–100,3 °F`.
    static func range(_ low: Double, _ high: Double, units: String?) -> String {
        OCKLocalization.number(low) + "–" + OCKLocalization.number(high) + (units.map { " " + $0 } ?? "")
    }

    /// `date` in the reader's locale with `template`; nil in English, which keeps its own form.
    private static func localized(_ date: Date, calendar: Calendar, template: String) -> String? {
        let language = OCKLocalization.language
        guard language.code != "en" else { return nil }
        return OCKDateFormatting(calendar: calendar, locale: language.locale).string(from: date, template: template)
    }

    /// `14:05`, in ASCII digits (without `String(format:)`, whose formatter costs more than the
    /// rest of a row of the patient list).
    private static func clock(_ date: Date, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        func twoDigits(_ value: Int) -> String { (0..<10).contains(value) ? "0\(value)" : String(value) }
        return twoDigits(parts.hour ?? 0) + ":" + twoDigits(parts.minute ?? 0)
    }
}
