import CareKitStore
import CareKitUI
import Foundation

/// One round checkmark per event of the first task, captioned with its time and, when it is
/// due or overdue, with that in words.
open class OCKGridTaskViewSynchronizer: OCKDefaultViewSynchronizer {
    public required init() {}

    open func makeView() -> OCKGridTaskView { OCKGridTaskView() }

    open func updateView(_ view: OCKGridTaskView, context: OCKSynchronizationContext<OCKTaskEvents>) {
        let events = context.viewModel.first ?? []
        _TaskCard.configureHeader(view.headerView, task: events.first?.task, detail: _TaskCard.progressDetail(events), context: context)
        view.instructionsLabel.text = events.first?.task.instructions
        view.clearItems()
        for event in events {
            let time = context.formatter.shortTimeDescription(event.scheduleEvent)
            let item = view.appendItem(withTitle: time)
            item.statusLabel.text = _TaskCard.status(event, context: context)  // the name says it too (see checkmarkName)
            // Done late or early: the mark under the time; the name says it, and when (done is the pressed state).
            let mark = context.formatter.recordingMark(of: event)
            item.detailLabel.text = mark
            var name = _TaskCard.checkmarkName(time, event: event, context: context)
            if let mark, let recorded = event.firstRecordedDate {
                name += loc(", ") + mark + loc(", ") + loc("marked at {time}", ["time": context.formatter.recordedTime(recorded, for: event.scheduleEvent)])
            }
            item.accessibilityLabel = name
            _TaskCard.configureCompletion(item, event: event, context: context)
        }
    }
}
