import Foundation

/// A week of days, each a completion ring button, with the selected day marked.
///
/// Everything about dates is explicit: the calendar (with its time zone, locale and first
/// weekday) comes from the caller, and no clock is read.
///
/// ```swift
/// let week = OCKWeekCalendarView(weekOfDate: today, calendar: calendar)
/// week.selectDate(today)
/// week.completionRing(for: today)?.ring.state = .progress(0.5)
/// ```
open class OCKWeekCalendarView: OCKView, OCKCardable {
    /// The days, in calendar order (seven for a week).
    public private(set) var completionRingButtons: [OCKCompletionRingButton] = []
    /// The start of each day, parallel to ``completionRingButtons``.
    public private(set) var dates: [Date] = []
    /// The calendar the days were computed with.
    public let calendar: Calendar
    /// The week shown (from the start of its first day to the end of its last).
    public private(set) var dateInterval: DateInterval
    /// Whether the card look is applied.
    open var isCardEnabled = true

    /// The week that contains `date`, in `calendar` (its `firstWeekday`, `timeZone` and
    /// `locale` decide where the week starts, where days change and the weekday letters).
    public init(weekOfDate date: Date, calendar: Calendar) {
        self.calendar = calendar
        let week =
            calendar.dateInterval(of: .weekOfYear, for: date)
            ?? DateInterval(start: calendar.startOfDay(for: date), duration: 7 * 86_400)
        var days: [Date] = []
        var day = week.start
        while day < week.end, days.count < 7 {
            days.append(day)
            guard let next = calendar.date(byAdding: .day, value: 1, to: day), next > day else { break }
            day = next
        }
        dateInterval = week
        super.init()
        setDays(days)
    }

    /// A calendar of arbitrary days (each the start of a day in `calendar`), for ranges
    /// other than a week.
    public init(days: [Date], calendar: Calendar) {
        self.calendar = calendar
        let start = days.first.map(calendar.startOfDay(for:)) ?? Date(timeIntervalSince1970: 0)
        let end = days.last.flatMap { calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: $0)) } ?? start
        dateInterval = DateInterval(start: start, end: max(start, end))
        super.init()
        setDays(days.map(calendar.startOfDay(for:)))
    }

    private func setDays(_ days: [Date]) {
        for button in completionRingButtons { button.removeFromSuperview() }
        dates = days
        // English keeps the calendar's own locale; another language writes its own day names.
        var named = calendar
        if OCKLocalization.language.code != "en" { named.locale = OCKLocalization.language.locale }
        let formatter = OCKDateFormatting(calendar: named, locale: named.locale ?? Locale(identifier: "en_US_POSIX"))
        let symbols = named.veryShortStandaloneWeekdaySymbols
        completionRingButtons = days.map { day in
            let components = calendar.dateComponents([.day, .weekday], from: day)
            let button = OCKCompletionRingButton(title: OCKLocalization.number(components.day ?? 1))
            let weekday = components.weekday ?? 0
            button.weekdayLabel.text = symbols.indices.contains(weekday - 1) ? symbols[weekday - 1] : nil
            button.accessibleDate = formatter.string(from: day, template: "EEEEMMMMd")
            addSubview(button)
            return button
        }
    }

    /// The button of the day containing `date`, if shown.
    public func completionRing(for date: Date) -> OCKCompletionRingButton? {
        let day = dayContaining(date)
        return dates.firstIndex { day.holds($0) }.map { completionRingButtons[$0] }
    }

    /// The day of `date`, worked out once and compared with each shown day (a calendar
    /// comparison per day costs as much as the rest of the week's markup).
    private func dayContaining(_ date: Date) -> _Day {
        guard let interval = calendar.dateInterval(of: .day, for: date) else { return _Day(start: date, end: date) }
        return _Day(start: interval.start, end: interval.end)
    }

    /// The selected day, if any.
    public var selectedDate: Date? {
        completionRingButtons.firstIndex(where: \.isSelected).map { dates[$0] }
    }

    /// Selects the day containing `date` (and deselects the others). A date outside the
    /// week deselects every day.
    public func selectDate(_ date: Date, animated: Bool = false) {
        let selected = dayContaining(date)
        for (index, day) in dates.enumerated() {
            completionRingButtons[index].isSelected = selected.holds(day)
        }
    }

    /// Marks the day containing `date` as today (the caller knows what day it is).
    public func markToday(_ date: Date) {
        let today = dayContaining(date)
        for (index, day) in dates.enumerated() {
            completionRingButtons[index].isToday = today.holds(day)
        }
    }

    override open func makeNode() -> HTMLNode {
        let days: [HTMLNode] = completionRingButtons.map { .element("li", [], [$0.render()]) }
        let label = accessibilityLabel ?? loc("Week")
        return cardNode(
            label: label,
            content: [
                .element("ul", [.class("ock-week")], days)
            ], classes: ["ock-week-calendar-view"])
    }
}

/// One day as the half-open interval from its start to the next day's.
private struct _Day {
    let start: Date
    let end: Date

    /// Whether `date` falls on this day (as `Calendar.isDate(_:inSameDayAs:)` would say).
    func holds(_ date: Date) -> Bool { date >= start && date < end }
}
