import CareKitStore
import Foundation

/// The schedule extension: for each element, exactly the fields that reading the Timing's
/// repeat does not give back (a text, target values, an exact start, a second interval part, a
/// calendar other than a plain Gregorian one in the Timing's zone...). When the repeat cannot
/// give the right number of elements at all, every field of every element is written, and the
/// elements stand on their own.
enum _ScheduleResidue {
    static let url = OCKFHIRVocabulary.schedule

    static func make(for elements: [OCKScheduleElement], timing: FHIRTiming) -> FHIRExtension? {
        let wanted = elements.map(_ElementDraft.init)
        let zone = _TimingReader.timeZone(of: timing) ?? .gmt
        let read = (try? _TimingReader(timing: timing, timeZone: zone, fallbackStart: nil).read())?.drafts
        var parts: [FHIRExtension] = [.integer("elementCount", wanted.count)]
        if let read, read.count == wanted.count {
            for (index, (element, guess)) in zip(wanted, read).enumerated() {
                let fields = differences(element, from: guess)
                if !fields.isEmpty { parts.append(.complex("element", [.integer("index", index)] + fields)) }
            }
            // Belt and braces: what was written must give the schedule back.
            let written = FHIRExtension.complex(url, parts)
            if parts.count == 1 { return nil }
            if let back = try? apply(written, to: read), zip(back, wanted).allSatisfy({ $0.matches($1) }) { return written }
        }
        parts = [.integer("elementCount", wanted.count)]
        for (index, element) in wanted.enumerated() {
            parts.append(.complex("element", [.integer("index", index)] + fields(of: element, all: true, comparedTo: nil)))
        }
        return .complex(url, parts)
    }

    private static func differences(_ element: _ElementDraft, from guess: _ElementDraft) -> [FHIRExtension] {
        fields(of: element, all: false, comparedTo: guess)
    }

    /// The fields of `element` that differ from `guess` (all of them when `all`).
    private static func fields(of element: _ElementDraft, all: Bool, comparedTo guess: _ElementDraft?) -> [FHIRExtension] {
        var result: [FHIRExtension] = []
        let zone = element.calendar.timeZone
        if all || element.start != guess?.start { result += FHIRExtension.instant("start", element.start, in: zone) }
        if all || element.end != guess?.end {
            result += element.end.map { FHIRExtension.instant("end", $0, in: zone) } ?? [.boolean("endless", true)]
        }
        if all || !_ElementDraft.sameInterval(element.interval, guess?.interval ?? DateComponents()) {
            let names: [Calendar.Component: String] = [.year: "year", .month: "month", .weekOfYear: "week", .day: "day", .hour: "hour", .minute: "minute", .second: "second"]
            result.append(.complex("interval", _ElementDraft.components(of: element.interval).map { .integer(names[$0.0] ?? "day", $0.1) }))
        }
        if all || element.duration != guess?.duration {
            switch element.duration {
            case .allDay: result.append(.boolean("allDay", true))
            case .seconds(let seconds): result.append(.decimal("duration", seconds))
            }
        }
        if let text = element.text, all || text != guess?.text { result.append(.string("text", text)) }
        if element.text == nil, guess?.text != nil { result.append(.boolean("noText", true)) }
        for value in element.targetValues { result.append(_ValueExtension.make("target", value, in: zone)) }
        let mine = _ElementDraft.CalendarParts(element.calendar)
        let theirs = guess.map { _ElementDraft.CalendarParts($0.calendar) }
        if all || mine.identifier != theirs?.identifier { result.append(.code("calendar", mine.identifier)) }
        if all || mine.timeZone != theirs?.timeZone { result.append(.code("timeZone", mine.timeZone)) }
        if all || mine.firstWeekday != theirs?.firstWeekday { result.append(.integer("firstWeekday", mine.firstWeekday)) }
        if all || mine.minimumDaysInFirstWeek != theirs?.minimumDaysInFirstWeek { result.append(.integer("minimumDaysInFirstWeek", mine.minimumDaysInFirstWeek)) }
        return result
    }

    /// The drafts `read` from the Timing's repeat, with the extension's fields put in.
    static func apply(_ residue: FHIRExtension, to read: [_ElementDraft]?) throws(_TimingReader.Failure) -> [_ElementDraft] {
        guard let count = residue.part("elementCount")?.integerValue, count >= 1, count <= _TimingReader.maximumElements else {
            throw .init(reason: "the CareKit schedule extension has no valid elementCount.")
        }
        var byIndex: [Int: FHIRExtension] = [:]
        for part in residue.parts("element") {
            guard let index = part.part("index")?.integerValue, (0..<count).contains(index), byIndex[index] == nil else {
                throw .init(reason: "the CareKit schedule extension has an element with a missing, repeated or out-of-range index.")
            }
            byIndex[index] = part
        }
        let base: [_ElementDraft?]
        if let read, read.count == count {
            base = read
        } else {
            // The repeat was changed elsewhere (or cannot be read): the elements must stand alone.
            guard (0..<count).allSatisfy({ byIndex[$0]?.part("start") != nil && byIndex[$0]?.part("interval") != nil && byIndex[$0]?.part("timeZone") != nil }) else {
                throw .init(
                    reason:
                        "Timing.repeat gives \(read?.count ?? 0) schedule elements where the CareKit schedule extension describes \(count); the Timing was changed after it was written. Remove the extension (the repeat is then read alone) or restore the repeat."
                )
            }
            base = Array(repeating: nil, count: count)
        }
        return try (0..<count).map { index throws(_TimingReader.Failure) -> _ElementDraft in
            try patch(base[index], with: byIndex[index])
        }
    }

    private static func patch(_ draft: _ElementDraft?, with fields: FHIRExtension?) throws(_TimingReader.Failure) -> _ElementDraft {
        var calendar = draft?.calendar ?? FHIRDateTime.gregorian(.gmt)
        if let name = fields?.part("calendar")?.textValue {
            guard let identifier = _CalendarNames.identifier(named: name) else { throw .init(reason: "the CareKit schedule extension names an unknown calendar '\(name)'.") }
            let zone = calendar.timeZone
            calendar = Calendar(identifier: identifier)
            calendar.timeZone = zone
        }
        if let name = fields?.part("timeZone")?.textValue {
            guard let zone = TimeZone(identifier: name) else { throw .init(reason: "the CareKit schedule extension names an unknown time zone '\(name)'.") }
            calendar.timeZone = zone
        }
        if let day = fields?.part("firstWeekday")?.integerValue, (1...7).contains(day) { calendar.firstWeekday = day }
        if let days = fields?.part("minimumDaysInFirstWeek")?.integerValue, (1...7).contains(days) { calendar.minimumDaysInFirstWeek = days }

        func date(_ name: String) throws(_TimingReader.Failure) -> Date? {
            if let seconds = fields?.part(name + "Seconds")?.decimalValue, seconds.isFinite { return Date(timeIntervalSinceReferenceDate: seconds) }
            guard let text = fields?.part(name)?.dateTimeText else { return nil }
            guard let parsed = FHIRDateTime.parse(text, timeZone: calendar.timeZone) else { throw .init(reason: "the CareKit schedule extension's \(name) '\(text)' is not a FHIR dateTime.") }
            return parsed.start
        }
        guard let start = try date("start") ?? draft?.start else { throw .init(reason: "the CareKit schedule extension lacks an element's start.") }
        var end = draft?.end
        if let exact = try date("end") { end = exact }
        if fields?.part("endless")?.booleanValue == true { end = nil }
        var interval = draft?.interval ?? DateComponents()
        if let parts = fields?.part("interval") {
            interval = DateComponents()
            let names: [String: Calendar.Component] = ["year": .year, "month": .month, "week": .weekOfYear, "day": .day, "hour": .hour, "minute": .minute, "second": .second]
            for part in parts.extension ?? [] {
                guard let component = names[part.url], let value = part.integerValue else { throw .init(reason: "the CareKit schedule extension's interval has an unknown part '\(part.url)'.") }
                interval.setValue(value, for: component)
            }
        }
        var duration = draft?.duration ?? .hours(1)
        if fields?.part("allDay")?.booleanValue == true { duration = .allDay }
        if let seconds = fields?.part("duration")?.decimalValue { duration = .seconds(seconds) }
        var result = _ElementDraft(start: start, end: end, interval: interval, duration: duration, calendar: calendar)
        result.text = fields?.part("text")?.textValue ?? (fields?.part("noText")?.booleanValue == true ? nil : draft?.text)
        result.targetValues = try (fields?.parts("target") ?? []).map { part throws(_TimingReader.Failure) -> OCKOutcomeValue in
            guard let value = _ValueExtension.read(part, timeZone: calendar.timeZone) else { throw .init(reason: "the CareKit schedule extension has a target value it cannot read.") }
            return value
        }
        if let reason = result.element.validationFailure { throw .init(reason: reason) }
        return result
    }
}
