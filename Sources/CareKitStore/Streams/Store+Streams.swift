import Foundation

// Query streams for every store, built from its fetches and (when it offers them) its change
// notifications. Custom stores get them for free. Each stream declares what its query reads
// (``OCKQueryScope``), so writes that cannot change its result do not make it run again.

extension OCKAnyReadOnlyPatientStore {
    /// The patients matching a query, now and after every change to them.
    public func anyPatients(matching query: OCKPatientQuery) -> CareStoreQueryResults<any OCKAnyPatient> {
        CareStoreQueryResults(of: self, OCKQueryScope(entityTypes: [.patient]), erasedFetch: { try await self.fetchAnyPatients(query: query) })
    }
}

extension OCKReadablePatientStore {
    /// The patients matching a query, now and after every change to them.
    public func patients(matching query: OCKPatientQuery) -> CareStoreQueryResults<Patient> {
        CareStoreQueryResults(of: self, OCKQueryScope(entityTypes: [.patient]), fetch: { try await self.fetchPatients(query: query) })
    }
}

extension OCKAnyReadOnlyCarePlanStore {
    /// The care plans matching a query, now and after every change to them.
    public func anyCarePlans(matching query: OCKCarePlanQuery) -> CareStoreQueryResults<any OCKAnyCarePlan> {
        CareStoreQueryResults(of: self, OCKQueryScope(entityTypes: [.carePlan, .patient]), erasedFetch: { try await self.fetchAnyCarePlans(query: query) })
    }
}

extension OCKReadableCarePlanStore {
    /// The care plans matching a query, now and after every change to them.
    public func carePlans(matching query: OCKCarePlanQuery) -> CareStoreQueryResults<Plan> {
        CareStoreQueryResults(of: self, OCKQueryScope(entityTypes: [.carePlan, .patient]), fetch: { try await self.fetchCarePlans(query: query) })
    }
}

extension OCKAnyReadOnlyContactStore {
    /// The contacts matching a query, now and after every change to them.
    public func anyContacts(matching query: OCKContactQuery) -> CareStoreQueryResults<any OCKAnyContact> {
        CareStoreQueryResults(of: self, OCKQueryScope(entityTypes: [.contact, .carePlan]), erasedFetch: { try await self.fetchAnyContacts(query: query) })
    }
}

extension OCKReadableContactStore {
    /// The contacts matching a query, now and after every change to them.
    public func contacts(matching query: OCKContactQuery) -> CareStoreQueryResults<Contact> {
        CareStoreQueryResults(of: self, OCKQueryScope(entityTypes: [.contact, .carePlan]), fetch: { try await self.fetchContacts(query: query) })
    }
}

extension OCKAnyReadOnlyTaskStore {
    /// The tasks matching a query, now and after every change to them.
    public func anyTasks(matching query: OCKTaskQuery) -> CareStoreQueryResults<any OCKAnyTask> {
        let scope = OCKQueryScope(entityTypes: [.task, .carePlan], taskIDs: _ockTaskScope(query.ids))
        return CareStoreQueryResults(of: self, scope, erasedFetch: { try await self.fetchAnyTasks(query: query) })
    }
}

extension OCKReadableTaskStore {
    /// The tasks matching a query, now and after every change to them. (A store's own query
    /// type may filter differently, so the stream follows every change of tasks.)
    public func tasks(matching query: TaskQuery) -> CareStoreQueryResults<Task> {
        CareStoreQueryResults(of: self, OCKQueryScope(entityTypes: [.task, .carePlan]), fetch: { try await self.fetchTasks(query: query) })
    }
}

extension OCKAnyReadOnlyOutcomeStore {
    /// The outcomes matching a query, now and after every change to them.
    public func anyOutcomes(matching query: OCKOutcomeQuery) -> CareStoreQueryResults<any OCKAnyOutcome> {
        CareStoreQueryResults(of: self, query.scope, erasedFetch: { try await self.fetchAnyOutcomes(query: query) })
    }
}

extension OCKReadableOutcomeStore {
    /// The outcomes matching a query, now and after every change to them.
    public func outcomes(matching query: OCKOutcomeQuery) -> CareStoreQueryResults<Outcome> {
        CareStoreQueryResults(of: self, query.scope, fetch: { try await self.fetchOutcomes(query: query) })
    }
}

extension OCKAnyReadOnlyEventStore {
    /// The events matching a query, now and after every change to them.
    public func anyEvents(matching query: OCKEventQuery) -> CareStoreQueryResults<OCKAnyEvent> {
        CareStoreQueryResults(of: self, query.scope, fetch: { try await self.fetchAnyEvents(query: query) })
    }
}

extension OCKReadOnlyEventStore {
    /// The events matching a query, now and after every change to them.
    public func events(matching query: OCKEventQuery) -> CareStoreQueryResults<OCKEvent<Task, Outcome>> {
        CareStoreQueryResults(of: self, query.scope, fetch: { try await self.fetchEvents(query: query) })
    }
}

extension OCKOutcomeQuery {
    /// What the query reads: outcomes (and the tasks they belong to), of its tasks when it names
    /// them by id, of events in its interval when it has one.
    var scope: OCKQueryScope {
        OCKQueryScope(entityTypes: [.outcome, .task], taskIDs: _ockTaskScope(taskIDs), eventInterval: dateInterval)
    }
}

extension OCKEventQuery {
    /// What the query reads: tasks, their care plans and outcomes, of its tasks when it names
    /// them by id, events in its interval.
    var scope: OCKQueryScope {
        OCKQueryScope(entityTypes: [.task, .outcome, .carePlan], taskIDs: _ockTaskScope(taskIDs), eventInterval: dateInterval)
    }
}
