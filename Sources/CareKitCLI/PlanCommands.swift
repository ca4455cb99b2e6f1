import CareKit
import CareKitArguments
import CareKitStore
import Foundation

/// `carekit add-task`, `edit-task` and `stop-task`: the plan editor on the command line, with
/// days written YYYY-MM-DD and times HH:MM on a 24-hour clock (read by ``OCKTaskPlanForm``,
/// the rules the web app's form uses too).
enum PlanCommands {
    static let instructions = Option("instructions", value: "TEXT", loc.key("Instructions or dose, such as \"500 mg with food\"."))
    static let times = Option("times", value: "HH:MM,…", loc.key("Times of day on a 24-hour clock, comma-separated: 08:00,20:00 (8 pm is 20:00; 8am and 25:00 are refused)."))
    static let days = Option("days", value: "DAYS", loc.key("Weekdays, comma-separated: mon,thu (default every day)."))
    static let every = Option("every", value: "N", loc.key("Every N days from the first day instead of weekdays (2: every other day)."))
    static let from = Option("from", value: "YYYY-MM-DD", loc.key("The first day (default today)."))
    static let until = Option("until", value: "YYYY-MM-DD", loc.key("The last day, included (default: no end)."))
    static let allDay = Option("all-day", loc.key("Once a day, all day, instead of at times."))
    static let noAdherence = Option("no-adherence", loc.key("The events do not count towards adherence (a task to log when it happens)."))
    static let measure = Option("measure", value: "NAME", loc.key("A value to record at each event, such as Temperature (it goes on the Symptom Tracker)."))
    static let unit = Option("unit", value: "UNIT", loc.key("The measurement's unit, such as °F."))
    static let range = Option("range", value: "LOW-HIGH", loc.key("The range the measurement should stay in, such as 97-99.5 (blood pressure: 90-140/60-90)."))
    static let limits = Option("limits", value: "LOW-HIGH", loc.key("For a measurement the app does not know: the lowest and highest value that can be recorded at all, such as 0-10."))
    static let remind = Option("remind", value: "MINUTES", loc.key("Remind this many minutes before each event (0: at its start); calendar feeds carry it."))
    static let title = Positional(name: "TITLE", help: loc.key("The task's name, such as Metformin."))

    static let add = Command(
        CommandSpec(
            "add-task", loc.key("Adds a task to the plan: a medication, an exercise or a measurement, at times on chosen days (creating the store if there is none)."),
            positionals: [title], options: [instructions, times, days, every, from, until, allDay, noAdherence, measure, unit, range, limits, remind, .timezone, .store],
            details: loc.key("Example: carekit add-task Metformin --instructions \"500 mg with food\" --times 08:00,20:00 --days mon,thu --from 2026-12-01")),
        run: addTask)

    static func addTask(_ arguments: Arguments, _ context: CommandContext) async throws {
        var form = OCKTaskPlanForm()
        form.title = arguments.positionals[0]
        fill(&form, arguments)
        form.isAllDay = arguments.has(allDay)
        form.countsTowardsAdherence = !arguments.has(noAdherence)
        let plan = try read(form, context)
        // The first task of a new patient makes their store.
        let store = try context.openStore(arguments, creating: true)
        let task = try await explained { try await store.addTask(planned: plan) }
        let summary = sentence(plan.summary(OCKEventFormatter(calendar: context.calendar), timeText: \.description))
        context.output(loc("Added {task} (id {id}): {summary}.", ["task": Format.visible(plan.title), "id": task.id, "summary": summary]))
    }

    static let renamed = Option("title", value: "TEXT", loc.key("A new name."))
    static let adherence = Option("adherence", loc.key("The events count towards adherence again."))
    static let noMeasure = Option("no-measure", loc.key("Records no value any more."))
    static let changeFrom = Option("from", value: "YYYY-MM-DD", loc.key("The day the change starts (default today: today's earlier events stay as they were)."))
    static let editUntil = Option("until", value: "YYYY-MM-DD", loc.key("The last day, included; \"none\" for no end."))
    static let editRemind = Option("remind", value: "MINUTES", loc.key("Remind this many minutes before each event (0: at its start); \"off\" for no reminder."))

    static let edit = Command(
        CommandSpec(
            "edit-task", loc.key("Changes TASK's schedule or details from a day on (a new version of the task: what was recorded before stays)."),
            positionals: [StoreCommands.task],
            options: [renamed, instructions, times, days, every, changeFrom, editUntil, allDay, adherence, noAdherence, measure, unit, range, limits, noMeasure, editRemind, .timezone, .store],
            details: loc.key("Options not given keep their values. A change may not start before a day with entries recorded after it: the message names the day to choose.")),
        run: editTask)

    static func editTask(_ arguments: Arguments, _ context: CommandContext) async throws {
        let id = arguments.positionals[0]
        let store = try context.openStore(arguments)
        try await StoreCommands.requireTask(id, in: store)
        let current = try await explained { try await store.latestTaskVersion(id: id) }
        guard let existing = OCKTaskPlan(task: current) else {
            throw OCKStoreError.updateFailed(
                reason:
                    loc(
                        "{task}'s schedule was made by its app in a way edit-task cannot show, so editing it here would lose part of it; nothing was changed. `carekit stop-task {id}` stops it.",
                        ["task": current.title ?? id, "id": id])
            )
        }
        var form = OCKTaskPlanForm(plan: existing)
        // By default from today, or from the first day of a task that has not started yet.
        let day = try arguments[changeFrom].map { try context.parseDay($0, option: "from") } ?? max(context.calendar.startOfDay(for: context.now), existing.firstDay)
        form.from = OCKDayCodec.string(from: day, calendar: context.calendar)
        if let text = arguments[renamed] { form.title = text }
        if arguments[days] != nil { form.every = "" }
        if arguments[every] != nil { form.days = "" }
        if arguments[times] != nil { form.isAllDay = false }
        if arguments.has(allDay) { form.isAllDay = true; form.times = "" }
        if arguments.has(noMeasure) { (form.measureKind, form.measure, form.unit, form.range, form.limits) = ("none", "", "", "", "") }
        fill(&form, arguments)
        if arguments[editUntil] == "none" { form.until = "" }
        if arguments[editRemind] == "off" { form.remind = "" }
        guard !(arguments.has(adherence) && arguments.has(noAdherence)) else { throw UsageError(loc("Give --adherence or --no-adherence, not both.")) }
        if arguments.has(adherence) { form.countsTowardsAdherence = true }
        if arguments.has(noAdherence) { form.countsTowardsAdherence = false }
        let plan = try read(form, context)
        let task = try await explained { try await store.updateTask(id, to: plan, startingOn: day, now: context.now) }
        let summary = sentence(plan.summary(OCKEventFormatter(calendar: context.calendar), timeText: \.description))
        context.output(
            loc("Changed {task} (id {id}) from {day}: {summary}.", ["task": Format.visible(plan.title), "id": task.id, "day": Format.day(day, context), "summary": summary]))
    }

    static let lastDay = Option("until", value: "YYYY-MM-DD", loc.key("The last day the task happens, included (default today)."))

    static let stop = Command(
        CommandSpec(
            "stop-task", loc.key("Stops TASK after a day (today by default): its schedule ends, and what was recorded stays in its history."),
            positionals: [StoreCommands.task], options: [lastDay, .timezone, .store]),
        run: stopTask)

    static func stopTask(_ arguments: Arguments, _ context: CommandContext) async throws {
        let id = arguments.positionals[0]
        let day = try arguments[lastDay].map { try context.parseDay($0, option: "until") } ?? context.calendar.startOfDay(for: context.now)
        let store = try context.openStore(arguments)
        try await StoreCommands.requireTask(id, in: store)
        let task = try await explained { try await store.stopTask(id, lastDay: day, calendar: context.calendar) }
        context.output(loc("Stopped {task} after {day}; its history stays.", ["task": Format.visible(task.title ?? id), "day": Format.day(day, context)]))
    }

    /// A plan's summary to end a sentence with: without its own final period (a date such as
    /// "1. Jan." ends with one), which the sentence adds.
    static func sentence(_ summary: String) -> String {
        var text = summary
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }

    // MARK: Reading

    /// The options given, as the form's fields.
    static func fill(_ form: inout OCKTaskPlanForm, _ arguments: Arguments) {
        let fields: [(Option, WritableKeyPath<OCKTaskPlanForm, String>)] = [
            (instructions, \.instructions), (times, \.times), (days, \.days), (every, \.every), (from, \.from), (until, \.until),
            (measure, \.measure), (unit, \.unit), (range, \.range), (limits, \.limits), (remind, \.remind)
        ]
        // A measurement named here is recognised by its name (and units), not by the one it was.
        if arguments[measure] != nil { form.measureKind = "" }
        for (option, field) in fields {
            if let value = arguments[option] { form[keyPath: field] = value }
        }
    }

    /// The form's plan, or a usage error naming each wrong option.
    static func read(_ form: OCKTaskPlanForm, _ context: CommandContext) throws -> OCKTaskPlan {
        switch form.plan(calendar: context.calendar, today: context.now) {
        case .success(let plan): return plan
        case .failure(let problems):
            throw UsageError(problems.ordered.map { "\($0.field == .title ? "TITLE" : "--" + $0.field.rawValue): \($0.reason)" }.joined(separator: "\n"))
        }
    }

    /// Runs `body`, turning the plan editor's refusals into errors with their words.
    static func explained<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as OCKTaskPlanError {
            throw OCKStoreError.updateFailed(reason: error.message)
        }
    }
}
