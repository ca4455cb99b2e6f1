import CareKit
import CareKitArguments
import CareKitStore
import CareKitWeb
import Foundation

/// The commands that read and change a day's tasks and events.
enum StoreCommands {

    static let tasks = Command(
        CommandSpec(
            "tasks", loc.key("The tasks in effect on the day (today by default)."), options: [.date, .timezone, .json, .store]), run: listTasks)

    static func listTasks(_ arguments: Arguments, _ context: CommandContext) async throws {
        let day = try context.day(arguments)
        let store = try context.openStore(arguments)
        var query = OCKTaskQuery(for: day, calendar: context.calendar)
        query.sortDescriptors = [.title(ascending: true)]
        let tasks = try await store.fetchTasks(query: query)
        if arguments.has(.json) {
            try printJSON(tasks, context)
            return
        }
        if tasks.isEmpty { context.output(loc("No tasks on {day}.", ["day": Format.day(day, context)])); return }
        let rows = tasks.map { task in
            [task.id, task.title ?? "", Format.schedule(task.schedule, context), task.impactsAdherence ? loc("yes") : loc("no")]
        }
        context.output(Format.table([loc("ID"), loc("TITLE"), loc("SCHEDULE"), loc("COUNTS")], rows))
    }

    static let fromDay = Option("from", value: "YYYY-MM-DD", loc.key("The first day of a range of days (instead of --date)."))
    static let throughDay = Option("to", value: "YYYY-MM-DD", loc.key("The last day of the range (with --from)."))

    static let events = Command(
        CommandSpec(
            "events", loc.key("Every event of the day (today by default), or of the days --from through --to, with its outcome."),
            options: [.date, fromDay, throughDay, .timezone, .json, .store]), run: listEvents)

    static func listEvents(_ arguments: Arguments, _ context: CommandContext) async throws {
        let day = try context.day(arguments)
        var interval = DateInterval.ockDay(containing: day, calendar: context.calendar)
        switch (arguments[fromDay], arguments[throughDay]) {
        case (let first?, let last?):
            guard arguments[.date] == nil else { throw UsageError(loc("Give --date, or --from and --to, not both.")) }
            let (start, end) = (try context.parseDay(first, option: "from"), try context.parseDay(last, option: "to"))
            guard start <= end else { throw UsageError(loc("--from must not be after --to.")) }
            interval = DateInterval.ockDays(from: start, through: end, calendar: context.calendar)
        case (nil, nil): break
        default: throw UsageError(loc("--from and --to go together."))
        }
        let store = try context.openStore(arguments)
        let events = try await store.fetchEvents(query: OCKEventQuery(dateInterval: interval))
        if arguments.has(.json) {
            try printJSON(events.map(EventRecord.init), context)
            return
        }
        if events.isEmpty { context.output(loc("No events on {day}.", ["day": Format.day(day, context)])); return }
        let rows = events.map { event in
            [
                Format.time(event.scheduleEvent, context), event.task.id, event.task.title ?? "", Format.digits(event.scheduleEvent.occurrence),
                event.outcome == nil ? "-" : loc("done"), event.outcome.map { $0.values.map(\.description).joined(separator: ", ") } ?? ""
            ]
        }
        context.output(Format.table([loc("TIME"), loc("TASK"), loc("TITLE"), loc("OCCURRENCE"), loc("STATUS"), loc("VALUES")], rows))
    }

    static let task = Positional(name: "TASK", help: loc.key("The task's id (see `carekit tasks`)."))

    static let complete = Command(
        CommandSpec(
            "complete", loc.key("Marks an event of TASK done: occurrence N, or the day's first event not yet done. Completing an event that is done changes nothing."),
            positionals: [task], options: [.occurrence, .date, .timezone, .store]), run: completeEvent)

    static func completeEvent(_ arguments: Arguments, _ context: CommandContext) async throws {
        let (day, occurrence) = (try context.day(arguments), try arguments.integer(.occurrence))
        let store = try context.openStore(arguments)
        let event = try await findEvent(store, taskID: arguments.positionals[0], occurrence: occurrence, day: day, preferIncomplete: true, context)
        let name = Format.visible(event.task.title ?? event.task.id)
        if event.outcome != nil {
            context.output(loc("{task} at {time} was already done.", ["task": name, "time": Format.time(event.scheduleEvent, context)]))
            return
        }
        // Idempotent in the store: if another command completed it a moment ago, this changes nothing.
        try await store.perform(.complete, on: event.anyEvent, now: context.now, calendar: context.calendar)
        context.output(
            loc(
                "Done: {task} at {time} (occurrence {occurrence}).",
                ["task": name, "time": Format.time(event.scheduleEvent, context), "occurrence": Format.digits(event.scheduleEvent.occurrence)]))
    }

    static let unit = Option("unit", value: "U", loc.key("The value's unit, such as °F or mg."))
    static let kind = Option("kind", value: "K", loc.key("What the value is, such as systolic (CareKit's outcome value kind)."))

    static let log = Command(
        CommandSpec(
            "log", loc.key("Records VALUE on the day's current event of TASK (or occurrence N); values add up, nothing is replaced."),
            positionals: [
                task,
                Positional(
                    name: "VALUE",
                    help:
                        loc.key(
                            "A whole number (negative ones too: -5), a decimal with a point or a comma (98.6, 98,6; not 1,234, which could be either), optionally with units that convert (\"98.6 F\", \"37,2 °C\", \"70 kg\"), yes or no, or text."
                        )
                )
            ],
            options: [unit, kind, .units, .occurrence, .date, .timezone, .store]), run: logValue)

    /// The longest text `log` records as one value (a sentence or a short paragraph).
    static let longestValue = 2_000

    static func logValue(_ arguments: Arguments, _ context: CommandContext) async throws {
        let (day, occurrence) = (try context.day(arguments), try arguments.integer(.occurrence))
        let store = try context.openStore(arguments)
        let event = try await findEvent(store, taskID: arguments.positionals[0], occurrence: occurrence, day: day, preferIncomplete: false, context)
        let text = arguments.positionals[1]
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw UsageError(loc("VALUE is empty: give what to record, such as 1, 98.6 F, yes, or a few words in quotes."))
        }
        guard text.count <= Self.longestValue else {
            throw UsageError(
                loc(
                    "VALUE has {count} characters; a value may have at most {limit}. Keep long text in a file of your own and record a short note.",
                    ["count": String(text.count), "limit": String(Self.longestValue)]))
        }
        let value: OCKOutcomeValue
        do throws(OCKStoreError) {
            // "98.6 F", "37,2 °C": a number with units that convert is kept in those units.
            if let measured = try typedMeasurement(text, task: event.task, arguments, now: context.now) {
                value = measured
            } else if arguments[Self.unit] == nil, let measured = try? OCKOutcomeValue.parsedMeasurement(text), let units = measured.units.flatMap(OCKUnit.init) {
                value = OCKOutcomeValue(measured.number, units: units.symbol, kind: arguments[Self.kind], createdDate: context.now)
            } else {
                value = try OCKOutcomeValue(parsing: text, units: arguments[Self.unit], kind: arguments[Self.kind], createdDate: context.now)
            }
        } catch {
            throw UsageError(error.reason)
        }
        // A task that measures something judges the value (128/84 is one blood-pressure reading).
        var values = [value]
        let measurement = OCKTaskMeasurement(task: event.task)
        if let measurement {
            do {
                if measurement.isPaired {
                    values = try measurement.values(typed: arguments.positionals[1], units: arguments[Self.unit], kind: arguments[Self.kind], createdDate: context.now)
                } else if let problem = measurement.problem(with: values) {
                    throw problem
                }
            } catch let problem as OCKImplausibleValue {
                throw UsageError(OCKMeasurementNames.refusal(problem))
            } catch let problem as OCKOutcomeValue.TypedMeasurementProblem {
                throw UsageError(OCKUnitsText.refusal(problem, typing: Format.visible(arguments.positionals[1])))
            } catch let error as OCKStoreError {
                throw UsageError(error.reason)
            }
        }
        try await store.perform(.appendValues(values), on: event.anyEvent, now: context.now, calendar: context.calendar)
        let formatter = OCKEventFormatter(calendar: context.calendar)
        let shown = measurement == nil ? value.description : formatter.reading(values)
        context.output(
            loc(
                "Logged {value} for {task} at {time}.",
                ["value": Format.visible(shown), "task": Format.visible(event.task.title ?? event.task.id), "time": Format.time(event.scheduleEvent, context)]))
        // Out of its target range: said at once, in the words the app and the report use.
        for value in values {
            guard let flag = OCKRangeFlag(value: value, element: event.scheduleEvent.element) else { continue }
            context.output(Format.visible(formatter.sentence(flag, value: formatter.value(value))))
        }
    }

    /// The event of a task on a day: occurrence N, else the first not done (or the current one).
    static func findEvent(_ store: OCKStore, taskID: String, occurrence: Int?, day: Date, preferIncomplete: Bool, _ context: CommandContext) async throws -> OCKEvent<OCKTask, OCKOutcome> {
        try await requireTask(taskID, in: store)
        var query = OCKEventQuery(for: day, calendar: context.calendar)
        query.taskIDs = [taskID]
        let events = try await store.fetchEvents(query: query)
        if let occurrence {
            if let match = events.first(where: { $0.scheduleEvent.occurrence == occurrence }) { return match }
            let task = try await store.fetchTask(withID: taskID)
            return try await store.fetchEvent(forTask: task, occurrence: occurrence)
        }
        guard !events.isEmpty else {
            throw OCKStoreError.fetchFailed(
                reason: loc("Task '{task}' has no event on {day}. Run `carekit events` to see the day's events.", ["task": taskID, "day": Format.day(day, context)]))
        }
        if preferIncomplete, let open = events.first(where: { $0.outcome == nil }) { return open }
        // The event under way, else the last one that started, else the first.
        return events.last(where: { $0.scheduleEvent.start <= context.now }) ?? events[0]
    }

    /// Throws, naming the closest task ids, when the store has no task `id`.
    static func requireTask(_ id: String, in store: OCKStore) async throws {
        var query = OCKTaskQuery()
        query.ids = [id]
        guard try await store.fetchTasks(query: query).isEmpty else { return }
        let ids = Array(Set(try await store.fetchTasks(query: OCKTaskQuery()).map(\.id))).sorted()
        if let guess = Suggestion.closest(to: id, in: ids) {
            throw OCKStoreError.fetchFailed(reason: loc("No task '{task}' (did you mean '{guess}'?). Run `carekit tasks` to see the tasks.", ["task": id, "guess": guess]))
        }
        throw OCKStoreError.fetchFailed(reason: loc("No task '{task}'. Run `carekit tasks` to see the tasks.", ["task": id]))
    }

    /// Writes `value` as JSON, with characters a terminal would act on escaped.
    static func printJSON<T: Encodable>(_ value: T, _ context: CommandContext) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        context.write(Format.terminalSafeJSON(try encoder.encode(value)))
        context.output("")
    }
}

/// An event as `carekit events --json` writes it.
struct EventRecord: Encodable {
    var id: String
    var taskID: String
    var title: String?
    var occurrence: Int
    var start: Date
    var end: Date
    var completed: Bool
    var values: [OCKOutcomeValue]

    init(_ event: OCKEvent<OCKTask, OCKOutcome>) {
        id = event.id
        taskID = event.task.id
        title = event.task.title
        occurrence = event.scheduleEvent.occurrence
        start = event.scheduleEvent.start
        end = event.scheduleEvent.end
        completed = event.outcome != nil
        values = event.outcome?.values ?? []
    }
}
