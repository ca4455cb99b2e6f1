import CareKitStore
import CareKitTestSupport
import Foundation
import Testing

/// Occurrence n is computed directly from the start, so occurrences years away are exact, and
/// the closed form agrees with a brute-force walk from occurrence 0.
@Suite("Far-future occurrences and the brute-force cross-check")
struct ScheduleFarFutureTests {

    @Test("Occurrence 87,600 of an hourly schedule is start + 87,600 hours")
    func hourlyOccurrence87600() throws {
        let start = date("2025-03-01 00:30", in: newYork)
        let hourly = OCKScheduleElement(start: start, end: nil, interval: DateComponents(hour: 1), duration: .minutes(5), calendar: gregorian(newYork))
        let expected = start.addingTimeInterval(87_600 * 3600)
        #expect(hourly.date(ofOccurrence: 87_600) == expected)
        let event = try #require(OCKSchedule(composing: [hourly]).event(forOccurrenceIndex: 87_600))
        #expect(event.start == expected)
        #expect(event.end == expected.addingTimeInterval(300))
        #expect(event.occurrence == 87_600)
        // Ten years later, the query of that hour finds the same event with the same number.
        let found = hourly.events(from: expected, to: expected.addingTimeInterval(60))
        #expect(found.map(\.occurrence) == [87_600])
    }

    @Test("A composed schedule's day ten years out has the right occurrence numbers")
    func composedDayTenYearsOut() throws {
        let schedule = OCKSchedule(composing: [
            element("2025-01-01 08:00", in: newYork, every: DateComponents(day: 1), text: "daily"),
            element("2025-01-06 12:00", in: newYork, every: DateComponents(weekOfYear: 1), text: "weekly"),
            element("2025-01-31 18:00", in: newYork, every: DateComponents(month: 1), text: "monthly")
        ])
        // Before 2035-03-05 08:00: 3,715 daily, 530 weekly (Mondays) and 122 monthly events.
        let day = DateInterval.ockDay(containing: date("2035-03-05 10:00", in: newYork), calendar: gregorian(newYork))
        let events = schedule.events(from: day.start, to: day.end)
        #expect(
            events.map { "#\($0.occurrence) \($0.element.text ?? "") \(wall($0.start, in: newYork))" } == [
                "#4367 daily 2035-03-05 08:00", "#4368 weekly 2035-03-05 12:00"
            ])
        for event in events {
            #expect(schedule.event(forOccurrenceIndex: event.occurrence) == event)
        }
        let next = try #require(schedule.event(forOccurrenceIndex: 4369))
        #expect(next.element.text == "daily")
        #expect(wall(next.start, in: newYork) == "2035-03-06 08:00")
        // The month end in that year: 2035-03-31 18:00, occurrence 122 of the monthly element.
        let monthEnd = schedule.events(from: date("2035-03-31 17:00", in: newYork), to: date("2035-03-31 19:00", in: newYork))
        #expect(monthEnd.map { "\($0.element.text ?? "") \(wall($0.start, in: newYork))" } == ["monthly 2035-03-31 18:00"])
    }

    @Test("A daily schedule's occurrence 1,000,000 is 1,000,000 local days later, still at its wall time")
    func millionthDailyOccurrence() throws {
        let daily = element("2025-01-01 08:00", in: berlin, every: DateComponents(day: 1))
        let schedule = OCKSchedule(composing: [daily])
        let event = try #require(schedule.event(forOccurrenceIndex: 1_000_000))
        // 2025-01-01 + 1,000,000 days = 4762-11-29.
        #expect(wall(event.start, in: berlin) == "4762-11-29 08:00")
        let found = schedule.events(from: event.start, to: event.end)
        #expect(found.map(\.occurrence) == [1_000_000])

        // With a weekly element beside it (142,858 weekly events come first), both lookups agree.
        let composed = OCKSchedule(composing: [daily, element("2025-01-01 20:00", in: berlin, every: DateComponents(weekOfYear: 1))])
        let day = composed.events(from: date("4762-11-29", in: berlin), to: date("4762-11-30", in: berlin))
        #expect(starts(day, in: berlin) == ["#1142858 4762-11-29 08:00"])
        #expect(composed.event(forOccurrenceIndex: 1_142_858) == day.first)
    }

    // MARK: Brute-force cross-check

    enum Mix: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case calendarDays, ties, allDayAndTimed, endedElements, monthEnds, hours, compound
        var testDescription: String { rawValue }
    }

    static let zones = [newYork, berlin, utcZone, "Australia/Lord_Howe", "Asia/Kolkata", "America/Havana"]

    /// A random schedule of the given mix, its reference walk, and a description for failures.
    struct Case {
        let schedule: OCKSchedule
        let reference: ReferenceSchedule
        let origin: Date
        let summary: String
    }

    static func makeCase(_ mix: Mix, seed: UInt64) -> Case {
        var rng = SeededGenerator(seed: seed &* 0x5851_F42D_4C95_7F2D &+ UInt64(Mix.allCases.firstIndex(of: mix)!))
        let origin = date("2025-01-01", in: utcZone).addingTimeInterval(Double(Int.random(in: 0..<60, using: &rng)) * 86_400)
        let elementCount = Int.random(in: 1...5, using: &rng)
        // All-day events meet daylight saving in every zone that has it, including one where
        // the clocks skip midnight (Havana) and one that moves by 30 minutes (Lord Howe).
        let daylightSavingZones = [newYork, berlin, "America/Havana", "Australia/Lord_Howe", "America/Santiago"]
        let sharedZone =
            mix == .allDayAndTimed
            ? daylightSavingZones[Int(seed) % daylightSavingZones.count]
            : zones.randomElement(using: &rng)!
        var elements: [OCKScheduleElement] = []
        var sharedStarts: [Date] = []

        func randomStart(in zone: String, dayRange: Range<Int> = 0..<40) -> Date {
            let calendar = gregorian(zone)
            let day = calendar.date(byAdding: .day, value: Int.random(in: dayRange, using: &rng), to: calendar.startOfDay(for: origin))!
            let times = [(0, 0), (0, 30), (2, 30), (8, 0), (23, 30), (Int.random(in: 0..<24, using: &rng), Int.random(in: 0..<60, using: &rng))]
            let (hour, minute) = times.randomElement(using: &rng)!
            var components = calendar.dateComponents([.year, .month, .day], from: day)
            components.hour = hour
            components.minute = minute
            return calendar.date(from: components)!
        }

        func randomDuration(allowAllDay: Bool) -> OCKScheduleElement.Duration {
            var choices: [OCKScheduleElement.Duration] = [.seconds(0), .minutes(15), .hours(1), .hours(3), .hours(25)]
            if allowAllDay { choices.append(.allDay) }
            return choices.randomElement(using: &rng)!
        }

        for position in 0..<elementCount {
            var zone = zones.randomElement(using: &rng)!
            var start = randomStart(in: zone)
            var end: Date?
            var interval: DateComponents
            var duration = randomDuration(allowAllDay: true)
            switch mix {
            case .calendarDays:
                interval = Bool.random(using: &rng) ? DateComponents(day: Int.random(in: 1...3, using: &rng)) : DateComponents(weekOfYear: Int.random(in: 1...2, using: &rng))
            case .ties:
                zone = sharedZone
                if sharedStarts.isEmpty || (sharedStarts.count < 2 && Bool.random(using: &rng)) {
                    sharedStarts.append(randomStart(in: zone, dayRange: 0..<3))
                }
                start = sharedStarts.randomElement(using: &rng)!
                interval = [DateComponents(day: 1), DateComponents(day: 2), DateComponents(weekOfYear: 1), DateComponents(hour: 12), DateComponents(hour: 24)].randomElement(using: &rng)!
                duration = randomDuration(allowAllDay: false)
            case .allDayAndTimed:
                zone = sharedZone
                let calendar = gregorian(zone)
                if position == 0 || Bool.random(using: &rng) {
                    duration = .allDay
                    interval = [DateComponents(day: 1), DateComponents(day: 3), DateComponents(weekOfYear: 1), DateComponents(hour: 12), DateComponents(hour: 30)].randomElement(using: &rng)!
                } else {
                    duration = randomDuration(allowAllDay: false)
                    interval = [DateComponents(day: 1), DateComponents(day: 2), DateComponents(hour: 8)].randomElement(using: &rng)!
                    if Bool.random(using: &rng) { start = calendar.startOfDay(for: start) }
                }
            case .endedElements:
                interval = [DateComponents(day: 1), DateComponents(day: 2), DateComponents(weekOfYear: 1), DateComponents(hour: 6)].randomElement(using: &rng)!
                let calendar = gregorian(zone)
                if Bool.random(using: &rng) {
                    // End exactly at the start of a would-be occurrence: that occurrence is excluded.
                    var scaled = DateComponents()
                    let n = Int.random(in: 1...40, using: &rng)
                    for component in [Calendar.Component.weekOfYear, .day, .hour] {
                        if let value = interval.value(for: component) { scaled.setValue(value * n, for: component) }
                    }
                    end = calendar.date(byAdding: scaled, to: start)
                } else {
                    end = start.addingTimeInterval(Double(Int.random(in: 1...(60 * 24 * 60), using: &rng)) * 60)
                }
            case .monthEnds:
                let calendar = gregorian(zone)
                var components = calendar.dateComponents([.year, .month, .hour, .minute], from: start)
                components.day = Int.random(in: 28...31, using: &rng)
                start = calendar.date(from: components)!
                if components.month == 2 && calendar.component(.month, from: start) != 2 {
                    // Feb 30/31 roll into March; take Feb 29 of 2024 instead, a leap-day start.
                    start = date("2024-02-29 09:00", in: zone)
                }
                interval = [DateComponents(month: 1), DateComponents(month: 2), DateComponents(month: 3), DateComponents(year: 1), DateComponents(month: 1, day: 1)].randomElement(using: &rng)!
            case .hours:
                interval = [DateComponents(hour: 1), DateComponents(hour: 5), DateComponents(hour: 7), DateComponents(minute: 90), DateComponents(hour: 1, minute: 30), DateComponents(second: 7_777)]
                    .randomElement(using: &rng)!
                duration = randomDuration(allowAllDay: false)
                start = randomStart(in: zone, dayRange: 0..<20)
            case .compound:
                interval = [DateComponents(day: 1, hour: 1), DateComponents(day: 1, weekOfYear: 1), DateComponents(month: 1, weekOfYear: 1), DateComponents(day: 2, minute: 30)].randomElement(
                    using: &rng)!
            }
            elements.append(OCKScheduleElement(start: start, end: end, interval: interval, duration: duration, calendar: gregorian(zone)))
        }

        let schedule = OCKSchedule(composing: elements)
        let horizonDays: Double
        switch mix {
        case .hours: horizonDays = 60
        case .monthEnds: horizonDays = 3 * 366
        default: horizonDays = 400
        }
        let horizon = origin.addingTimeInterval(horizonDays * 86_400)
        let reference = ReferenceSchedule(schedule, horizon: horizon)
        let summary =
            "mix \(mix.rawValue) seed \(seed):\n"
            + schedule.elements.enumerated().map { index, element in
                let zone = element.calendar.timeZone.identifier
                return "  [\(index)] \(wallWithOffset(element.start, in: zone)) \(zone) every \(element.interval) duration \(element.duration)"
                    + (element.end.map { " end \(wallWithOffset($0, in: zone))" } ?? "")
            }.joined(separator: "\n")
        return Case(schedule: schedule, reference: reference, origin: origin, summary: summary)
    }

    static func matches(_ event: OCKScheduleEvent, _ expected: ReferenceSchedule.Event, in schedule: OCKSchedule) -> Bool {
        event.start == expected.start && event.end == expected.end && event.occurrence == expected.occurrence
            && event.element == schedule.elements[expected.elementIndex]
    }

    static func describe(_ event: OCKScheduleEvent?) -> String {
        guard let event else { return "nil" }
        return
            "#\(event.occurrence) \(event.start.timeIntervalSinceReferenceDate)…\(event.end.timeIntervalSinceReferenceDate) (\(event.element.calendar.timeZone.identifier) every \(event.element.interval))"
    }

    @Test(
        "Closed-form events(from:to:) and event(forOccurrenceIndex:) agree with a walk from occurrence 0",
        arguments: Mix.allCases)
    func crossCheck(_ mix: Mix) {
        for seed in UInt64(1)...10 {
            let testCase = Self.makeCase(mix, seed: seed)
            var mismatches: [String] = []
            var rng = SeededGenerator(seed: seed ^ 0xC0FFEE)
            let schedule = testCase.schedule
            let reference = testCase.reference
            let events = reference.events
            #expect(!events.isEmpty, "\(testCase.summary)\nThe reference walk found no events: the case tests nothing.")

            // Windows: random lengths, plus windows whose bounds sit exactly on event edges.
            let lengths: [TimeInterval] = [1, 3600, 86_400, 7 * 86_400, 31 * 86_400]
            var windows: [(Date, Date)] = []
            let span = reference.horizon.timeIntervalSince(testCase.origin) - 32 * 86_400
            for _ in 0..<30 {
                let from = testCase.origin.addingTimeInterval(Double.random(in: -5 * 86_400..<span, using: &rng).rounded())
                windows.append((from, from.addingTimeInterval(lengths.randomElement(using: &rng)!)))
            }
            for _ in 0..<15 where !events.isEmpty {
                let a = events.randomElement(using: &rng)!, b = events.randomElement(using: &rng)!
                let from = [a.start, a.end].randomElement(using: &rng)!
                let to = Swift.max(b.start, from.addingTimeInterval(1))
                if to <= reference.horizon { windows.append((from, to)) }
            }
            // Days around every daylight-saving change of the elements' zones.
            var transitions: [Date] = []
            for zone in Set(schedule.elements.map(\.calendar.timeZone.identifier)) {
                let timeZone = gregorian(zone).timeZone
                var next = timeZone.nextDaylightSavingTimeTransition(after: testCase.origin)
                while let transition = next, transition < reference.horizon.addingTimeInterval(-3 * 86_400) {
                    transitions.append(transition)
                    let calendar = gregorian(zone)
                    for offset in [-1.0, 1.0] {
                        let day = DateInterval.ockDay(containing: transition.addingTimeInterval(offset), calendar: calendar)
                        windows.append((day.start, day.end))
                    }
                    windows.append((transition.addingTimeInterval(-2 * 86_400), transition.addingTimeInterval(2 * 86_400)))
                    next = timeZone.nextDaylightSavingTimeTransition(after: transition)
                }
            }
            for (from, to) in windows {
                let ours = schedule.events(from: from, to: to)
                let expected = reference.events(from: from, to: to)
                if ours.count != expected.count || !zip(ours, expected).allSatisfy({ Self.matches($0, $1, in: schedule) }) {
                    mismatches.append(
                        "events(from: \(from.timeIntervalSinceReferenceDate), to: \(to.timeIntervalSinceReferenceDate)): got \(ours.map(\.occurrence)) expected \(expected.map(\.occurrence))"
                            + (ours.first.map { " first got " + Self.describe($0) } ?? "") + (expected.first.map { " first expected \($0)" } ?? ""))
                }
            }

            // Occurrences: the first ones, the last ones known to the walk, and random ones.
            var indices = Set(0..<Swift.min(30, events.count))
            indices.formUnion(Swift.max(0, events.count - 10)..<events.count)
            for _ in 0..<40 where !events.isEmpty { indices.insert(Int.random(in: 0..<events.count, using: &rng)) }
            for transition in transitions {
                for (n, event) in events.enumerated() where abs(event.start.timeIntervalSince(transition)) < 2 * 86_400 {
                    indices.insert(n)
                }
            }
            for n in indices.sorted() {
                let ours = schedule.event(forOccurrenceIndex: n)
                if ours.map({ Self.matches($0, events[n], in: schedule) }) != true {
                    mismatches.append("event(forOccurrenceIndex: \(n)): got \(Self.describe(ours)) expected \(events[n])")
                }
            }

            // A run of consecutive occurrences.
            if events.count > 12 {
                let first = Int.random(in: 0..<(events.count - 12), using: &rng)
                let run = schedule.events(betweenOccurrenceIndex: first, and: first + 12)
                if run.count != 12 || !zip(run, events[first..<(first + 12)]).allSatisfy({ Self.matches($0, $1, in: schedule) }) {
                    mismatches.append("events(betweenOccurrenceIndex: \(first), and: \(first + 12)): got \(run.map(\.occurrence))")
                }
            }

            // A finite schedule that ended before the horizon has no occurrence past its last.
            if let end = schedule.endDate(), end <= reference.horizon {
                let past = schedule.event(forOccurrenceIndex: events.count)
                if past != nil { mismatches.append("event(forOccurrenceIndex: \(events.count)) past the end: got \(Self.describe(past))") }
            }

            #expect(mismatches.isEmpty, "\(testCase.summary)\n\(mismatches.prefix(6).joined(separator: "\n"))\n(\(mismatches.count) mismatches)")
        }
    }
}
