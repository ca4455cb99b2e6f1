import CareKitStore
import CareKitUI
import Foundation

/// Shows the first event of a task with its instructions and a "Mark as Completed" button.
open class OCKInstructionsTaskViewSynchronizer: OCKDefaultViewSynchronizer {
    public required init() {}

    open func makeView() -> OCKInstructionsTaskView { OCKInstructionsTaskView() }

    open func updateView(_ view: OCKInstructionsTaskView, context: OCKSynchronizationContext<OCKTaskEvents>) {
        let event = context.viewModel.firstEvent
        _TaskCard.configureHeader(
            view.headerView, task: event?.task,
            detail: event.map { context.formatter.timeDescription($0.scheduleEvent) }, context: context)
        _TaskCard.markStatus(view.headerView, event: event, context: context)
        view.instructionsLabel.text = event?.task.instructions
        _TaskCard.configureCompletion(view.completionButton, event: event, context: context)
    }
}
