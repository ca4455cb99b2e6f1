import CareKitCalendar
import CareKitStore
import Foundation
import Testing

/// The feed's VTIMEZONEs: each zone's current rule as yearly observances (as calendar apps write
/// them), after the changes before it, read back here without the feed's code and compared
/// with Foundation's zone data. (Python's readers check them too: Tests/interop.)
@Suite("Calendar feed: time zones")
struct CalendarTimeZoneTests {

    static func calendar(_ identifier: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: identifier)!
        return calendar
    }

    static let utc = TimeZoneReading.utc

    static func utcDate(_ year: Int, _ month: Int = 1, _ day: Int = 1) -> Date {
        utc.date(from: DateComponents(year: year, month: month, day: day))!
    }

    /// A feed made on January 1st, 2026, with the default horizon of three years, of one task
    /// at 08:00 every day from then in each zone.
    static func feed(_ identifiers: [String]) -> String {
        let tasks = identifiers.enumerated().map { index, identifier in
            let calendar = calendar(identifier)
            let start = calendar.date(from: DateComponents(year: 2026, month: 1, day: 1, hour: 8))!
            let element = OCKScheduleElement(start: start, end: nil, interval: DateComponents(day: 1), duration: .hours(1), calendar: calendar)
            var task = OCKTask(id: "task-\(index)", title: identifier, carePlanUUID: nil, schedule: OCKSchedule(composing: [element]))
            task.effectiveDate = start
            return task
        }
        let now = utcDate(2026)
        return OCKCalendarFeed(name: "Plan", versions: tasks, now: now, horizon: utc.date(byAdding: .year, value: 3, to: now)).ics()
    }

    static func zone(_ identifier: String) -> TimeZoneReading? {
        TimeZoneReading.zones(in: feed([identifier]))[identifier]
    }

    /// Where the VTIMEZONE and Foundation disagree between two dates: at every change of
    /// Foundation's zone and the second before it, and at an hour every five days and seven hours.
    static func disagreements(_ reading: TimeZoneReading, from start: Date, to end: Date) -> (checked: Int, wrong: [String]) {
        guard let zone = TimeZone(identifier: reading.identifier) else { return (0, ["no zone \(reading.identifier)"]) }
        let onsets = reading.onsets(through: utc.component(.year, from: end) + 1)
        var instants: [Date] = []
        var cursor = start
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next < end {
            instants += [next.addingTimeInterval(-1), next]
            cursor = next
        }
        instants += stride(from: start.timeIntervalSinceReferenceDate, to: end.timeIntervalSinceReferenceDate, by: 5 * 86_400 + 7 * 3600).map(Date.init(timeIntervalSinceReferenceDate:))
        let wrong = instants.compactMap { instant -> String? in
            let read = TimeZoneReading.offset(at: instant, in: onsets)
            return read == zone.secondsFromGMT(for: instant) ? nil : "\(reading.identifier) at \(instant): \(read.map(String.init) ?? "none"), not \(zone.secondsFromGMT(for: instant))"
        }
        return (instants.count, wrong)
    }

    @Test("New York: the 2007 rule, second Sunday of March and first of November, and nothing else")
    func newYork() throws {
        let reading = try #require(Self.zone("America/New_York"))
        #expect(reading.observances.count == 2)
        let daylight = try #require(reading.observances.first { $0.kind == "DAYLIGHT" })
        let standard = try #require(reading.observances.first { $0.kind == "STANDARD" })
        #expect(daylight.start == [2007, 3, 11, 2, 0, 0] && daylight.rule == ["FREQ": "YEARLY", "BYMONTH": "3", "BYDAY": "2SU"])
        #expect(standard.start == [2007, 11, 4, 2, 0, 0] && standard.rule == ["FREQ": "YEARLY", "BYMONTH": "11", "BYDAY": "1SU"])
        #expect((daylight.from, daylight.to, standard.from, standard.to) == (-5 * 3600, -4 * 3600, -4 * 3600, -5 * 3600))
    }

    @Test("A feed whose horizon is 2029 keeps New York's summer time in 2030 and after")
    func pastTheHorizon() throws {
        let onsets = try #require(Self.zone("America/New_York")).onsets(through: 2046)
        for year in [2029, 2030, 2035, 2045] {
            #expect(TimeZoneReading.offset(at: Self.utcDate(year, 7, 1), in: onsets) == -4 * 3600, "July \(year)")
            #expect(TimeZoneReading.offset(at: Self.utcDate(year, 12, 1), in: onsets) == -5 * 3600, "December \(year)")
        }
    }

    @Test("Europe: the last Sunday of March and of October")
    func berlin() throws {
        let reading = try #require(Self.zone("Europe/Berlin"))
        #expect(Set(reading.observances.map { "\($0.rule["BYMONTH"] ?? "") \($0.rule["BYDAY"] ?? "")" }) == ["3 -1SU", "10 -1SU"])
        #expect(reading.observances.allSatisfy { $0.start[3] == ($0.kind == "DAYLIGHT" ? 2 : 3) })
    }

    @Test("Southern summers: Sydney and Lord Howe (half an hour) from the first Sunday of October to the first of April")
    func southern() throws {
        for (identifier, standard, daylight) in [("Australia/Sydney", 10 * 3600, 11 * 3600), ("Australia/Lord_Howe", 10 * 3600 + 1800, 11 * 3600)] {
            let reading = try #require(Self.zone(identifier))
            let summer = try #require(reading.observances.first { $0.kind == "DAYLIGHT" }, "\(identifier)")
            let winter = try #require(reading.observances.first { $0.kind == "STANDARD" }, "\(identifier)")
            #expect(reading.observances.count == 2, "\(identifier)")
            #expect(summer.rule == ["FREQ": "YEARLY", "BYMONTH": "10", "BYDAY": "1SU"] && winter.rule == ["FREQ": "YEARLY", "BYMONTH": "4", "BYDAY": "1SU"])
            #expect((summer.from, summer.to, winter.from, winter.to) == (standard, daylight, daylight, standard), "\(identifier)")
        }
    }

    @Test("No daylight saving: Tokyo, Kolkata, and São Paulo, which stopped in 2019")
    func withoutDaylightSaving() throws {
        for (identifier, offset) in [("Asia/Tokyo", 9 * 3600), ("Asia/Kolkata", 5 * 3600 + 1800), ("America/Sao_Paulo", -3 * 3600)] {
            let reading = try #require(Self.zone(identifier))
            #expect(reading.observances.allSatisfy { $0.rule.isEmpty }, "\(identifier): nothing repeats")
            #expect(!reading.observances.contains { $0.kind == "DAYLIGHT" && $0.start[0] >= 2019 }, "\(identifier)")
            let onsets = reading.onsets(through: 2046)
            #expect(onsets.count == 1, "\(identifier): one observance, in force from before the span")
            #expect(TimeZoneReading.offset(at: Self.utcDate(2026), in: onsets) == offset && TimeZoneReading.offset(at: Self.utcDate(2045, 1, 15), in: onsets) == offset)
        }
        let saoPaulo = try #require(Self.zone("America/Sao_Paulo")?.observances.first)
        #expect(saoPaulo.kind == "STANDARD" && saoPaulo.start[0] == 2019 && saoPaulo.from == -2 * 3600, "the last change, February 2019, from summer time")
    }

    @Test("A zone whose rule changed within the span: its earlier change listed, then the rule")
    func ruleChangedWithinTheSpan() throws {
        // The feed's span starts 400 days before its first event: late 2024. Santiago's rule of
        // 2023 (the first Sunday from September 2nd) is older; a span from 2021 sees 2022's
        // change on September 11th listed before it.
        let calendar = Self.calendar("America/Santiago")
        let start = calendar.date(from: DateComponents(year: 2022, month: 6, day: 1, hour: 8))!
        var task = OCKTask(
            id: "t", title: "t", carePlanUUID: nil,
            schedule: OCKSchedule(composing: [OCKScheduleElement(start: start, end: nil, interval: DateComponents(day: 1), duration: .hours(1), calendar: calendar)]))
        task.effectiveDate = start
        let text = OCKCalendarFeed(name: "Plan", versions: [task], now: Self.utcDate(2026), horizon: Self.utcDate(2029)).ics()
        let reading = try #require(TimeZoneReading.zones(in: text)["America/Santiago"])
        let september = try #require(reading.observances.first { $0.kind == "DAYLIGHT" && !$0.rule.isEmpty })
        #expect(september.rule["BYMONTH"] == "9" && september.rule["BYDAY"] == "SU" && september.rule["BYMONTHDAY"] == "2,3,4,5,6,7,8")
        #expect(september.start[0] == 2023)
        #expect(reading.observances.contains { $0.kind == "DAYLIGHT" && $0.rule.isEmpty && $0.start[0...2] == [2022, 9, 11] })
        let checks = Self.disagreements(reading, from: Self.utcDate(2021, 5, 1), to: Self.utcDate(2046))
        #expect(checks.wrong.isEmpty, "\(checks.wrong.prefix(5))")
    }

    @Test("Eight zones read back as Foundation's from the span's start to twenty years past the horizon")
    func featuredZones() {
        let identifiers = ["America/New_York", "Europe/Berlin", "Australia/Sydney", "Australia/Lord_Howe", "America/Santiago", "America/Sao_Paulo", "Asia/Tokyo", "Asia/Kolkata"]
        let zones = TimeZoneReading.zones(in: Self.feed(identifiers))
        #expect(Set(zones.keys) == Set(identifiers), "one VTIMEZONE per zone used")
        for identifier in identifiers {
            guard let reading = zones[identifier] else { continue }
            let checks = Self.disagreements(reading, from: Self.utcDate(2025), to: Self.utcDate(2049))
            #expect(checks.checked > 1_500 && checks.wrong.isEmpty, "\(checks.wrong.prefix(5))")
        }
    }

    @Test("Every zone Foundation knows reads back as Foundation's from the span's start to two years past the horizon")
    func everyZone() {
        var checked = 0
        var wrong: [String] = []
        for identifier in TimeZone.knownTimeZoneIdentifiers {
            guard let reading = Self.zone(identifier) else {
                wrong.append("\(identifier): no VTIMEZONE")
                continue
            }
            let checks = Self.disagreements(reading, from: Self.utcDate(2025), to: Self.utcDate(2031))
            checked += checks.checked
            wrong += checks.wrong
        }
        #expect(TimeZone.knownTimeZoneIdentifiers.count > 300 && checked > 100_000)
        #expect(wrong.isEmpty, "\(wrong.count) disagreements, e.g. \(wrong.prefix(10))")
    }
}
