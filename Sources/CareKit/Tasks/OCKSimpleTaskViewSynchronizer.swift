import CareKitStore
import CareKitUI
import Foundation

/// Shows the first event of a task on an ``OCKSimpleTaskView``: title, time, and a checkmark.
open class OCKSimpleTaskViewSynchronizer: OCKDefaultViewSynchronizer {
    public required init() {}

    open func makeView() -> OCKSimpleTaskView { OCKSimpleTaskView() }

    open func updateView(_ view: OCKSimpleTaskView, context: OCKSynchronizationContext<OCKTaskEvents>) {
        let event = context.viewModel.firstEvent
        _TaskCard.configureHeader(
            view.headerView, task: event?.task,
            detail: event.map { context.formatter.timeDescription($0.scheduleEvent) }, context: context)
        _TaskCard.markStatus(view.headerView, event: event, context: context)
        _TaskCard.configureCompletion(view.completionButton, event: event, context: context)
    }
}
