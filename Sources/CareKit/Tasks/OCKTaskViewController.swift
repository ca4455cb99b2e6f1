import CareKitStore
import CareKitUI
import Foundation

/// A synchronized controller for a task card: it follows the events of an event query and
/// updates its view through its synchronizer. Its methods are the card's actions.
open class OCKTaskViewController<ViewSynchronizer: ViewSynchronizing & SendableMetatype>: SynchronizedViewController<ViewSynchronizer>, @unchecked Sendable
where ViewSynchronizer.ViewModel == OCKTaskEvents {

    /// The store the events come from and actions go to.
    public let store: any OCKAnyStoreProtocol
    /// The events shown.
    public let query: OCKEventQuery

    /// A controller for the events matching `query`, regrouped by `modifyTaskEvents` if given.
    public init(
        query: OCKEventQuery, store: any OCKAnyStoreProtocol, viewSynchronizer: ViewSynchronizer,
        modifyTaskEvents: @escaping @Sendable (OCKTaskEvents) -> OCKTaskEvents = { $0 }
    ) {
        self.store = store
        self.query = query
        let models = store.anyEvents(matching: query).map { modifyTaskEvents(OCKTaskEvents(events: $0)) }
        super.init(initialViewModel: OCKTaskEvents(), viewModels: models, viewSynchronizer: viewSynchronizer)
    }

    /// A controller for one task's events in `eventQuery`.
    public convenience init(taskID: String, eventQuery: OCKEventQuery, store: any OCKAnyStoreProtocol, viewSynchronizer: ViewSynchronizer) {
        var query = eventQuery
        query.taskIDs = [taskID]
        self.init(query: query, store: store, viewSynchronizer: viewSynchronizer)
    }

    /// Marks the event at `section`/`row` complete or not.
    open func setEvent(atSection section: Int, row: Int, completed: Bool) async throws {
        guard let event = viewModel[section: section, row: row] else {
            throw OCKStoreError.invalidValue(reason: "The card has no event at section \(section), row \(row).")
        }
        try await store.setCompleted(completed, for: event)
    }

    /// Appends a value to the outcome of the event at `section`/`row`.
    open func appendOutcomeValue(_ value: any OCKOutcomeValueUnderlyingType, units: String? = nil, atSection section: Int, row: Int) async throws {
        guard let event = viewModel[section: section, row: row] else {
            throw OCKStoreError.invalidValue(reason: "The card has no event at section \(section), row \(row).")
        }
        try await store.append(outcomeValues: [OCKOutcomeValue(value, units: units)], to: event)
    }

    /// Deletes the value at `index` of the outcome of the event at `section`/`row`.
    open func deleteOutcomeValue(at index: Int, section: Int, row: Int) async throws {
        guard let event = viewModel[section: section, row: row] else {
            throw OCKStoreError.invalidValue(reason: "The card has no event at section \(section), row \(row).")
        }
        try await store.deleteOutcomeValue(at: index, from: event)
    }
}

extension OCKTaskViewController where ViewSynchronizer: OCKDefaultViewSynchronizer {
    /// A controller with the card's default synchronizer.
    public convenience init(query: OCKEventQuery, store: any OCKAnyStoreProtocol) {
        self.init(query: query, store: store, viewSynchronizer: ViewSynchronizer())
    }

    /// A controller for one task's events, with the card's default synchronizer.
    public convenience init(taskID: String, eventQuery: OCKEventQuery, store: any OCKAnyStoreProtocol) {
        self.init(taskID: taskID, eventQuery: eventQuery, store: store, viewSynchronizer: ViewSynchronizer())
    }
}
