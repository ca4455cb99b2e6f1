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
            print("carekit export [--store PATH] [-o FILE]\n  A complete backup: every version of every entity (edits, deletions and their history), as JSON\n  in CareKit's format ({\"type\", \"object\"} entities). `carekit import` restores it. FILE is created\n  private to you (0600); without -o the JSON goes to standard output.")
            return
        }
        let store = try context.openStore(arguments)
        let entities = try await store.exportVersions()
        let document = ExportDocument(format: ExportDocument.formatName, version: ExportDocument.currentVersion, exportedAt: context.now, entities: entities)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(document)
        if let path = arguments["output"], path != "-" {
            try OutputFile.write(data, to: path)
            print("Exported \(entities.count) entity versions to \(path).")
        } else {
            FileHandle.standardOutput.write(data)
            print("")
        }
    }

    static func importEntities(_ raw: [String], _ context: CommandContext) async throws {
        let arguments = try Arguments(raw, flags: ["help"], options: ["store"])
        if arguments.has("help") {
            print("carekit import FILE [--store PATH]\n  Restores a file written by `carekit export` (or a JSON array of CareKit {\"type\", \"object\"}\n  entities) with its whole history, in one transaction: everything or nothing. Versions the store\n  already has are skipped, so importing a file twice adds nothing the second time.")
            return
        }
        guard arguments.positionals.count == 1 else { throw UsageError("import takes one FILE.") }
        let path = arguments.positionals[0]
        let data: Data
        do {
            data = path == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw OCKStoreError.invalidValue(reason: "Could not read \(path): \(Format.fileError(error)). Nothing was imported.")
        }
        let entities = try ExportDocument.entities(in: data, name: path)
        let store = try context.openStore(arguments)
        let summary = try await store.importVersions(entities)
        print(Format.importSummary(summary))
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
    static let formatName = "carekit-export"
    /// 1: every version of entities not deleted. 2: every version, deletions included.
    static let currentVersion = 2

    var format: String
    var version: Int
    var exportedAt: Date
    var entities: [OCKEntity]

    /// The entities of an export document (an object) or of a bare array of CareKit entities.
    static func entities(in data: Data, name: String) throws -> [OCKEntity] {
        let isDocument = data.first(where: { !(Character(Unicode.Scalar($0)).isWhitespace) }) == UInt8(ascii: "{")
        do {
            guard isDocument else { return try JSONDecoder().decode([OCKEntity].self, from: data) }
            let document = try JSONDecoder().decode(ExportDocument.self, from: data)
            guard document.format == formatName else {
                throw OCKStoreError.invalidValue(reason: "\(name) is a '\(document.format)' file, not a CareKit export. Nothing was imported.")
            }
            guard document.version <= currentVersion else {
                throw OCKStoreError.invalidValue(reason: "\(name) was written by a newer carekit (export version \(document.version); this one reads up to \(currentVersion)). Update carekit. Nothing was imported.")
            }
            return document.entities
        } catch let error as OCKStoreError {
            throw error
        } catch let error as DecodingError {
            throw OCKStoreError.invalidValue(reason: "\(name) is not a CareKit export: \(Format.decodingError(error)). Nothing was imported.")
        } catch {
            throw OCKStoreError.invalidValue(reason: "\(name) is not a CareKit export: \(error.localizedDescription). Nothing was imported.")
        }
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

    static func importSummary(_ summary: OCKImportSummary) -> String {
        let kinds: [(OCKEntity.EntityType, String)] = [(.patient, "patient"), (.carePlan, "care plan"), (.contact, "contact"), (.task, "task"), (.outcome, "outcome")]
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun) version\(number == 1 ? "" : "s")" }
        let added = kinds.compactMap { kind, noun in (summary.added[kind] ?? 0) > 0 ? count(summary.added[kind] ?? 0, noun) : nil }
        var lines = [added.isEmpty ? "Imported nothing new." : "Imported " + added.joined(separator: ", ") + "."]
        let present = summary.alreadyPresent.values.reduce(0, +)
        if present > 0 { lines.append("\(present) version\(present == 1 ? " was" : "s were") already in the store and left as they were.") }
        if let healthKit = summary.unsupported[.healthKitTask], healthKit > 0 {
            lines.append("\(healthKit) HealthKit task version\(healthKit == 1 ? " was" : "s were") left out: this store cannot hold HealthKit tasks.")
        }
        return lines.joined(separator: "\n")
    }

    /// Where a JSON document went wrong, in words.
    static func decodingError(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "" : " at \(keys)"
        }
        switch error {
        case .dataCorrupted(let context): return "it is not valid JSON\(path(context)) (\(context.debugDescription))"
        case .keyNotFound(let key, let context): return "'\(key.stringValue)' is missing\(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "\(context.debugDescription)\(path(context))"
        @unknown default: return "\(error)"
        }
    }

    /// A file error without Foundation's domain and code.
    static func fileError(_ error: any Error) -> String {
        if let cocoa = error as? CocoaError, let underlying = cocoa.underlying as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        if let cocoa = error as? CocoaError {
            switch cocoa.code {
            case .fileReadNoSuchFile, .fileNoSuchFile: return "there is no such file"
            case .fileReadNoPermission: return "permission denied"
            default: break
            }
        }
        return error.localizedDescription
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

