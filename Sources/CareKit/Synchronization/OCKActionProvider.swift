import CareKitStore
import CareKitUI
import Foundation

/// Where the buttons of synchronized views lead. The web app implements it with its routes
/// (and its CSRF token); nil actions make buttons inert.
public protocol OCKActionProvider: Sendable {
    /// Marks an event complete (`true`) or not complete (`false`).
    func completionAction(for event: OCKAnyEvent, completed: Bool) -> OCKFormAction?
    /// Logs a value on an event (the button-log card's "Log").
    func logAction(for event: OCKAnyEvent) -> OCKFormAction?
    /// Deletes one logged value of an event.
    func deleteValueAction(for event: OCKAnyEvent, valueIndex: Int) -> OCKFormAction?
    /// Opens the survey that records an assessment.
    func surveyAction(for event: OCKAnyEvent) -> OCKFormAction?
    /// A page about a task (its instructions), if any.
    func detailURL(for task: any OCKAnyTask) -> String?
    /// Shows another day.
    func dateAction(for date: Date) -> OCKFormAction?
    /// A page about a contact, if any.
    func contactURL(for contact: any OCKAnyContact) -> String?
    /// Where an event stands now (due now, overdue …), for cards that mark it; nil: unmarked.
    /// The app answers with its own clock and calendar.
    func timing(of event: OCKAnyEvent) -> OCKEventTiming?
    /// Everything the actions put in a card besides what comes from its events and
    /// ``timing(of:)`` (form tokens, the address forms return to, which days take records),
    /// so that a card made with equal keys can be reused (``OCKCardCache``); nil (the
    /// default): cards made with these actions are never kept.
    var cardCacheKey: String? { get }
}

extension OCKActionProvider {
    public func logAction(for event: OCKAnyEvent) -> OCKFormAction? { nil }
    public func deleteValueAction(for event: OCKAnyEvent, valueIndex: Int) -> OCKFormAction? { nil }
    public func surveyAction(for event: OCKAnyEvent) -> OCKFormAction? { nil }
    public func detailURL(for task: any OCKAnyTask) -> String? { nil }
    public func dateAction(for date: Date) -> OCKFormAction? { nil }
    public func contactURL(for contact: any OCKAnyContact) -> String? { nil }
    public func timing(of event: OCKAnyEvent) -> OCKEventTiming? { nil }
    public var cardCacheKey: String? { nil }
}
