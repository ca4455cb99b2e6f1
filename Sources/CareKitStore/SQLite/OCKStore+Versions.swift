import Foundation

/// What ``OCKStore/importVersions(_:)`` did.
public struct OCKImportSummary: Hashable, Sendable {
    /// Versions added, by kind of entity.
    public var added: [OCKEntity.EntityType: Int] = [:]
    /// Versions skipped because the store already had them (same version uuid), by kind.
    public var alreadyPresent: [OCKEntity.EntityType: Int] = [:]
    /// Entities this store cannot hold (HealthKit tasks), left out.
    public var unsupported: [OCKEntity.EntityType: Int] = [:]

    /// All versions added.
    public var addedCount: Int { added.values.reduce(0, +) }
}

extension OCKStore {

    /// Every stored version of every entity — current, superseded and deleted ones, and the
    /// tombstones that mark deletions — patients first, then care plans, contacts, tasks and
    /// outcomes, each kind in version order (by depth in its history, then uuid), so that two
    /// stores holding the same versions export the same list whatever order they were written
    /// or synchronized in. ``importVersions(_:)`` turns this back into the same store: a
    /// complete backup.
    public func exportVersions() async throws -> [OCKEntity] {
        try await read { connection in
            // Every version is decoded from its row, past the version cache: a whole history is
            // larger than the cache, so going through it would cost more per version the larger
            // the store (a partly warm cache, cleared when full) and would evict the versions
            // the pages read (issue 32, 10b).
            func all<Entity: _StoredEntity>(_ type: Entity.Type) throws -> [Entity] {
                try _SQLBuilder().fetch(Entity.self, orderBy: ["t.seq", "t.uuid"], limit: nil, offset: 0, connection: connection, cache: nil)
            }
            return try all(OCKPatient.self).map(OCKEntity.patient)
                + all(OCKCarePlan.self).map(OCKEntity.carePlan)
                + all(OCKContact.self).map(OCKEntity.contact)
                + all(OCKTask.self).map(OCKEntity.task)
                + all(OCKOutcome.self).map(OCKEntity.outcome)
        }
    }

    /// Adds versions written elsewhere — a backup from ``exportVersions()``, or entities written
    /// by Apple's CareKit — exactly as they were written (uuids, version links, dates,
    /// deletions), in one transaction: every version lands or none does.
    ///
    /// Versions are placed in version order whatever their order in `entities`; those the store
    /// already has (same version uuid) are skipped, so importing a file twice adds nothing the
    /// second time, and a backup of a store can bring a copy of it up to date. An entity id the
    /// store already has with a different first version is refused: histories are never
    /// spliced. Rules that guard new writes (a task update must not hide recorded outcomes) do
    /// not apply to history, which happened; schedules must be valid, and each outcome must name
    /// an occurrence of a stored task version.
    @discardableResult
    public func importVersions(_ entities: [OCKEntity]) async throws -> OCKImportSummary {
        var patients: [OCKPatient] = [], plans: [OCKCarePlan] = [], contacts: [OCKContact] = []
        var tasks: [OCKTask] = [], outcomes: [OCKOutcome] = []
        var summary = OCKImportSummary()
        for entity in entities {
            switch entity {
            case .patient(let value): patients.append(value)
            case .carePlan(let value): plans.append(value)
            case .contact(let value): contacts.append(value)
            case .task(let value): tasks.append(value)
            case .outcome(let value): outcomes.append(value)
            case .healthKitTask: summary.unsupported[.healthKitTask, default: 0] += 1
            }
        }
        let submitted: [OCKEntity.EntityType: Int] = [.patient: patients.count, .carePlan: plans.count, .contact: contacts.count, .task: tasks.count, .outcome: outcomes.count]
        let result: OCKImportSummary
        do {
            result = try await importTransaction(summary: summary, patients: patients, plans: plans, contacts: contacts, tasks: tasks, outcomes: outcomes, submitted: submitted)
        } catch let error as OCKStoreError {
            throw error.appending(loc("Nothing was imported."))
        }
        // Any kind of entity may have changed: every stream looks again.
        if result.addedCount > 0 {
            synchronization.versionsImported()
            changeNotifier.notify(.everything)
            writeCommitted()
        }
        return result
    }

    private func importTransaction(
        summary: OCKImportSummary, patients: [OCKPatient], plans: [OCKCarePlan], contacts: [OCKContact],
        tasks: [OCKTask], outcomes: [OCKOutcome], submitted: [OCKEntity.EntityType: Int]
    ) async throws -> OCKImportSummary {
        try await database().write(.add) { [cache, summary, patients, plans, contacts, tasks, outcomes] connection in
            let knowledge = try _Versioned.knowledgeRow(connection: connection)
            var summary = summary
            summary.added[.patient] = try _Writer.restore(patients, knowledge: knowledge, connection: connection) { _ in }.count
            summary.added[.carePlan] = try _Writer.restore(plans, knowledge: knowledge, connection: connection) { _ in }.count
            summary.added[.contact] = try _Writer.restore(contacts, knowledge: knowledge, connection: connection) { _ in }.count
            let restoredTasks = try _Writer.restore(tasks, knowledge: knowledge, connection: connection) { task in
                if task.deletedDate == nil { try Self.validateSchedule(of: task) }
            }
            summary.added[.task] = restoredTasks.count
            var placements = _OutcomePlacer(connection: connection, cache: cache)
            let restoredOutcomes = try _Writer.restore(outcomes, knowledge: knowledge, connection: connection) { outcome in
                // History is not judged by today's rules: where it was recorded, it stays.
                try placements.place(outcome, checkingOwnership: false)
            }
            try Self.electWinners(ids: Array(Set(restoredOutcomes.map(\.id))), connection: connection)
            summary.added[.outcome] = restoredOutcomes.count
            for (kind, count) in submitted {
                summary.alreadyPresent[kind] = count - (summary.added[kind] ?? 0)
            }
            // A restore takes a new process id (what it brings may be a copy of what another
            // store holds under this one): what was not pushed, the import included, is pushed
            // under it.
            if summary.addedCount > 0 { try _ProcessIdentity.renew(connection: connection) }
            return summary
        }
    }
}
