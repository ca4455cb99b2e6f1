import CareKitStore
import CareKitUI
import Foundation

/// Shows an assessment's first event with its recorded answers and a button to its survey.
open class OCKSurveyTaskViewSynchronizer: OCKDefaultViewSynchronizer {
    public required init() {}

    open func makeView() -> OCKSurveyTaskView { OCKSurveyTaskView() }

    open func updateView(_ view: OCKSurveyTaskView, context: OCKSynchronizationContext<OCKTaskEvents>) {
        let event = context.viewModel.firstEvent
        _TaskCard.configureHeader(
            view.headerView, task: event?.task,
            detail: event.map { context.formatter.timeDescription($0.scheduleEvent) }, context: context)
        _TaskCard.markStatus(view.headerView, event: event, context: context)
        let survey = (event?.task as? OCKTask)?.survey
        let values = event?.outcome?.values ?? []
        view.answers = values.map { value in
            let prompt = survey?.questions.first { $0.id == value.kind }?.prompt ?? value.kind ?? loc("Value")
            return (prompt, context.formatter.value(value))
        }
        view.surveyButton.label.text = values.isEmpty ? loc("Record") : loc("Edit answers")
        view.surveyButton.isSelected = !values.isEmpty
        _TaskCard.configureAction(view.surveyButton, event: event, context: context) { $0.surveyAction(for: $1) }
        _TaskCard.markTiming(view.surveyButton, event: event, context: context)
    }
}
