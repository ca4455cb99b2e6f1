import CareKitArguments
import CareKitCalendar
import CareKitStore
import Foundation

/// `carekit calendar`: the care plan as an iCalendar file that calendar apps import or
/// subscribe to.
enum CalendarCommand {
    static let name = Option("name", value: "TEXT", loc.key("The calendar's name shown by calendar apps (default \"Care plan\")."))
    static let years = Option("years", value: "N", loc.key("How many years ahead schedules that cannot be written as a rule are listed (default 3, at most 20)."))

    static let command = Command(
        CommandSpec(
            "calendar",
            loc.key("Writes the care plan as an iCalendar (RFC 5545) file: every task's events with their times, time zones and reminders, for a phone's calendar to show and remind without the app."),
            options: [.output, name, years, .timezone, .store],
            details: loc.key("Without -o the calendar goes to standard output. A task changed or stopped in the store ends in the calendar where it changed.")),
        run: writeCalendar)

    static func writeCalendar(_ arguments: Arguments, _ context: CommandContext) async throws {
        let span = try arguments.integer(years) ?? 3
        guard (1...20).contains(span) else { throw UsageError(loc("--years must be between 1 and 20.")) }
        let store = try context.openStore(arguments)
        let tasks = try await store.exportVersions().compactMap { entity -> OCKTask? in
            if case .task(let task) = entity { return task } else { return nil }
        }
        let horizon = context.calendar.date(byAdding: .year, value: span, to: context.now) ?? context.now
        let feed = OCKCalendarFeed(name: arguments[name] ?? "Care plan", versions: tasks, now: context.now, horizon: horizon)
        let data = Data(feed.ics().utf8)
        if let path = arguments[.output], path != "-" {
            try OutputFile.write(data, to: path)
            context.output(loc("Wrote the calendar of {count} tasks to {path}.", count: Set(tasks.map(\.id)).count, ["path": path]))
        } else {
            context.write(data)
        }
    }
}
