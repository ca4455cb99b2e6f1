import CareKitStore
import CareKitUI
import Foundation

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
            let state = event.outcome == nil ? _TaskCard.timingWords(event, context: context) ?? "not done" : "done"
            item.accessibilityLabel = "\(context.formatter.shortTimeDescription(event.scheduleEvent)), \(event.task.title ?? event.task.id), \(state)"
            _TaskCard.configureCompletion(item, event: event, context: context)
        }
    }
}
