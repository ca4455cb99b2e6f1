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
        let task = event?.task as? OCKTask
        let survey = task?.survey
        let values = event?.outcome?.values ?? []
        let rows = _TaskCard.answerRows(values: values, survey: survey, measurement: task.flatMap(OCKTaskMeasurement.init(task:)), event: event, formatter: context.formatter)
        view.answers = rows.map { ($0.question, $0.answer) }
        view.flags = rows.map(\.flag)
        view.surveyButton.label.text = values.isEmpty ? loc("Record") : loc("Edit answers")
        view.surveyButton.isSelected = !values.isEmpty
        _TaskCard.configureAction(view.surveyButton, event: event, context: context) { $0.surveyAction(for: $1) }
        _TaskCard.markTiming(view.surveyButton, event: event, context: context)
    }
}
