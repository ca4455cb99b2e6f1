import CareKitStore
import CareKitUI
import Foundation

/// What every task card's header shows: the task's title, a detail line, and a link to the
/// task's details when the app has one.
enum _TaskCard {
    static func configureHeader(_ header: OCKHeaderView, task: (any OCKAnyTask)?, detail: String?, context: OCKSynchronizationContext<OCKTaskEvents>) {
        header.titleLabel.text = task?.title ?? task?.id
        header.detailLabel.text = detail
        header.disclosureURL = task.flatMap { context.actions?.detailURL(for: $0) }
    }

    /// "2 of 6 done" for cards with several events.
    static func progressDetail(_ events: [OCKAnyEvent]) -> String? {
        guard events.count > 1 else { return nil }
        let done = events.filter { $0.outcome != nil }.count
        return "\(done) of \(events.count) done"
    }

    /// Sets a button's state and action for toggling an event.
    static func configureCompletion(_ button: OCKButton, event: OCKAnyEvent?, context: OCKSynchronizationContext<OCKTaskEvents>) {
        let completed = event?.outcome != nil
        button.isSelected = completed
        configureAction(button, event: event, context: context) { $0.completionAction(for: $1, completed: !completed) }
    }

    /// Gives a button its action for an event. A button without an event, or whose action the
    /// app withholds (an event on a day that has not come yet), is disabled; without an action
    /// provider (a printed card) it is inert but shown as it is.
    static func configureAction<Model>(_ button: OCKButton, event: OCKAnyEvent?, context: OCKSynchronizationContext<Model>,
                                       _ action: (any OCKActionProvider, OCKAnyEvent) -> OCKFormAction?) {
        guard let event else {
            button.isEnabled = false
            button.action = nil
            return
        }
        guard let actions = context.actions else {
            button.isEnabled = true
            button.action = nil
            return
        }
        button.action = action(actions, event)
        button.isEnabled = button.action != nil
    }
}
