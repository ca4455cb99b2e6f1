import CareKitStore
import CareKitUI
import Foundation

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
            let title = _TaskCard.timedDetail(event, context: context)
            let item = view.appendItem(withTitle: title)
            item.accessibilityLabel = _TaskCard.checkmarkName(title, event: event, context: context)  // named like a grid's
            _TaskCard.configureCompletion(item, event: event, context: context)
        }
    }
}
