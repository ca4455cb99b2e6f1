import CareKitStore
import Foundation

/// Part 4: a day's events of an hourly schedule ten years after its start against one day
/// after its start: occurrences are computed in closed form, not by walking from the start.
enum Part4FarFuture {
    static func run(_ context: BenchContext) async throws -> Section {
        let folder = try context.folder("part4")
        let start = Fixtures.date(2020, 1, 1)
        let hourly = OCKSchedule(composing: [
            OCKScheduleElement(
                start: start, end: nil, interval: DateComponents(hour: 1), text: "Hourly check",
                duration: .minutes(15), calendar: Fixtures.calendar)
        ])
        let daily = OCKSchedule.dailyAtTime(hour: 8, minutes: 0, start: start, end: nil, text: nil, calendar: Fixtures.calendar)
        let near = Fixtures.day(Fixtures.date(2020, 1, 2, 12))
        let far = Fixtures.day(Fixtures.date(2030, 1, 2, 12))

        // A store with the hourly task, and outcomes on both days so that both fetches do the same work.
        let store = Fixtures.openStore("hourly", in: folder)
        var task = OCKTask(id: "hourly", title: "Hourly check", carePlanUUID: nil, schedule: hourly)
        task.timezone = Fixtures.timeZone
        task = try await store.addTask(task)
        var random = SeededRandom(seed: 44)
        let planned = [near, far].flatMap { day in
            hourly.events(from: day.start, to: day.end).map { Fixtures.outcome(task: 1, version: task.uuid, event: $0, random: &random) }
        }
        try await Fixtures.add(planned, to: store)
        let nearQuery = OCKEventQuery(dateInterval: near)
        let farQuery = OCKEventQuery(dateInterval: far)
        let nearEvents = try await store.fetchEvents(query: nearQuery)
        let farEvents = try await store.fetchEvents(query: farQuery)
        guard nearEvents.count == farEvents.count, farEvents.allSatisfy({ $0.outcome != nil }) else {
            throw RawSQLiteError(description: "part 4: expected the same events with outcomes on both days (\(nearEvents.count) vs \(farEvents.count))")
        }
        let farOccurrence = farEvents.first?.scheduleEvent.occurrence ?? 0
        let nearOccurrence = nearEvents.first?.scheduleEvent.occurrence ?? 0
        log("Part 4: hourly schedule, \(farEvents.count) events on \(far.start.formatted(.iso8601)) (occurrence \(farOccurrence)) vs \(near.start.formatted(.iso8601))")

        let storeReps = context.quick ? 20 : 200
        let pureReps = context.quick ? 1_000 : 20_000
        // Calls of a microsecond or less are at the mercy of other processes: three times the runs.
        let runs = context.runs * 3
        var rows: [Row] = []
        func pair(_ id: String, _ title: String, _ reps: Int, far: @escaping () async throws -> Void, near: @escaping () async throws -> Void) async throws {
            let (values, baselines) = try await measureAlternating(
                runs: runs, calls: reps, chunk: max(reps / 100, 1), value: far, baseline: near)
            rows.append(
                Row(
                    id: id, measurement: title, value: Figure(runs: values, unit: .seconds),
                    baseline: Figure(runs: baselines, unit: .seconds), target: .ratioAtMost(1.5)))
        }
        try await pair(
            "4a", "fetchEvents, one day of an hourly task 10 years after its start", storeReps,
            far: { _ = try await store.fetchEvents(query: farQuery) },
            near: { _ = try await store.fetchEvents(query: nearQuery) })
        try await pair(
            "4b", "OCKSchedule.events, one day of an hourly schedule, 10 years on", pureReps,
            far: { _ = hourly.events(from: far.start, to: far.end) },
            near: { _ = hourly.events(from: near.start, to: near.end) })
        try await pair(
            "4c", "OCKSchedule.events, one day of a daily schedule, 10 years on", pureReps,
            far: { _ = daily.events(from: far.start, to: far.end) },
            near: { _ = daily.events(from: near.start, to: near.end) })
        try await pair(
            "4d", "OCKSchedule.event(forOccurrenceIndex:) hourly, occurrence \(Format.grouped(Double(farOccurrence)))", pureReps,
            far: { _ = hourly.event(forOccurrenceIndex: farOccurrence) },
            near: { _ = hourly.event(forOccurrenceIndex: nearOccurrence) })
        try store.delete()
        return Section(
            part: 4, rows: rows,
            baselineNote: """
                the same call for the day one day after the schedule's start (2020-01-02; 4d: occurrence \(nearOccurrence)). \
                The store holds one hourly task (15-minute events from 2020-01-01 00:00 New York) and outcomes on both days. \
                Each of the \(runs) runs is \(storeReps) fetches (4a) or \(pureReps) calls (4b–4d) of each day, alternating in chunks of 1% of \
                them; the figure is the time per call.
                """)
    }
}
