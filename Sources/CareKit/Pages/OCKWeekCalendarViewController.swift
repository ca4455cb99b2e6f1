import CareKitStore
import CareKitUI
import Foundation

/// A synchronized week calendar: the rings follow the week's events.
open class OCKWeekCalendarViewController: SynchronizedViewController<OCKWeekCalendarViewSynchronizer>, @unchecked Sendable {
    /// The week shown.
    public let week: DateInterval

    public init(
        weekOfDate: Date, selectedDate: Date, today: Date, store: any OCKAnyStoreProtocol, calendar: Calendar,
        computeProgress: @escaping @Sendable (OCKAnyEvent) -> any CareTaskProgress = { BinaryCareTaskProgress(isCompleted: $0.outcome != nil) },
        viewSynchronizer: OCKWeekCalendarViewSynchronizer? = nil
    ) {
        let week = calendar.dateInterval(of: .weekOfYear, for: weekOfDate) ?? DateInterval(start: calendar.startOfDay(for: weekOfDate), duration: 7 * 86_400)
        self.week = week
        let models = store.anyEvents(matching: OCKEventQuery(dateInterval: week)).map {
            OCKDayProgress.days(in: week, events: $0, calendar: calendar, computeProgress: computeProgress)
        }
        super.init(
            initialViewModel: [], viewModels: models,
            viewSynchronizer: viewSynchronizer
                ?? OCKWeekCalendarViewSynchronizer(weekOfDate: weekOfDate, selectedDate: selectedDate, today: today, calendar: calendar))
    }
}
