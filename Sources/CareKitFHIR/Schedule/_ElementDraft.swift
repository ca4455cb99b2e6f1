import CareKitStore
import Foundation

/// A schedule element being put together from FHIR: every field can still change before the
/// element is made (``OCKScheduleElement`` moves an all-day start to the start of its day in its
/// calendar, so the calendar must be final first).
struct _ElementDraft: Equatable {
    var start: Date
    var end: Date?
    var interval: DateComponents
    var duration: OCKScheduleElement.Duration
    var text: String?
    var targetValues: [OCKOutcomeValue] = []
    var calendar: Calendar

    init(start: Date, end: Date?, interval: DateComponents, duration: OCKScheduleElement.Duration, calendar: Calendar) {
        self.start = start
        self.end = end
        self.interval = interval
        self.duration = duration
        self.calendar = calendar
    }

    init(_ element: OCKScheduleElement) {
        start = element.start
        end = element.end
        interval = element.interval
        duration = element.duration
        text = element.text
        targetValues = element.targetValues
        calendar = element.calendar
    }

    var element: OCKScheduleElement {
        OCKScheduleElement(start: start, end: end, interval: interval, text: text, targetValues: targetValues, duration: duration, calendar: calendar)
    }

    /// The interval's components the store uses, with zeros left out, largest first.
    static func components(of interval: DateComponents) -> [(Calendar.Component, Int)] {
        [
            (Calendar.Component.year, interval.year), (.month, interval.month), (.weekOfYear, interval.weekOfYear), (.day, interval.day),
            (.hour, interval.hour), (.minute, interval.minute), (.second, interval.second)
        ]
        .compactMap { component, value in value.flatMap { $0 == 0 ? nil : (component, $0) } }
    }

    static func sameInterval(_ lhs: DateComponents, _ rhs: DateComponents) -> Bool {
        components(of: lhs).map { "\($0.0)=\($0.1)" } == components(of: rhs).map { "\($0.0)=\($0.1)" }
    }

    /// What of a calendar matters to an element's events, and so is carried through FHIR (the
    /// locale changes no event and is not).
    struct CalendarParts: Equatable {
        var identifier: String
        var timeZone: String
        var firstWeekday: Int
        var minimumDaysInFirstWeek: Int

        init(_ calendar: Calendar) {
            identifier = _CalendarNames.name(of: calendar.identifier)
            timeZone = calendar.timeZone.identifier
            firstWeekday = calendar.firstWeekday
            minimumDaysInFirstWeek = calendar.minimumDaysInFirstWeek
        }
    }

    /// Whether two drafts make the same events and carry the same text and targets.
    func matches(_ other: _ElementDraft) -> Bool {
        start == other.start && end == other.end && Self.sameInterval(interval, other.interval) && duration == other.duration
            && text == other.text && targetValues == other.targetValues && CalendarParts(calendar) == CalendarParts(other.calendar)
    }
}

/// Calendar identifiers by name, both ways (Foundation has no public text form on Linux).
enum _CalendarNames {
    static let all: [(Calendar.Identifier, String)] = [
        (.gregorian, "gregorian"), (.iso8601, "iso8601"), (.buddhist, "buddhist"), (.chinese, "chinese"), (.coptic, "coptic"),
        (.ethiopicAmeteMihret, "ethiopic"), (.ethiopicAmeteAlem, "ethiopic-amete-alem"), (.hebrew, "hebrew"), (.indian, "indian"),
        (.islamic, "islamic"), (.islamicCivil, "islamic-civil"), (.islamicTabular, "islamic-tbla"), (.islamicUmmAlQura, "islamic-umalqura"),
        (.japanese, "japanese"), (.persian, "persian"), (.republicOfChina, "roc")
    ]

    static func name(of identifier: Calendar.Identifier) -> String {
        all.first { $0.0 == identifier }?.1 ?? "gregorian"
    }

    static func identifier(named name: String) -> Calendar.Identifier? {
        all.first { $0.1 == name }?.0
    }
}
