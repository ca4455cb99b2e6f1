import Foundation

// Query streams for every store, built from its fetches and (when it offers them) its change
// notifications. Custom stores get them for free.

extension OCKAnyReadOnlyPatientStore {
    /// The patients matching a query, now and after every change to them.
    public func anyPatients(matching query: OCKPatientQuery) -> CareStoreQueryResults<any OCKAnyPatient> {
        CareStoreQueryResults(erasedFetch: { try await self.fetchAnyPatients(query: query) }, dependsOn: [.patient], changes: _ockChanges(of: self, [.patient], nil))
    }
}

extension OCKReadablePatientStore {
    /// The patients matching a query, now and after every change to them.
    public func patients(matching query: OCKPatientQuery) -> CareStoreQueryResults<Patient> {
        CareStoreQueryResults(fetch: { try await self.fetchPatients(query: query) }, dependsOn: [.patient], changes: _ockChanges(of: self, [.patient], nil))
    }
}

extension OCKAnyReadOnlyCarePlanStore {
    /// The care plans matching a query, now and after every change to them.
    public func anyCarePlans(matching query: OCKCarePlanQuery) -> CareStoreQueryResults<any OCKAnyCarePlan> {
        CareStoreQueryResults(erasedFetch: { try await self.fetchAnyCarePlans(query: query) }, dependsOn: [.carePlan, .patient], changes: _ockChanges(of: self, [.carePlan, .patient], nil))
    }
}

extension OCKReadableCarePlanStore {
    /// The care plans matching a query, now and after every change to them.
    public func carePlans(matching query: OCKCarePlanQuery) -> CareStoreQueryResults<Plan> {
        CareStoreQueryResults(fetch: { try await self.fetchCarePlans(query: query) }, dependsOn: [.carePlan, .patient], changes: _ockChanges(of: self, [.carePlan, .patient], nil))
    }
}

extension OCKAnyReadOnlyContactStore {
    /// The contacts matching a query, now and after every change to them.
    public func anyContacts(matching query: OCKContactQuery) -> CareStoreQueryResults<any OCKAnyContact> {
        CareStoreQueryResults(erasedFetch: { try await self.fetchAnyContacts(query: query) }, dependsOn: [.contact, .carePlan], changes: _ockChanges(of: self, [.contact, .carePlan], nil))
    }
}

extension OCKReadableContactStore {
    /// The contacts matching a query, now and after every change to them.
    public func contacts(matching query: OCKContactQuery) -> CareStoreQueryResults<Contact> {
        CareStoreQueryResults(fetch: { try await self.fetchContacts(query: query) }, dependsOn: [.contact, .carePlan], changes: _ockChanges(of: self, [.contact, .carePlan], nil))
    }
}

extension OCKAnyReadOnlyTaskStore {
    /// The tasks matching a query, now and after every change to them.
    public func anyTasks(matching query: OCKTaskQuery) -> CareStoreQueryResults<any OCKAnyTask> {
        CareStoreQueryResults(erasedFetch: { try await self.fetchAnyTasks(query: query) }, dependsOn: [.task, .carePlan], tasks: _ockTaskScope(query.ids), changes: _ockChanges(of: self, [.task, .carePlan], _ockTaskScope(query.ids)))
    }
}

extension OCKReadableTaskStore {
    /// The tasks matching a query, now and after every change to them.
    public func tasks(matching query: TaskQuery) -> CareStoreQueryResults<Task> {
        CareStoreQueryResults(fetch: { try await self.fetchTasks(query: query) }, dependsOn: [.task, .carePlan], changes: _ockChanges(of: self, [.task, .carePlan], nil))
    }
}

extension OCKAnyReadOnlyOutcomeStore {
    /// The outcomes matching a query, now and after every change to them.
    public func anyOutcomes(matching query: OCKOutcomeQuery) -> CareStoreQueryResults<any OCKAnyOutcome> {
        CareStoreQueryResults(erasedFetch: { try await self.fetchAnyOutcomes(query: query) }, dependsOn: [.outcome, .task], tasks: _ockTaskScope(query.taskIDs), changes: _ockChanges(of: self, [.outcome, .task], _ockTaskScope(query.taskIDs)))
    }
}

extension OCKReadableOutcomeStore {
    /// The outcomes matching a query, now and after every change to them.
    public func outcomes(matching query: OCKOutcomeQuery) -> CareStoreQueryResults<Outcome> {
        CareStoreQueryResults(fetch: { try await self.fetchOutcomes(query: query) }, dependsOn: [.outcome, .task], tasks: _ockTaskScope(query.taskIDs), changes: _ockChanges(of: self, [.outcome, .task], _ockTaskScope(query.taskIDs)))
    }
}

extension OCKAnyReadOnlyEventStore {
    /// The events matching a query, now and after every change to them.
    public func anyEvents(matching query: OCKEventQuery) -> CareStoreQueryResults<OCKAnyEvent> {
        CareStoreQueryResults(fetch: { try await self.fetchAnyEvents(query: query) }, dependsOn: [.task, .outcome, .carePlan], tasks: _ockTaskScope(query.taskIDs), changes: _ockChanges(of: self, [.task, .outcome, .carePlan], _ockTaskScope(query.taskIDs)))
    }
}

extension OCKReadOnlyEventStore {
    /// The events matching a query, now and after every change to them.
    public func events(matching query: OCKEventQuery) -> CareStoreQueryResults<OCKEvent<Task, Outcome>> {
        CareStoreQueryResults(fetch: { try await self.fetchEvents(query: query) }, dependsOn: [.task, .outcome, .carePlan], tasks: _ockTaskScope(query.taskIDs), changes: _ockChanges(of: self, [.task, .outcome, .carePlan], _ockTaskScope(query.taskIDs)))
    }
}
