import CareKitStore
import CareKitUI
import Foundation

/// Chooses the card of each task on a daily page, and which tasks the page shows.
public protocol OCKDailyTasksPageViewControllerDelegate: AnyObject, Sendable {
    /// A controller for a task's card, or nil for the default card.
    func dailyTasksPageViewController(
        _ viewController: OCKDailyTasksPageViewController, viewControllerForTask task: any OCKAnyTask,
        events: [OCKAnyEvent], eventQuery: OCKEventQuery
    ) -> (any OCKAnyTaskViewController)?
    /// Whether the page shows a task (default: every task with an event that day).
    func dailyTasksPageViewController(_ viewController: OCKDailyTasksPageViewController, shouldShowTask task: any OCKAnyTask) -> Bool
}

extension OCKDailyTasksPageViewControllerDelegate {
    public func dailyTasksPageViewController(
        _ viewController: OCKDailyTasksPageViewController, viewControllerForTask task: any OCKAnyTask,
        events: [OCKAnyEvent], eventQuery: OCKEventQuery
    ) -> (any OCKAnyTaskViewController)? { nil }
    public func dailyTasksPageViewController(_ viewController: OCKDailyTasksPageViewController, shouldShowTask task: any OCKAnyTask) -> Bool { true }
}
