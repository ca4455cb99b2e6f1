import CareKitStore
import CareKitUI
import Foundation

/// The sum of the first event's values against its target ("3 of 8 glasses").
open class OCKNumericProgressTaskViewSynchronizer: OCKDefaultViewSynchronizer {
    public required init() {}

    open func makeView() -> OCKNumericProgressTaskView { OCKNumericProgressTaskView() }

    open func updateView(_ view: OCKNumericProgressTaskView, context: OCKSynchronizationContext<OCKTaskEvents>) {
        let event = context.viewModel.firstEvent
        _TaskCard.configureHeader(
            view.headerView, task: event?.task,
            detail: event.map { context.formatter.timeDescription($0.scheduleEvent) }, context: context)
        view.instructionsLabel.text = event?.task.instructions
        guard let event else {
            view.progressLabel.text = OCKLocalization.number(0)
            view.goalLabel.text = nil
            view.isComplete = false
            view.fractionCompleted = nil
            return
        }
        let progress = event.computeProgress(by: .summingOutcomeValues)
        view.progressLabel.text = OCKLocalization.plainNumber(progress.value)
        view.goalLabel.text = progress.goal.map(OCKLocalization.plainNumber)
        view.isComplete = progress.isCompleted
        view.fractionCompleted = progress.clampedFractionCompleted
    }
}
