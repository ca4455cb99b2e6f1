import Foundation
import Testing

@testable import CareKitUI

@Suite("Week calendar and completion rings")
struct CalendarTests {
    @Test("A week has seven days from the calendar's first weekday")
    func weekDays() {
        let week = OCKWeekCalendarView(weekOfDate: Fixtures.wednesday, calendar: Fixtures.calendar)
        #expect(week.completionRingButtons.count == 7)
        #expect(week.completionRingButtons.map { $0.label.text ?? "" } == ["3", "4", "5", "6", "7", "8", "9"])
        #expect(week.completionRingButtons.map { $0.weekdayLabel.text ?? "" } == ["S", "M", "T", "W", "T", "F", "S"])
        #expect(week.completionRingButtons.first?.accessibleDate == "Sunday, March 3")

        var monday = Fixtures.calendar
        monday.firstWeekday = 2
        let mondayWeek = OCKWeekCalendarView(weekOfDate: Fixtures.wednesday, calendar: monday)
        #expect(mondayWeek.completionRingButtons.first?.label.text == "4")
        #expect(mondayWeek.completionRingButtons.first?.weekdayLabel.text == "M")
    }

    @Test("Days follow the calendar's time zone, not the machine's")
    func timeZones() throws {
        var tokyo = Fixtures.calendar
        tokyo.timeZone = try #require(TimeZone(identifier: "Asia/Tokyo"))
        // 2024-03-09 20:00 UTC is already Sunday 10 March in Tokyo: a new week.
        let saturdayEveningUTC = Date(timeIntervalSince1970: 1_710_014_400)
        let week = OCKWeekCalendarView(weekOfDate: saturdayEveningUTC, calendar: tokyo)
        #expect(week.completionRingButtons.first?.label.text == "10")
        let utcWeek = OCKWeekCalendarView(weekOfDate: saturdayEveningUTC, calendar: Fixtures.calendar)
        #expect(utcWeek.completionRingButtons.first?.label.text == "3")
    }

    @Test("Selecting a date marks exactly that day")
    func selection() {
        let week = Fixtures.week()
        #expect(week.selectedDate.map { Fixtures.calendar.isDate($0, inSameDayAs: Fixtures.wednesday) } == true)
        #expect(week.completionRingButtons.filter(\.isSelected).count == 1)
        let html = week.html
        #expect(html.occurrences(of: "aria-current=\"date\"") == 1)
        #expect(html.contains("aria-label=\"Wednesday, March 6, 25% complete\" aria-current=\"date\""))
        week.selectDate(Date(timeIntervalSince1970: 0))
        #expect(week.selectedDate == nil)
        #expect(!week.html.contains("aria-current"))
    }

    @Test("Each day submits its own action")
    func dayActions() {
        let html = Fixtures.week().html
        #expect(html.occurrences(of: "<form class=\"ock-form\" method=\"get\" action=\"/care\">") == 7)
        #expect(html.contains("<input type=\"hidden\" name=\"date\" value=\"2024-03-09\">"))
    }

    @Test("completionRing(for:) finds the day of any time in it")
    func lookup() {
        let week = Fixtures.week()
        let lateWednesday = Fixtures.wednesday.addingTimeInterval(11 * 3600)
        #expect(week.completionRing(for: lateWednesday)?.label.text == "6")
        #expect(week.completionRing(for: Date(timeIntervalSince1970: 0)) == nil)
    }

    @Test(
        "Ring states draw differently",
        arguments: [
            (OCKCompletionState.dimmed, "ock-ring-dimmed", "Upcoming"),
            (.empty, "ock-ring-empty", "No tasks"),
            (.zero, "ock-ring-zero", "0% complete"),
            (.progress(0.5), "ock-ring-progress", "50% complete"),
            (.progress(1), "ock-ring-complete", "Complete"),
            (.progress(7), "ock-ring-complete", "Complete"),
            (.progress(-1), "ock-ring-progress", "0% complete"),
            (.progress(.nan), "ock-ring-progress", "0% complete")
        ])
    func ringStates(_ state: OCKCompletionState, _ className: String, _ description: String) {
        let ring = OCKCompletionRingView(state: state)
        let html = ring.html
        #expect(html.contains(className))
        #expect(state.accessibilityDescription == description)
        #expect(!html.contains("NaN"))
        switch state {
        case .empty:
            #expect(html.contains("ock-ring-dot") && !html.contains("ock-ring-track"))
        case .progress where state.fraction > 0 && state.fraction < 1:
            #expect(html.contains("stroke-dasharray=\"50.27 100.53\""))
        case .progress where state.fraction >= 1:
            #expect(html.contains("ock-ring-fill"))
        default:
            #expect(html.contains("ock-ring-track") && !html.contains("ock-ring-progress-arc"))
        }
    }

    @Test("Rings are hidden from screen readers unless labelled; day buttons carry the words")
    func ringAccessibility() {
        #expect(OCKCompletionRingView(state: .zero).html.contains("aria-hidden=\"true\""))
        let labelled = OCKCompletionRingView(state: .zero)
        labelled.accessibilityLabel = "Today: nothing done"
        #expect(labelled.html.contains("role=\"img\" aria-label=\"Today: nothing done\""))
    }

    @Test("A calendar of arbitrary days")
    func arbitraryDays() {
        let days = (0..<3).map { Fixtures.wednesday.addingTimeInterval(Double($0) * 86_400) }
        let view = OCKWeekCalendarView(days: days, calendar: Fixtures.calendar)
        #expect(view.completionRingButtons.map { $0.label.text ?? "" } == ["6", "7", "8"])
        #expect(OCKWeekCalendarView(days: [], calendar: Fixtures.calendar).completionRingButtons.isEmpty)
    }
}

@Suite("Insight messages")
struct MessageTests {
    @Test("Tips and alerts as in the tutorial")
    func messages() {
        let tip = OCKMessageItem(title: "No Insights", text: "You haven't entered any data.", tintColor: .systemOrange, messageType: .tip)
        let tipHTML = tip.html
        #expect(tipHTML.contains("ock-message-tip"))
        #expect(tipHTML.contains("aria-label=\"Tip\""))
        #expect(tipHTML.contains("ock-symbol-asterisk"))
        #expect(tipHTML.contains("--ock-tint:light-dark(#c93400, #ff9f0a)"))
        let alert = OCKMessageItem(title: "Missed", text: "Two doses.", messageType: .alert)
        #expect(alert.html.contains("ock-symbol-exclamationmark-triangle"))
        #expect(alert.html.contains("aria-label=\"Alert\""))
        alert.messageType = .tip
        #expect(alert.html.contains("ock-symbol-asterisk"))
    }
}
