import CareKitFHIR
import CareKitStore
import Foundation
import ZombieKit

/// Dates, calendars and stores for the FHIR tests: every zone is named, "now" is fixed.
enum Fixture {
    static func zone(_ identifier: String) -> TimeZone {
        TimeZone(identifier: identifier) ?? .gmt
    }

    static func calendar(_ identifier: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone(identifier)
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }

    static func date(_ calendar: Calendar, _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute)) ?? .distantPast
    }

    /// 2025-01-22 15:00 UTC, a Wednesday.
    static let now = Date(timeIntervalSince1970: 1_737_558_000)

    /// An in-memory store whose writes are stamped `now`.
    static func store(_ name: String = UUID().uuidString, now: Date = Fixture.now) -> OCKStore {
        OCKStore(name: name, type: .inMemory, clock: { now })
    }

    /// A store with the ZombieKit demo (the plan, its contacts, sample history until `now`).
    static func demoStore() async throws -> OCKStore {
        let store = store("demo")
        try await CarePlanData(startingInWeekOf: now, calendar: calendar("America/New_York")).seed(into: store, sampleHistoryUntil: now)
        return store
    }

    /// The FHIR bundle of a store, as JSON data (stamped in `timeZone`, as `carekit export` stamps it in the local one).
    static func bundle(of store: OCKStore, now: Date = Fixture.now, timeZone: TimeZone = .gmt) async throws -> (data: Data, export: OCKFHIRExport) {
        let export = OCKFHIRExporter(now: now).export(try await store.exportVersions())
        return (try export.collection(timestamp: now, timeZone: timeZone).jsonData(), export)
    }

    /// Imports bundle data into a new store, requiring that nothing was left unplaced.
    static func imported(_ data: Data, timeZone: TimeZone = .gmt) async throws -> (store: OCKStore, result: OCKFHIRImport) {
        let result = try OCKFHIRImporter(timeZone: timeZone, now: now).entities(fromBundle: data)
        let store = store()
        if result.canBeWritten { try await store.importVersions(result.entities) }
        return (store, result)
    }

    /// The repository's root (for docs/ and Tests/ files).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}

/// Where two texts first differ, as a short message (nil when they are the same).
func firstDifference(_ expected: String, _ actual: String) -> String? {
    let (first, second) = (expected.components(separatedBy: "\n"), actual.components(separatedBy: "\n"))
    guard let line = first.indices.first(where: { $0 >= second.count || first[$0] != second[$0] }) ?? (second.count > first.count ? first.count : nil) else { return nil }
    let context = first[max(0, line - 3)..<min(line + 1, first.count)].joined(separator: "\n")
    return "line \(line + 1): expected\n\(context)\nbut found\n\(line < second.count ? second[line] : "(end)")"
}

/// What a test compares of an event: which task, when, its number, and its outcome's values.
struct EventSnapshot: Hashable, CustomStringConvertible {
    var task: String
    var start: Date
    var end: Date
    var occurrence: Int
    var values: [OCKOutcomeValue]?

    init(_ event: OCKEvent<OCKTask, OCKOutcome>) {
        task = event.task.id
        start = event.scheduleEvent.start
        end = event.scheduleEvent.end
        occurrence = event.scheduleEvent.occurrence
        values = event.outcome?.values
    }

    var description: String {
        "\(task)#\(occurrence) \(start.formatted(.iso8601))–\(end.formatted(.iso8601))" + (values.map { " \($0)" } ?? "")
    }
}

/// What a test compares of a task version (everything but store bookkeeping and uuids).
struct TaskSnapshot: Hashable {
    struct Element: Hashable {
        var start: Date, end: Date?, interval: String, duration: OCKScheduleElement.Duration, text: String?
        var targets: [OCKOutcomeValue], zone: String, calendar: String, firstWeekday: Int, minimumDays: Int
    }

    var id: String, title: String?, instructions: String?, impactsAdherence: Bool, effectiveDate: Date, deleted: Bool
    var elements: [Element]
    var tags: [String]?, group: String?, userInfo: [String: String]?, asset: String?, notes: [OCKNote]?, source: String?, timezone: String

    init(_ task: OCKTask) {
        id = task.id
        title = task.title
        instructions = task.instructions
        impactsAdherence = task.impactsAdherence
        effectiveDate = task.effectiveDate
        deleted = task.deletedDate != nil
        elements = task.schedule.elements.map { element in
            let parts: [(String, Int?)] = [
                ("y", element.interval.year), ("mo", element.interval.month), ("w", element.interval.weekOfYear), ("d", element.interval.day),
                ("h", element.interval.hour), ("mi", element.interval.minute), ("s", element.interval.second)
            ]
            return Element(
                start: element.start, end: element.end,
                interval: parts.compactMap { name, value in value.flatMap { $0 == 0 ? nil : "\($0)\(name)" } }.joined(),
                duration: element.duration, text: element.text, targets: element.targetValues, zone: element.calendar.timeZone.identifier,
                calendar: "\(element.calendar.identifier)", firstWeekday: element.calendar.firstWeekday, minimumDays: element.calendar.minimumDaysInFirstWeek)
        }
        tags = task.tags
        group = task.groupIdentifier
        // The kept FHIR members are the importer's; the rest must be the same.
        userInfo = task.userInfo
        asset = task.asset
        notes = task.notes
        source = task.source
        timezone = task.timezone.identifier
    }
}
