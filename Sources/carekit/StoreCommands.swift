import CareKit
import CareKitStore
import Foundation

/// The commands that read and change a store.
enum StoreCommands {

    static func tasks(_ raw: [String], _ context: CommandContext) async throws {
        let arguments = try Arguments(raw, flags: ["help", "json"], options: ["store", "date"])
        if arguments.has("help") {
            print("carekit tasks [--store PATH] [--date YYYY-MM-DD] [--json]\n  The tasks in effect on the day (today by default).")
            return
        }
        let store = try context.openStore(arguments)
        let day = try context.day(arguments)
        var query = OCKTaskQuery(for: day, calendar: context.calendar)
        query.sortDescriptors = [.title(ascending: true)]
        let tasks = try await store.fetchTasks(query: query)
        if arguments.has("json") {
            try printJSON(tasks)
            return
        }
        if tasks.isEmpty { print("No tasks on \(Format.day(day, context))."); return }
        let rows = tasks.map { task in
            [task.id, task.title ?? "", Format.schedule(task.schedule, context), task.impactsAdherence ? "yes" : "no"]
        }
        print(Format.table(["ID", "TITLE", "SCHEDULE", "COUNTS"], rows))
    }

    static func events(_ raw: [String], _ context: CommandContext) async throws {
        let arguments = try Arguments(raw, flags: ["help", "json"], options: ["store", "date"])
        if arguments.has("help") {
            print("carekit events [--store PATH] [--date YYYY-MM-DD] [--json]\n  Every event of the day with its outcome.")
            return
        }
        let store = try context.openStore(arguments)
        let day = try context.day(arguments)
        let events = try await store.fetchEvents(query: OCKEventQuery(for: day, calendar: context.calendar))
        if arguments.has("json") {
            try printJSON(events.map(EventRecord.init))
            return
        }
        if events.isEmpty { print("No events on \(Format.day(day, context))."); return }
        let rows = events.map { event in
            [Format.time(event.scheduleEvent, context), event.task.id, event.task.title ?? "", String(event.scheduleEvent.occurrence),
             event.outcome == nil ? "-" : "done", event.outcome.map { $0.values.map(\.description).joined(separator: ", ") } ?? ""]
        }
        print(Format.table(["TIME", "TASK", "TITLE", "OCCURRENCE", "STATUS", "VALUES"], rows))
    }

    static func complete(_ raw: [String], _ context: CommandContext) async throws {
        let arguments = try Arguments(raw, flags: ["help"], options: ["store", "date", "occurrence"])
        if arguments.has("help") {
            print("carekit complete TASK [--occurrence N] [--date YYYY-MM-DD] [--store PATH]\n  Marks an event of TASK done: occurrence N, or the day's first event not yet done.")
            return
        }
        guard arguments.positionals.count == 1 else { throw UsageError("complete takes one TASK id.") }
        let store = try context.openStore(arguments)
        let event = try await findEvent(store, taskID: arguments.positionals[0], occurrence: try arguments.integer("occurrence"),
                                        day: try context.day(arguments), preferIncomplete: true, context)
        if event.outcome != nil {
            print("\(event.task.title ?? event.task.id) at \(Format.time(event.scheduleEvent, context)) was already done.")
            return
        }
        // Idempotent in the store: if another command completed it a moment ago, this changes nothing.
        try await store.perform(.complete, on: event.anyEvent, now: context.now, calendar: context.calendar)
        print("Done: \(event.task.title ?? event.task.id) at \(Format.time(event.scheduleEvent, context)) (occurrence \(event.scheduleEvent.occurrence)).")
    }

    static func log(_ raw: [String], _ context: CommandContext) async throws {
        let arguments = try Arguments(raw, flags: ["help"], options: ["store", "date", "occurrence", "unit", "kind"])
        if arguments.has("help") {
            print("carekit log TASK VALUE [--unit U] [--kind K] [--occurrence N] [--date YYYY-MM-DD] [--store PATH]\n  Records VALUE (a number, yes/no, or text) on the day's current event of TASK.")
            return
        }
        guard arguments.positionals.count == 2 else { throw UsageError("log takes a TASK id and a VALUE.") }
        let store = try context.openStore(arguments)
        let event = try await findEvent(store, taskID: arguments.positionals[0], occurrence: try arguments.integer("occurrence"),
                                        day: try context.day(arguments), preferIncomplete: false, context)
        let value = OCKOutcomeValue(parseValue(arguments.positionals[1]), units: arguments["unit"], kind: arguments["kind"], createdDate: context.now)
        try await store.perform(.appendValues([value]), on: event.anyEvent, now: context.now, calendar: context.calendar)
        print("Logged \(value) for \(event.task.title ?? event.task.id) at \(Format.time(event.scheduleEvent, context)).")
    }

    static func export(_ raw: [String], _ context: CommandContext) async throws {
        let arguments = try Arguments(raw, flags: ["help"], options: ["store", "output"])
        if arguments.has("help") {
            print("carekit export [--store PATH] [-o FILE]\n  Every version of every entity as JSON in CareKit's format ({\"type\", \"object\"} entities).")
            return
        }
        let store = try context.openStore(arguments)
        var entities: [OCKEntity] = []
        entities += try await store.fetchPatients(query: OCKPatientQuery()).map(OCKEntity.patient)
        entities += try await store.fetchCarePlans(query: OCKCarePlanQuery()).map(OCKEntity.carePlan)
        entities += try await store.fetchContacts(query: OCKContactQuery()).map(OCKEntity.contact)
        entities += try await store.fetchTasks(query: OCKTaskQuery()).map(OCKEntity.task)
        entities += try await store.fetchOutcomes(query: OCKOutcomeQuery()).map(OCKEntity.outcome)
        let document = ExportDocument(format: "carekit-export", version: 1, exportedAt: context.now, entities: entities)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(document)
        if let path = arguments["output"] {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
            print("Exported \(entities.count) entity versions to \(path).")
        } else {
            FileHandle.standardOutput.write(data)
            print("")
        }
    }

    static func importEntities(_ raw: [String], _ context: CommandContext) async throws {
        let arguments = try Arguments(raw, flags: ["help"], options: ["store"])
        if arguments.has("help") {
            print("carekit import FILE [--store PATH]\n  Adds the entities of a JSON file written by `carekit export` (or a JSON array of CareKit\n  {\"type\", \"object\"} entities) to the store, all in one go or not at all per kind.")
            return
        }
        guard arguments.positionals.count == 1 else { throw UsageError("import takes one FILE.") }
        let path = arguments.positionals[0]
        let data: Data
        do {
            data = path == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw OCKStoreError.invalidValue(reason: "Could not read \(path): \(error.localizedDescription)")
        }
        let entities: [OCKEntity]
        do {
            // An export document is an object; a bare list of entities is an array.
            let isDocument = data.first(where: { !(Character(Unicode.Scalar($0)).isWhitespace) }) == UInt8(ascii: "{")
            entities = isDocument ? try JSONDecoder().decode(ExportDocument.self, from: data).entities
                                  : try JSONDecoder().decode([OCKEntity].self, from: data)
        } catch {
            throw OCKStoreError.invalidValue(reason: "\(path) is not a CareKit export: \(error)")
        }
        let store = try context.openStore(arguments)
        var patients: [OCKPatient] = [], plans: [OCKCarePlan] = [], contacts: [OCKContact] = [], tasks: [OCKTask] = [], outcomes: [OCKOutcome] = []
        for entity in entities {
            switch entity {
            case .patient(let value): patients.append(value)
            case .carePlan(let value): plans.append(value)
            case .contact(let value): contacts.append(value)
            case .task(let value): tasks.append(value)
            case .outcome(let value): outcomes.append(value)
            case .healthKitTask: continue
            }
        }
        if !patients.isEmpty { try await store.addPatients(patients) }
        if !plans.isEmpty { try await store.addCarePlans(plans) }
        if !contacts.isEmpty { try await store.addContacts(contacts) }
        if !tasks.isEmpty { try await store.addTasks(tasks) }
        if !outcomes.isEmpty { try await store.addOutcomes(outcomes) }
        print("Imported \(patients.count) patients, \(plans.count) care plans, \(contacts.count) contacts, \(tasks.count) tasks and \(outcomes.count) outcomes.")
    }

    /// The event of a task on a day: occurrence N, else the first not done (or the current one).
    static func findEvent(_ store: OCKStore, taskID: String, occurrence: Int?, day: Date, preferIncomplete: Bool, _ context: CommandContext) async throws -> OCKEvent<OCKTask, OCKOutcome> {
        var query = OCKEventQuery(for: day, calendar: context.calendar)
        query.taskIDs = [taskID]
        let events = try await store.fetchEvents(query: query)
        if let occurrence {
            if let match = events.first(where: { $0.scheduleEvent.occurrence == occurrence }) { return match }
            let task = try await store.fetchTask(withID: taskID)
            return try await store.fetchEvent(forTask: task, occurrence: occurrence)
        }
        guard !events.isEmpty else {
            throw OCKStoreError.fetchFailed(reason: "Task '\(taskID)' has no event on \(Format.day(day, context)). Run `carekit events` to see the day's events.")
        }
        if preferIncomplete, let open = events.first(where: { $0.outcome == nil }) { return open }
        // The event under way, else the last one that started, else the first.
        return events.last(where: { $0.scheduleEvent.start <= context.now }) ?? events[0]
    }

    /// "98.6" → Double, "3" → Int, "yes"/"no" → Bool, anything else → text.
    static func parseValue(_ text: String) -> any OCKOutcomeValueUnderlyingType {
        if let integer = Int(text) { return integer }
        if let number = Double(text), number.isFinite { return number }
        switch text.lowercased() {
        case "yes", "true": return true
        case "no", "false": return false
        default: return text
        }
    }

    static func printJSON<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        FileHandle.standardOutput.write(try encoder.encode(value))
        print("")
    }
}

/// The JSON written by `carekit export`.
struct ExportDocument: Codable {
    var format: String
    var version: Int
    var exportedAt: Date
    var entities: [OCKEntity]
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

/// Plain-text formatting for the terminal.
enum Format {
    static func day(_ date: Date, _ context: CommandContext) -> String {
        let components = context.calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", components.year ?? 0, components.month ?? 0, components.day ?? 0)
    }

    static func clock(_ date: Date, _ context: CommandContext) -> String {
        let components = context.calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", components.hour ?? 0, components.minute ?? 0)
    }

    static func time(_ event: OCKScheduleEvent, _ context: CommandContext) -> String {
        if event.element.duration == .allDay { return "all day" }
        return "\(clock(event.start, context))–\(clock(event.end, context))"
    }

    static func schedule(_ schedule: OCKSchedule, _ context: CommandContext) -> String {
        schedule.elements.map { element in
            let when = element.duration == .allDay ? "all day" : clock(element.start, context)
            let every = element.interval.day == 1 ? "daily" : element.interval.weekOfYear == 1 ? "weekly" : "every \(OCKEventFormatter().interval(element.interval))"
            return "\(every) \(when)"
        }.joined(separator: ", ")
    }

    static func table(_ header: [String], _ rows: [[String]]) -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}

