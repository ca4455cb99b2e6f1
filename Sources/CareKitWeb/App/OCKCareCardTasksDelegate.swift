import CareKit
import CareKitHTTP
import CareKitStore
import CareKitUI
import Foundation

/// Shows tasks without a survey (interventions) with CareKit's default cards.
public final class OCKCareCardTasksDelegate: OCKDailyTasksPageViewControllerDelegate {
    public init() {}

    public func dailyTasksPageViewController(_ viewController: OCKDailyTasksPageViewController, shouldShowTask task: any OCKAnyTask) -> Bool {
        (task as? OCKTask)?.survey == nil
    }
}
