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
        return loc("{done} of {count} done", count: events.count, ["done": OCKLocalization.number(done)])
    }

    /// Sets a button's state and action for toggling an event.
    static func configureCompletion(_ button: OCKButton, event: OCKAnyEvent?, context: OCKSynchronizationContext<OCKTaskEvents>) {
        let completed = event?.outcome != nil
        button.isSelected = completed
        configureAction(button, event: event, context: context) { $0.completionAction(for: $1, completed: !completed) }
        markTiming(button, event: event, context: context)
    }

    /// Marks a view with where its event stands now (`ock-due-now`, `ock-overdue`), as the
    /// app's action provider tells; other classes the view has are kept.
    static func markTiming<Model>(_ view: OCKView, event: OCKAnyEvent?, context: OCKSynchronizationContext<Model>) {
        view.additionalClasses.removeAll { $0.hasPrefix("ock-timing-") || $0 == "ock-due-now" || $0 == "ock-overdue" }
        guard let event, let timing = context.actions?.timing(of: event) else { return }
        switch timing {
        case .dueNow: view.additionalClasses.append("ock-due-now")
        case .overdue: view.additionalClasses.append("ock-overdue")
        case .upcoming, .missed, .done: break
        }
    }

    /// Shows on a card's header where its event stands when it is due or overdue, or, once
    /// done, when it was done if that was late or early ("Done at 6:30 PM · ◷ 8 h 30 min late").
    static func markStatus<Model>(_ header: OCKHeaderView, event: OCKAnyEvent?, context: OCKSynchronizationContext<Model>) {
        header.statusLabel.text = event.flatMap { event in event.outcome == nil ? status(event, context: context) : doneOffTime(event, context: context) }
    }

    /// An event's time, and where it stands when it is due or overdue ("9:00 AM · Due now"),
    /// or when it was done if that was late or early ("9:00 AM · Done at 6:30 PM · ◷ 8 h 30 min late").
    static func timedDetail<Model>(_ event: OCKAnyEvent, context: OCKSynchronizationContext<Model>) -> String {
        let time = context.formatter.timeDescription(event.scheduleEvent)
        if let done = doneOffTime(event, context: context) { return "\(time) · \(done)" }
        guard let status = status(event, context: context) else { return time }
        return "\(time) · \(status)"
    }

    /// Where an event not yet done stands, as a card shows it ("Due now", "Overdue"), or nil.
    static func status<Model>(_ event: OCKAnyEvent, context: OCKSynchronizationContext<Model>) -> String? {
        guard event.outcome == nil, let words = timingWords(event, context: context) else { return nil }
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// "Done at 6:30 PM · ◷ 8 h 30 min late" for an event done outside its on-time window
    /// (``OCKScheduleEvent/recordingTiming(of:)``, the care report's rule); nil otherwise.
    static func doneOffTime<Model>(_ event: OCKAnyEvent, context: OCKSynchronizationContext<Model>) -> String? {
        guard let recorded = event.firstRecordedDate, let mark = context.formatter.recordingMark(of: event) else { return nil }
        return loc("Done at {time}", ["time": context.formatter.recordedTime(recorded, for: event.scheduleEvent)]) + " · " + mark
    }

    /// The name of an event's checkmark: its visible text first (WCAG 2.5.3), the task, and
    /// where the event stands unless the visible text says it already. Done or not is the
    /// button's pressed state, so the name does not repeat it: the state is announced once.
    static func checkmarkName<Model>(_ visible: String, event: OCKAnyEvent, context: OCKSynchronizationContext<Model>) -> String {
        var parts = [visible, event.task.title ?? event.task.id]
        if event.outcome == nil, let words = timingWords(event, context: context), !visible.localizedCaseInsensitiveContains(words) {
            parts.append(words)
        }
        return parts.joined(separator: loc(", "))
    }

    /// The words a screen reader adds for where an event stands ("due now", "overdue"), or nil.
    static func timingWords<Model>(_ event: OCKAnyEvent, context: OCKSynchronizationContext<Model>) -> String? {
        switch context.actions?.timing(of: event) {
        case .dueNow?: return loc("due now")
        case .overdue?: return loc("overdue")
        default: return nil
        }
    }

    /// Gives a button its action for an event. A button without an event, or whose action the
    /// app withholds (an event on a day that has not come yet), is disabled; without an action
    /// provider (a printed card) it is inert but shown as it is.
    static func configureAction<Model>(
        _ button: OCKButton, event: OCKAnyEvent?, context: OCKSynchronizationContext<Model>,
        _ action: (any OCKActionProvider, OCKAnyEvent) -> OCKFormAction?
    ) {
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
