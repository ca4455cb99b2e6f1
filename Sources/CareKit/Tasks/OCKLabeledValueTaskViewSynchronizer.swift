import CareKitStore
import CareKitUI
import Foundation

/// The first recorded value of the first event, with its unit, or "No data".
open class OCKLabeledValueTaskViewSynchronizer: OCKDefaultViewSynchronizer {
    public required init() {}

    open func makeView() -> OCKLabeledValueTaskView { OCKLabeledValueTaskView() }

    open func updateView(_ view: OCKLabeledValueTaskView, context: OCKSynchronizationContext<OCKTaskEvents>) {
        let event = context.viewModel.firstEvent
        _TaskCard.configureHeader(
            view.headerView, task: event?.task,
            detail: event.map { context.formatter.timeDescription($0.scheduleEvent) }, context: context)
        if let value = event?.outcome?.values.first, let measured = context.formatter.measurement(value) {
            view.status = .complete(measured.number, measured.units)
        } else if let value = event?.outcome?.values.first {
            var number = context.formatter.value(value)
            if let units = value.units, number.hasSuffix(" \(units)") { number.removeLast(units.count + 1) }
            view.status = .complete(number, value.units)
        } else {
            view.status = .incomplete(loc("No data"))
        }
    }
}
