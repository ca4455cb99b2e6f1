import CareKitStore
import CareKitUI
import Foundation

/// How one day went: how many events counted, and the mean progress of them.
public struct OCKDayProgress: Hashable, Sendable {
    /// The start of the day.
    public var date: Date
    /// The number of events that count towards adherence.
    public var eventCount: Int
    /// The mean progress of those events (nil without events).
    public var fractionCompleted: Double?

    public init(date: Date, eventCount: Int, fractionCompleted: Double?) {
        self.date = date
        self.eventCount = eventCount
        self.fractionCompleted = fractionCompleted
    }

    /// The days of `interval` with the progress of `events` that count towards adherence
    /// (``OCKAdherence/counts(_:)``), combined as `fetchAdherence` combines them.
    public static func days(in interval: DateInterval, events: [OCKAnyEvent], calendar: Calendar,
                            computeProgress: @Sendable (OCKAnyEvent) -> any CareTaskProgress) -> [OCKDayProgress] {
        let starts = OCKAdherence.days(in: interval, calendar: calendar)
        let byDay = OCKAdherence.countedEvents(events, byDay: starts)
        return zip(starts, byDay).map { day, dayEvents in
            OCKDayProgress(date: day, eventCount: dayEvents.count,
                           fractionCompleted: OCKAdherence.fractionCompleted(of: dayEvents, computeProgress: computeProgress))
        }
    }

    /// The ring for this day: dimmed in the future without progress, empty without events,
    /// zero, or the progress.
    public func completionState(today: Date, calendar: Calendar) -> OCKCompletionState {
        guard let fraction = fractionCompleted else {
            return date > calendar.startOfDay(for: today) ? .dimmed : .empty
        }
        if fraction <= 0 { return date > calendar.startOfDay(for: today) ? .dimmed : .zero }
        return .progress(fraction)
    }
}

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
        for (index, day) in view.dates.enumerated() {
            let button = view.completionRingButtons[index]
            let state = progress[calendar.startOfDay(for: day)]?.completionState(today: today, calendar: calendar)
                ?? (day > calendar.startOfDay(for: today) ? .dimmed : .empty)
            button.ring.state = state
            button.action = context.actions?.dateAction(for: day)
        }
    }
}

/// A synchronized week calendar: the rings follow the week's events.
open class OCKWeekCalendarViewController: SynchronizedViewController<OCKWeekCalendarViewSynchronizer>, @unchecked Sendable {
    /// The week shown.
    public let week: DateInterval

    public init(weekOfDate: Date, selectedDate: Date, today: Date, store: any OCKAnyStoreProtocol, calendar: Calendar,
                computeProgress: @escaping @Sendable (OCKAnyEvent) -> any CareTaskProgress = { BinaryCareTaskProgress(isCompleted: $0.outcome != nil) },
                viewSynchronizer: OCKWeekCalendarViewSynchronizer? = nil) {
        let week = calendar.dateInterval(of: .weekOfYear, for: weekOfDate) ?? DateInterval(start: calendar.startOfDay(for: weekOfDate), duration: 7 * 86_400)
        self.week = week
        let models = store.anyEvents(matching: OCKEventQuery(dateInterval: week)).map {
            OCKDayProgress.days(in: week, events: $0, calendar: calendar, computeProgress: computeProgress)
        }
        super.init(initialViewModel: [], viewModels: models, viewSynchronizer: viewSynchronizer
            ?? OCKWeekCalendarViewSynchronizer(weekOfDate: weekOfDate, selectedDate: selectedDate, today: today, calendar: calendar))
    }
}
