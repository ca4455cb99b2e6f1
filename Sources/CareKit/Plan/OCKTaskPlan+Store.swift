import CareKitStore
import Foundation

/// Why the plan editor could not add, change or stop a task, in words a patient acts on.
public struct OCKTaskPlanError: LocalizedError, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// The change would hide entries already recorded (the store's guard refused it).
        case wouldHideEntries
        /// The task's schedule is not one the plan editor makes.
        case notEditable
        /// There is no such task.
        case noSuchTask
    }

    public var kind: Kind
    /// What happened and what to do.
    public var message: String
    /// For ``Kind/wouldHideEntries``: the start of the last event recorded from the change on,
    /// the entry it would hide (so that another reader, a care team, can word it their way).
    public var lastEntry: Date?

    public var errorDescription: String? { message }
    public var description: String { message }
}

extension OCKAnyEventStore {

    /// Adds the task `plan` describes, with `id` or else one made from its title (`metformin`,
    /// then `metformin-2` if that is taken), and returns it.
    @discardableResult
    public func addTask(planned plan: OCKTaskPlan, id: String? = nil, carePlanUUID: UUID? = nil) async throws -> OCKTask {
        let base = id ?? OCKTaskPlan.suggestedID(for: plan.title)
        var chosen = base
        if id == nil {
            let taken = Set(try await fetchAnyTasks(query: OCKTaskQuery()).map(\.id))
            var number = 2
            while taken.contains(chosen) { chosen = "\(base)-\(number)"; number += 1 }
        }
        let added = try await addAnyTasks([plan.task(id: chosen, carePlanUUID: carePlanUUID)])
        guard let task = added.first as? OCKTask else { return plan.task(id: chosen, carePlanUUID: carePlanUUID) }
        return task
    }

    /// The newest version of task `id` (the one the next version follows).
    public func latestTaskVersion(id: String) async throws -> OCKTask {
        var query = OCKTaskQuery()
        query.ids = [id]
        query.sortDescriptors = [.effectiveDate(ascending: false)]
        let versions = try await fetchAnyTasks(query: query)
        guard let any = versions.first else {
            throw OCKTaskPlanError(kind: .noSuchTask, message: loc("There is no task '{id}'.", ["id": id]))
        }
        let tasks = versions.compactMap { $0 as? OCKTask }
        // The tip of the version chain (no version follows it), else the one effective last.
        guard
            let task = tasks.filter({ $0.nextVersionUUIDs.isEmpty }).max(by: { $0.effectiveDate < $1.effectiveDate })
                ?? tasks.max(by: { $0.effectiveDate < $1.effectiveDate })
        else {
            throw OCKTaskPlanError(kind: .notEditable, message: loc("{task} is not a task the plan editor can change.", ["task": any.title ?? id]))
        }
        return task
    }

    /// Changes task `id` to `plan` from the day of `day` on: a new version of the task (CareKit
    /// keeps the earlier ones, with what was recorded for them). From today, the change takes
    /// effect `now`, so today's earlier events and their entries stay as they were.
    ///
    /// - Throws: ``OCKTaskPlanError`` (``OCKTaskPlanError/Kind/wouldHideEntries``) when
    ///   entries were recorded for events from then on, naming the last one.
    @discardableResult
    public func updateTask(_ id: String, to plan: OCKTaskPlan, startingOn day: Date, now: Date) async throws -> OCKTask {
        let current = try await latestTaskVersion(id: id)
        var plan = plan
        plan.firstDay = day
        let calendar = plan.calendar
        let dayStart = calendar.startOfDay(for: day)
        var next = plan.applied(to: current)
        next.effectiveDate = (dayStart...OCKTaskPlan.dayAfter(dayStart, calendar)).contains(now) ? now : dayStart
        return try await writeVersion(next, of: plan.title) { last in
            let formatter = OCKEventFormatter(calendar: calendar)
            let following = formatter.shortDay(OCKTaskPlan.dayAfter(last, calendar))
            return loc(
                "You recorded {task} for {moment}, after the change would start ({start}); changing the schedule from then would hide that entry. Let the change start on {following} or later, or delete that entry first.",
                ["task": plan.title, "moment": Self.moment(last, formatter), "start": formatter.shortDay(next.effectiveDate), "following": following])
        }
    }

    /// Stops task `id` after `lastDay` (its last events are that day's): a new version whose
    /// schedule ends at the start of the next day, so the task and everything recorded for it
    /// stay in the store's history, and it can be planned again later.
    ///
    /// - Throws: ``OCKTaskPlanError`` when entries were recorded after the last day.
    @discardableResult
    public func stopTask(_ id: String, lastDay: Date, calendar: Calendar) async throws -> OCKTask {
        let current = try await latestTaskVersion(id: id)
        let end = OCKTaskPlan.dayAfter(lastDay, calendar)
        var next = current
        next.effectiveDate = end
        let title = current.title ?? id
        // Elements that would start only after the end go; a task that would not have started at all is deleted from then.
        let kept = current.schedule.elements.filter { $0.start < end }
        guard !kept.isEmpty else {
            let deleted = try await deleteAnyTasks([next])
            return (deleted.first as? OCKTask) ?? next
        }
        next.schedule = OCKSchedule(
            composing: kept.map { element in
                OCKScheduleElement(
                    start: element.start, end: min(element.end ?? end, end), interval: element.interval, text: element.text,
                    targetValues: element.targetValues, duration: element.duration, calendar: element.calendar)
            })
        return try await writeVersion(next, of: title) { last in
            let formatter = OCKEventFormatter(calendar: calendar)
            return loc(
                "You recorded {task} for {moment}, after the last day you chose ({lastDay}); stopping then would hide that entry. Choose {day} or later as the last day, or delete that entry first.",
                ["task": title, "moment": Self.moment(last, formatter), "lastDay": formatter.shortDay(lastDay), "day": formatter.shortDay(last)])
        }
    }

    /// Writes a new version; when the store refuses it, explains with `explain` and the start
    /// of the last event with an entry from the version's effective date on, if there is one.
    private func writeVersion(_ task: OCKTask, of title: String, explain: (Date) -> String) async throws -> OCKTask {
        do {
            let written = try await updateAnyTasks([task])
            return (written.first as? OCKTask) ?? task
        } catch let error as OCKStoreError {
            guard case .updateFailed = error, let last = try await lastEntry(of: task.id, from: task.effectiveDate) else { throw error }
            throw OCKTaskPlanError(kind: .wouldHideEntries, message: explain(last), lastEntry: last)
        }
    }

    /// The start of the last event of task `id` with an entry, from `date` on (within a year
    /// of then: entries are recorded for events that have come).
    private func lastEntry(of id: String, from date: Date) async throws -> Date? {
        var query = OCKEventQuery(dateInterval: DateInterval(start: date, duration: 366 * 86_400))
        query.taskIDs = [id]
        let events = try await fetchAnyEvents(query: query)
        return events.filter { $0.outcome != nil && $0.scheduleEvent.start >= date }.map(\.scheduleEvent.start).max()
    }

    /// "Dec 3 at 8:00 AM", or "Dec 3" for an event at midnight (an all-day one).
    static func moment(_ date: Date, _ formatter: OCKEventFormatter) -> String {
        let calendar = formatter.calendar
        return calendar.startOfDay(for: date) == date ? formatter.shortDay(date) : loc("{day} at {time}", ["day": formatter.shortDay(date), "time": formatter.time(date)])
    }
}
