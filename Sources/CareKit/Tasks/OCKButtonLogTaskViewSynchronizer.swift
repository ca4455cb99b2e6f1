import CareKitStore
import CareKitUI
import Foundation

/// A "Log" button and the values logged on the first event, each with its time; pressing a
/// logged value deletes it.
open class OCKButtonLogTaskViewSynchronizer: OCKDefaultViewSynchronizer {
    public required init() {}

    open func makeView() -> OCKButtonLogTaskView { OCKButtonLogTaskView() }

    open func updateView(_ view: OCKButtonLogTaskView, context: OCKSynchronizationContext<OCKTaskEvents>) {
        let event = context.viewModel.firstEvent
        _TaskCard.configureHeader(
            view.headerView, task: event?.task,
            detail: event.map { context.formatter.timeDescription($0.scheduleEvent) }, context: context)
        view.instructionsLabel.text = event?.task.instructions
        _TaskCard.configureAction(view.logButton, event: event, context: context) { $0.logAction(for: $1) }
        view.clearItems()
        guard let event, let values = event.outcome?.values else { return }
        for (index, value) in values.enumerated() {
            let detail: String? = value.type == .boolean ? nil : context.formatter.value(value)
            let item = view.appendItem(withTitle: context.formatter.time(value.createdDate), detail: detail)
            item.accessibilityLabel = loc("Delete the entry logged at {time}", ["time": context.formatter.time(value.createdDate)])
            item.action = context.actions?.deleteValueAction(for: event, valueIndex: index)
        }
    }
}
