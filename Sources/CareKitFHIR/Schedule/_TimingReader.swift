import CareKitStore
import Foundation

/// Reads a FHIR `Timing` as schedule elements: the rules of docs/fhir.md ("Reading a Timing").
/// The exporter reads its own Timings with the same rules, to find what they cannot say.
struct _TimingReader {
    struct Failure: Error {
        var reason: String
    }

    /// The elements, in start order, and notes about what was read approximately.
    struct Reading {
        var drafts: [_ElementDraft]
        var notes: [String] = []
    }

    let timing: FHIRTiming
    let timeZone: TimeZone
    /// The start used when the Timing has none (the activity's plan period).
    let fallbackStart: Date?

    static let unitSeconds: [String: Double] = ["s": 1, "min": 60, "h": 3600, "d": 86_400, "wk": 604_800]
    static let weekdays = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
    /// The most elements a Timing may make (days × times), and the largest `count`.
    static let maximumElements = 500
    static let maximumCount = 100_000

    /// The time zone a Timing names with the tz-code extension, if any (and valid).
    static func timeZone(of timing: FHIRTiming) -> TimeZone? {
        let named = timing.extension?.first { $0.url == OCKFHIRVocabulary.timeZoneCode || $0.url == OCKFHIRVocabulary.timeZoneCodeR5 }
        return named?.textValue.flatMap(TimeZone.init(identifier:))
    }

    var calendar: Calendar { FHIRDateTime.gregorian(timeZone) }

    func read() throws(Failure) -> Reading {
        if timing.repeat == nil, let events = timing.event, !events.isEmpty { return try readEvents(events) }
        var rule = timing.repeat ?? FHIRTiming.Repeat()
        var notes: [String] = []
        try applyCode(to: &rule)
        if let when = rule.when, !when.isEmpty {
            throw Failure(reason: "Timing.repeat.when (\(when.joined(separator: ", "))) ties events to times only the care provider knows; give timeOfDay instead.")
        }
        if rule.frequencyMax != nil || rule.periodMax != nil || rule.durationMax != nil || rule.countMax != nil {
            notes.append("a range (frequencyMax, periodMax, durationMax or countMax) was read as its lower bound")
        }
        // The start, and whether it names a day rather than an instant.
        let startText = rule.boundsPeriod?.start
        var start = fallbackStart
        var startIsDay = start.map { calendar.startOfDay(for: $0) == $0 } ?? false
        if let startText {
            guard let parsed = FHIRDateTime.parse(startText, timeZone: timeZone) else { throw Failure(reason: "Timing.repeat.boundsPeriod.start '\(startText)' is not a FHIR dateTime.") }
            start = parsed.start
            startIsDay = parsed.precision < .time
        }
        guard let start else { throw Failure(reason: "the Timing has no start (Timing.repeat.boundsPeriod.start), and neither has its care plan (CarePlan.period.start).") }

        let times = try (rule.timeOfDay ?? []).map { text throws(Failure) -> (Int, Int, Int) in
            guard let time = FHIRDateTime.parseTime(text) else { throw Failure(reason: "Timing.repeat.timeOfDay '\(text)' is not a FHIR time (hh:mm:ss).") }
            return time
        }
        let days = try (rule.dayOfWeek ?? []).map { code throws(Failure) -> Int in
            guard let index = Self.weekdays.firstIndex(of: code) else { throw Failure(reason: "Timing.repeat.dayOfWeek '\(code)' is not one of mon, tue, wed, thu, fri, sat, sun.") }
            return index + 1
        }
        let frequency = rule.frequency ?? 1
        guard frequency >= 1, frequency <= Self.maximumElements else { throw Failure(reason: "Timing.repeat.frequency \(frequency) is not between 1 and \(Self.maximumElements).") }
        let unit = rule.periodUnit ?? ((!days.isEmpty || !times.isEmpty) ? "d" : nil)
        let period = rule.period ?? ((rule.periodUnit != nil || !days.isEmpty || !times.isEmpty) ? 1 : nil)
        guard let unit, let period else { throw Failure(reason: "the Timing has no period (Timing.repeat.period and periodUnit), timeOfDay or dayOfWeek: it does not say how often.") }
        guard period.isFinite, period > 0, period < 1e7 else { throw Failure(reason: "Timing.repeat.period \(period) is not a positive number of \(unit).") }

        let isAllDay =
            startIsDay && times.isEmpty && frequency == 1 && ["d", "wk", "mo", "a"].contains(unit)
            && (rule.duration == nil || (rule.duration == 1 && rule.durationUnit == "d"))
        let duration: OCKScheduleElement.Duration = try isAllDay ? .allDay : readDuration(rule)
        let end = try readEnd(rule, start: start)

        var drafts: [_ElementDraft]
        switch unit {
        case "s", "min", "h":
            guard times.isEmpty, days.isEmpty else { throw Failure(reason: "Timing.repeat has timeOfDay or dayOfWeek with a period in \(unit); CareKit repeats such a schedule by the clock alone.") }
            let total = period * (Self.unitSeconds[unit] ?? 1)
            guard total >= 1, total.rounded() == total else { throw Failure(reason: "Timing.repeat.period \(period) \(unit) is not a whole number of seconds.") }
            let seconds = Int(total)
            let interval = seconds % 3600 == 0 ? DateComponents(hour: seconds / 3600) : seconds % 60 == 0 ? DateComponents(minute: seconds / 60) : DateComponents(second: seconds)
            drafts = (0..<frequency).map { index in
                _ElementDraft(start: start.addingTimeInterval(total * Double(index) / Double(frequency)), end: end, interval: interval, duration: duration, calendar: calendar)
            }
        case "d", "wk", "mo", "a":
            guard period.rounded() == period else { throw Failure(reason: "Timing.repeat.period \(period) \(unit) is not a whole number; CareKit repeats by whole days, weeks, months or years.") }
            drafts = try calendarDrafts(
                unit: unit, period: Int(period), frequency: frequency, times: times, days: days, start: start, startIsDay: startIsDay, isAllDay: isAllDay, duration: duration, end: end)
        default:
            throw Failure(reason: "Timing.repeat.periodUnit '\(unit)' is not one of s, min, h, d, wk, mo, a.")
        }
        if let count = rule.count { try cut(&drafts, after: count) }
        for draft in drafts {
            if let reason = draft.element.validationFailure { throw Failure(reason: reason) }
        }
        return Reading(drafts: drafts.sorted { $0.start < $1.start }, notes: notes)
    }

    /// Timing.code alone (BID, TID, QID, QD, QOD, QnH, WK, MO) stands for the rule it names.
    private func applyCode(to rule: inout FHIRTiming.Repeat) throws(Failure) {
        guard rule.frequency == nil, rule.period == nil, rule.timeOfDay == nil, rule.dayOfWeek == nil, rule.when == nil,
            let code = timing.code?.code(in: OCKFHIRVocabulary.timingAbbreviation) ?? timing.code?.coding?.first?.code
        else { return }
        let simple: [String: (Int, Double, String)] = ["QD": (1, 1, "d"), "BID": (2, 1, "d"), "TID": (3, 1, "d"), "QID": (4, 1, "d"), "QOD": (1, 2, "d"), "WK": (1, 1, "wk"), "MO": (1, 1, "mo")]
        if let (frequency, period, unit) = simple[code] {
            (rule.frequency, rule.period, rule.periodUnit) = (frequency, period, unit)
        } else if code.hasPrefix("Q"), code.hasSuffix("H"), let hours = Int(code.dropFirst().dropLast()), hours > 0 {
            (rule.frequency, rule.period, rule.periodUnit) = (1, Double(hours), "h")
        } else {
            throw Failure(reason: "Timing.code '\(code)' is not one CareKit can schedule without a repeat rule (BID, TID, QID, QD, QOD, QnH, WK, MO).")
        }
    }

    private func readDuration(_ rule: FHIRTiming.Repeat) throws(Failure) -> OCKScheduleElement.Duration {
        guard let value = rule.duration else { return .hours(1) }
        guard let unit = rule.durationUnit, let seconds = Self.unitSeconds[unit] else {
            throw Failure(reason: "Timing.repeat.duration needs a durationUnit of s, min, h, d or wk (CareKit events last a fixed time).")
        }
        guard value.isFinite, value >= 0, value * seconds < 1e9 else { throw Failure(reason: "Timing.repeat.duration \(value) is not a non-negative length.") }
        return .seconds(value * seconds)
    }

    /// The exclusive end: after boundsPeriod.end (FHIR includes it), or start + boundsDuration.
    private func readEnd(_ rule: FHIRTiming.Repeat, start: Date) throws(Failure) -> Date? {
        if let text = rule.boundsPeriod?.end {
            guard let parsed = FHIRDateTime.parse(text, timeZone: timeZone) else { throw Failure(reason: "Timing.repeat.boundsPeriod.end '\(text)' is not a FHIR dateTime.") }
            guard parsed.end > start else { throw Failure(reason: "Timing.repeat.boundsPeriod ends (\(text)) before it starts.") }
            return parsed.end
        }
        guard let bounds = rule.boundsDuration else { return nil }
        let components: [String: Calendar.Component] = ["s": .second, "min": .minute, "h": .hour, "d": .day, "wk": .weekOfYear, "mo": .month, "a": .year]
        guard let value = bounds.value, value > 0, value < 1e6, value.rounded() == value,
            let component = components[bounds.code ?? bounds.unit ?? ""]
        else {
            throw Failure(reason: "Timing.repeat.boundsDuration must be a whole positive number of s, min, h, d, wk, mo or a.")
        }
        guard let end = calendar.date(byAdding: component, value: Int(value), to: start) else { throw Failure(reason: "Timing.repeat.boundsDuration reaches past the calendar.") }
        return end
    }

    /// Elements that repeat by days, weeks, months or years.
    private func calendarDrafts(
        unit: String, period: Int, frequency: Int, times: [(Int, Int, Int)], days: [Int], start: Date, startIsDay: Bool,
        isAllDay: Bool, duration: OCKScheduleElement.Duration, end: Date?
    ) throws(Failure) -> [_ElementDraft] {
        let calendar = self.calendar
        let step: Calendar.Component = ["d": .day, "wk": .weekOfYear, "mo": .month, "a": .year][unit] ?? .day
        var interval = DateComponents()
        interval.setValue(period, for: step)
        let dayStart = calendar.startOfDay(for: start)
        func at(_ time: (Int, Int, Int), daysAfter offset: Int) -> Date? {
            guard let day = calendar.date(byAdding: .day, value: offset, to: dayStart) else { return nil }
            return calendar.date(bySettingHour: time.0, minute: time.1, second: time.2, of: day)
        }
        let startTime = startIsDay ? (8, 0, 0) : (calendar.component(.hour, from: start), calendar.component(.minute, from: start), calendar.component(.second, from: start))
        var starts: [Date] = []
        if !days.isEmpty {
            guard unit == "wk" || (unit == "d" && period == 1) else {
                throw Failure(reason: "Timing.repeat.dayOfWeek with a period of \(period) \(unit): CareKit repeats chosen weekdays every week or every few weeks.")
            }
            if unit == "d" { interval = DateComponents(weekOfYear: 1) }
            guard days.count * max(times.count, 1) <= Self.maximumElements else { throw Failure(reason: "the Timing makes more than \(Self.maximumElements) elements.") }
            for weekday in days {
                for time in times.isEmpty ? [startTime] : times {
                    // The first such weekday and time at or after the start.
                    let first = (0...7).lazy.compactMap { offset -> Date? in
                        guard let candidate = isAllDay ? calendar.date(byAdding: .day, value: offset, to: dayStart) : at(time, daysAfter: offset) else { return nil }
                        return calendar.component(.weekday, from: candidate) == weekday && candidate >= (isAllDay ? dayStart : start) ? candidate : nil
                    }.first
                    guard let first else { throw Failure(reason: "the Timing's weekday and time could not be placed in its time zone.") }
                    starts.append(first)
                }
            }
        } else if isAllDay {
            starts = [dayStart]
        } else if !times.isEmpty {
            guard times.count <= Self.maximumElements else { throw Failure(reason: "the Timing makes more than \(Self.maximumElements) elements.") }
            for time in times {
                guard let sameDay = at(time, daysAfter: 0) else { throw Failure(reason: "the Timing's time of day could not be placed in its time zone.") }
                starts.append(sameDay >= start ? sameDay : (calendar.date(byAdding: interval, to: sameDay) ?? sameDay))
            }
        } else {
            // `frequency` times a period with no times given: spread evenly from the start's time
            // (08:00 when the start is a day), on the wall clock.
            guard frequency == 1 || unit == "d" || unit == "wk" else { throw Failure(reason: "Timing.repeat.frequency \(frequency) per \(unit) without timeOfDay: give the times of day.") }
            let unitDays = unit == "wk" ? 7 * period : period
            let spacing = Double(unitDays) * 86_400 / Double(frequency)
            let base = Double(startTime.0 * 3600 + startTime.1 * 60 + startTime.2)
            for index in 0..<frequency {
                let local = base + spacing * Double(index)
                let dayOffset = Int((local / 86_400).rounded(.down))
                let secondOfDay = Int((local - Double(dayOffset) * 86_400).rounded())
                guard let date = at((secondOfDay / 3600, secondOfDay % 3600 / 60, secondOfDay % 60), daysAfter: dayOffset) else {
                    throw Failure(reason: "the Timing's times could not be placed in its time zone.")
                }
                starts.append(frequency == 1 && !startIsDay ? start : date)
            }
        }
        return starts.map { _ElementDraft(start: $0, end: end, interval: interval, duration: duration, calendar: calendar) }
    }

    /// `count`: the elements end just before the event after the last one counted.
    private func cut(_ drafts: inout [_ElementDraft], after count: Int) throws(Failure) {
        guard count >= 1, count <= Self.maximumCount else { throw Failure(reason: "Timing.repeat.count \(count) is not between 1 and \(Self.maximumCount).") }
        let schedule = OCKSchedule(composing: drafts.map(\.element))
        let around = schedule.events(betweenOccurrenceIndex: count - 1, and: count + 1)
        guard around.count == 2 else { return }  // the schedule ends by itself before then
        guard around[1].start > around[0].start else { throw Failure(reason: "Timing.repeat.count \(count) falls between two events at the same time.") }
        for index in drafts.indices { drafts[index].end = min(drafts[index].end ?? around[1].start, around[1].start) }
    }

    /// Timing.event alone: each listed instant once.
    private func readEvents(_ events: [String]) throws(Failure) -> Reading {
        guard events.count <= Self.maximumElements else { throw Failure(reason: "Timing.event lists more than \(Self.maximumElements) instants.") }
        let drafts = try events.map { text throws(Failure) -> _ElementDraft in
            guard let parsed = FHIRDateTime.parse(text, timeZone: timeZone) else { throw Failure(reason: "Timing.event '\(text)' is not a FHIR dateTime.") }
            let isDay = parsed.precision < .time
            return _ElementDraft(
                start: parsed.start, end: parsed.start.addingTimeInterval(1), interval: DateComponents(day: 1),
                duration: isDay ? .allDay : .hours(1), calendar: calendar)
        }
        return Reading(drafts: drafts.sorted { $0.start < $1.start }, notes: [])
    }
}
