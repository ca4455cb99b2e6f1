import CareKitStore
import CareKitUI
import Foundation

/// Shows the first event of a task on an ``OCKSimpleTaskView``: title, time, and a checkmark.
open class OCKSimpleTaskViewSynchronizer: OCKDefaultViewSynchronizer {
    public required init() {}

    open func makeView() -> OCKSimpleTaskView { OCKSimpleTaskView() }

    open func updateView(_ view: OCKSimpleTaskView, context: OCKSynchronizationContext<OCKTaskEvents>) {
        let event = context.viewModel.firstEvent
        _TaskCard.configureHeader(view.headerView, task: event?.task,
                                  detail: event.map { context.formatter.timeDescription($0.scheduleEvent) }, context: context)
        _TaskCard.configureCompletion(view.completionButton, event: event, context: context)
    }
}

/// A synchronized simple task card.
open class OCKSimpleTaskViewController: OCKTaskViewController<OCKSimpleTaskViewSynchronizer>, @unchecked Sendable {}

/// Shows the first event of a task with its instructions and a "Mark as Completed" button.
open class OCKInstructionsTaskViewSynchronizer: OCKDefaultViewSynchronizer {
    public required init() {}

    open func makeView() -> OCKInstructionsTaskView { OCKInstructionsTaskView() }

    open func updateView(_ view: OCKInstructionsTaskView, context: OCKSynchronizationContext<OCKTaskEvents>) {
        let event = context.viewModel.firstEvent
        _TaskCard.configureHeader(view.headerView, task: event?.task,
                                  detail: event.map { context.formatter.timeDescription($0.scheduleEvent) }, context: context)
        view.instructionsLabel.text = event?.task.instructions
        _TaskCard.configureCompletion(view.completionButton, event: event, context: context)
    }
}

/// A synchronized instructions task card.
open class OCKInstructionsTaskViewController: OCKTaskViewController<OCKInstructionsTaskViewSynchronizer>, @unchecked Sendable {}

/// One checklist row per event of the first task: its time (or text) and a checkmark.
open class OCKChecklistTaskViewSynchronizer: OCKDefaultViewSynchronizer {
    public required init() {}

    open func makeView() -> OCKChecklistTaskView { OCKChecklistTaskView() }

    open func updateView(_ view: OCKChecklistTaskView, context: OCKSynchronizationContext<OCKTaskEvents>) {
        let events = context.viewModel.first ?? []
        _TaskCard.configureHeader(view.headerView, task: events.first?.task, detail: _TaskCard.progressDetail(events), context: context)
        view.instructionsLabel.text = events.first?.task.instructions
        view.clearItems()
        for event in events {
            let item = view.appendItem(withTitle: context.formatter.timeDescription(event.scheduleEvent))
            _TaskCard.configureCompletion(item, event: event, context: context)
        }
    }
}

/// A synchronized checklist task card.
open class OCKChecklistTaskViewController: OCKTaskViewController<OCKChecklistTaskViewSynchronizer>, @unchecked Sendable {}

/// One round checkmark per event of the first task, captioned with its time.
open class OCKGridTaskViewSynchronizer: OCKDefaultViewSynchronizer {
    public required init() {}

    open func makeView() -> OCKGridTaskView { OCKGridTaskView() }

    open func updateView(_ view: OCKGridTaskView, context: OCKSynchronizationContext<OCKTaskEvents>) {
        let events = context.viewModel.first ?? []
        _TaskCard.configureHeader(view.headerView, task: events.first?.task, detail: _TaskCard.progressDetail(events), context: context)
        view.instructionsLabel.text = events.first?.task.instructions
        view.clearItems()
        for event in events {
            let item = view.appendItem(withTitle: context.formatter.shortTimeDescription(event.scheduleEvent))
            // The visible time comes first in the name (WCAG 2.5.3), then the task and the state.
            item.accessibilityLabel = "\(context.formatter.shortTimeDescription(event.scheduleEvent)), \(event.task.title ?? event.task.id), \(event.outcome == nil ? "not done" : "done")"
            _TaskCard.configureCompletion(item, event: event, context: context)
        }
    }
}

/// A synchronized grid task card.
open class OCKGridTaskViewController: OCKTaskViewController<OCKGridTaskViewSynchronizer>, @unchecked Sendable {}

/// A "Log" button and the values logged on the first event, each with its time; pressing a
/// logged value deletes it.
open class OCKButtonLogTaskViewSynchronizer: OCKDefaultViewSynchronizer {
    public required init() {}

    open func makeView() -> OCKButtonLogTaskView { OCKButtonLogTaskView() }

    open func updateView(_ view: OCKButtonLogTaskView, context: OCKSynchronizationContext<OCKTaskEvents>) {
        let event = context.viewModel.firstEvent
        _TaskCard.configureHeader(view.headerView, task: event?.task,
                                  detail: event.map { context.formatter.timeDescription($0.scheduleEvent) }, context: context)
        view.instructionsLabel.text = event?.task.instructions
        _TaskCard.configureAction(view.logButton, event: event, context: context) { $0.logAction(for: $1) }
        view.clearItems()
        guard let event, let values = event.outcome?.values else { return }
        for (index, value) in values.enumerated() {
            let detail: String? = value.type == .boolean ? nil : context.formatter.value(value)
            let item = view.appendItem(withTitle: context.formatter.time(value.createdDate), detail: detail)
            item.accessibilityLabel = "Delete the entry logged at \(context.formatter.time(value.createdDate))"
            item.action = context.actions?.deleteValueAction(for: event, valueIndex: index)
        }
    }
}

/// A synchronized button-log task card.
open class OCKButtonLogTaskViewController: OCKTaskViewController<OCKButtonLogTaskViewSynchronizer>, @unchecked Sendable {}

/// The sum of the first event's values against its target ("3 of 8 glasses").
open class OCKNumericProgressTaskViewSynchronizer: OCKDefaultViewSynchronizer {
    public required init() {}

    open func makeView() -> OCKNumericProgressTaskView { OCKNumericProgressTaskView() }

    open func updateView(_ view: OCKNumericProgressTaskView, context: OCKSynchronizationContext<OCKTaskEvents>) {
        let event = context.viewModel.firstEvent
        _TaskCard.configureHeader(view.headerView, task: event?.task,
                                  detail: event.map { context.formatter.timeDescription($0.scheduleEvent) }, context: context)
        view.instructionsLabel.text = event?.task.instructions
        guard let event else {
            view.progressLabel.text = "0"
            view.goalLabel.text = nil
            view.isComplete = false
            view.fractionCompleted = nil
            return
        }
        let progress = event.computeProgress(by: .summingOutcomeValues)
        view.progressLabel.text = OCKSurveyQuestion.format(progress.value)
        view.goalLabel.text = progress.goal.map(OCKSurveyQuestion.format)
        view.isComplete = progress.isCompleted
        view.fractionCompleted = progress.clampedFractionCompleted
    }
}

/// A synchronized numeric progress task card.
open class OCKNumericProgressTaskViewController: OCKTaskViewController<OCKNumericProgressTaskViewSynchronizer>, @unchecked Sendable {}

/// The first recorded value of the first event, with its unit, or "No data".
open class OCKLabeledValueTaskViewSynchronizer: OCKDefaultViewSynchronizer {
    public required init() {}

    open func makeView() -> OCKLabeledValueTaskView { OCKLabeledValueTaskView() }

    open func updateView(_ view: OCKLabeledValueTaskView, context: OCKSynchronizationContext<OCKTaskEvents>) {
        let event = context.viewModel.firstEvent
        _TaskCard.configureHeader(view.headerView, task: event?.task,
                                  detail: event.map { context.formatter.timeDescription($0.scheduleEvent) }, context: context)
        if let value = event?.outcome?.values.first {
            var number = context.formatter.value(value)
            if let units = value.units, number.hasSuffix(" \(units)") { number.removeLast(units.count + 1) }
            view.status = .complete(number, value.units)
        } else {
            view.status = .incomplete("No data")
        }
    }
}

/// A synchronized labeled value task card.
open class OCKLabeledValueTaskViewController: OCKTaskViewController<OCKLabeledValueTaskViewSynchronizer>, @unchecked Sendable {}
