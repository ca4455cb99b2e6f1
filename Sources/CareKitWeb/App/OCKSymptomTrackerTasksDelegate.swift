import CareKit
import CareKitHTTP
import CareKitStore
import CareKitUI
import Foundation

/// Shows tasks with a survey (assessments) as survey cards.
public final class OCKSymptomTrackerTasksDelegate: OCKDailyTasksPageViewControllerDelegate {
    public init() {}

    public func dailyTasksPageViewController(_ viewController: OCKDailyTasksPageViewController, shouldShowTask task: any OCKAnyTask) -> Bool {
        (task as? OCKTask)?.survey != nil
    }

    public func dailyTasksPageViewController(
        _ viewController: OCKDailyTasksPageViewController, viewControllerForTask task: any OCKAnyTask,
        events: [OCKAnyEvent], eventQuery: OCKEventQuery
    ) -> (any OCKAnyTaskViewController)? {
        OCKSurveyTaskViewController(query: eventQuery, store: viewController.store)
    }
}
