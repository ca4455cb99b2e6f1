import CareKitStore
import CareKitUI
import Foundation

/// A week of completion rings, one per day, the selected day marked; tapping a day shows it.
open class OCKWeekCalendarViewSynchronizer: ViewSynchronizing {
    /// A day of the week shown.
    public let weekOfDate: Date
    /// The day marked as selected.
    public let selectedDate: Date
    /// Today (days after it are dimmed).
    public let today: Date
    /// The calendar of the week.
    public let calendar: Calendar

    public init(weekOfDate: Date, selectedDate: Date, today: Date, calendar: Calendar) {
        self.weekOfDate = weekOfDate
        self.selectedDate = selectedDate
        self.today = today
        self.calendar = calendar
    }

    open func makeView() -> OCKWeekCalendarView {
        let view = OCKWeekCalendarView(weekOfDate: weekOfDate, calendar: calendar)
        view.selectDate(selectedDate)
        view.markToday(today)
        return view
    }

    open func updateView(_ view: OCKWeekCalendarView, context: OCKSynchronizationContext<[OCKDayProgress]>) {
        let progress = Dictionary(context.viewModel.map { ($0.date, $0) }, uniquingKeysWith: { first, _ in first })
        let startOfToday = calendar.startOfDay(for: today)
        for (index, day) in view.dates.enumerated() {
            let button = view.completionRingButtons[index]
            // The shown days are day starts already, as the progress's days are; the calendar
            // is asked only when a day is not found as it is.
            let found = progress[day] ?? progress[calendar.startOfDay(for: day)]
            let state =
                found?.completionState(startOfToday: startOfToday)
                ?? (day > startOfToday ? .dimmed : .empty)
            button.ring.state = state
            button.action = context.actions?.dateAction(for: day)
        }
    }
}
