import CareKitTestSupport
import Foundation
import Testing

@testable import CareKitStore

/// Fixed time for store tests: New York calendar, explicit dates, never the machine's clock.
enum StoreTestSupport {
    static let newYork = TimeZone(identifier: "America/New_York")!

    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = newYork
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }

    /// "2025-01-10 08:30" in New York.
    static func date(_ text: String, in zone: TimeZone = newYork) -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = text.count > 10 ? "yyyy-MM-dd HH:mm" : "yyyy-MM-dd"
        guard let date = formatter.date(from: text) else { return Date(timeIntervalSinceReferenceDate: .nan) }
        return date
    }

    static func day(_ text: String) -> DateInterval {
        DateInterval.ockDay(containing: date(text), calendar: calendar)
    }

    static func interval(_ from: String, _ to: String) -> DateInterval {
        DateInterval(start: date(from), end: date(to))
    }

    /// A daily task at `hour:00` starting on `start`, in New York.
    static func dailyTask(_ id: String, hour: Int = 8, start: String = "2025-01-01", end: String? = nil, title: String? = nil) -> OCKTask {
        let schedule = OCKSchedule.dailyAtTime(
            hour: hour, minutes: 0, start: date(start), end: end.map { date($0) }, text: nil, calendar: calendar)
        var task = OCKTask(id: id, title: title ?? id, carePlanUUID: nil, schedule: schedule)
        task.timezone = newYork
        return task
    }

    /// A store in memory or in a fresh temporary folder, with a fixed clock.
    static func makeStore(_ kind: Kind, now: String = "2025-06-01 12:00") -> OCKStore {
        let clock = date(now)
        switch kind {
        case .inMemory:
            return OCKStore(name: "test", type: .inMemory, clock: { clock })
        case .onDisk:
            return OCKStore(name: "test", type: .onDisk, directory: temporaryDirectory(), clock: { clock })
        }
    }

    enum Kind: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case inMemory, onDisk
        var testDescription: String { rawValue }
    }

    static func temporaryDirectory() -> URL { TestFolders.make("store") }

    static func outcome(_ task: OCKTask, _ occurrence: Int, _ values: [OCKOutcomeValue] = [OCKOutcomeValue(true, units: nil, kind: nil, createdDate: date("2025-01-01"))]) -> OCKOutcome {
        var outcome = OCKOutcome(taskUUID: task.uuid, taskOccurrenceIndex: occurrence, values: values)
        outcome.effectiveDate = date("2025-01-01")
        return outcome
    }
}

extension StoreTestSupport {

    /// The case of an ``OCKStoreError``, for exact expectations.
    enum ErrorCase: String, Sendable {
        case fetchFailed, addFailed, updateFailed, deleteFailed, remoteSynchronizationFailed, invalidValue, timedOut

        init(_ error: OCKStoreError) {
            switch error {
            case .fetchFailed: self = .fetchFailed
            case .addFailed: self = .addFailed
            case .updateFailed: self = .updateFailed
            case .deleteFailed: self = .deleteFailed
            case .remoteSynchronizationFailed: self = .remoteSynchronizationFailed
            case .invalidValue: self = .invalidValue
            case .timedOut: self = .timedOut
            }
        }
    }

    /// Expects `body` to throw an ``OCKStoreError`` of case `expected` whose reason mentions
    /// every string in `mentioning`; returns the error.
    @discardableResult
    static func expectError(
        _ expected: ErrorCase, mentioning words: [String] = [],
        sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () async throws -> Void
    ) async -> OCKStoreError? {
        do {
            try await body()
            Issue.record("Expected OCKStoreError.\(expected.rawValue), but the call succeeded.", sourceLocation: sourceLocation)
            return nil
        } catch let error as OCKStoreError {
            #expect(ErrorCase(error) == expected, "got \(error)", sourceLocation: sourceLocation)
            for word in words {
                #expect(error.reason.contains(word), "the reason «\(error.reason)» should mention «\(word)»", sourceLocation: sourceLocation)
            }
            return error
        } catch {
            Issue.record("Expected OCKStoreError.\(expected.rawValue), got \(type(of: error)): \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// One integer read straight from the store's database (for `seq`, counts, pragmas).
    static func integer(_ store: OCKStore, _ sql: String) async throws -> Int64? {
        try await store.read { connection in try connection.scalarInt(sql) }
    }

    /// How many rows `table` holds, tombstones and superseded versions included.
    static func rowCount(_ store: OCKStore, _ table: String) async throws -> Int {
        Int(try await integer(store, "SELECT count(*) FROM \(table)") ?? -1)
    }

    /// An outcome with a chosen id and effective date.
    static func outcome(
        _ task: OCKTask, _ occurrence: Int, id: String, effective: String = "2025-01-01", values: [OCKOutcomeValue] = [OCKOutcomeValue(true, units: nil, kind: nil, createdDate: date("2025-01-01"))]
    ) -> OCKOutcome {
        var outcome = OCKOutcome(taskUUID: task.uuid, taskOccurrenceIndex: occurrence, values: values)
        outcome.id = id
        outcome.effectiveDate = date(effective)
        return outcome
    }

    /// A patient effective from `effective`.
    static func patient(_ id: String, _ given: String = "Ada", _ family: String = "Lovelace", effective: String = "2025-01-01") -> OCKPatient {
        var patient = OCKPatient(id: id, givenName: given, familyName: family)
        patient.effectiveDate = date(effective)
        patient.timezone = newYork
        return patient
    }

    /// A care plan effective from `effective`.
    static func carePlan(_ id: String, title: String? = nil, patientUUID: UUID? = nil, effective: String = "2025-01-01") -> OCKCarePlan {
        var plan = OCKCarePlan(id: id, title: title ?? id, patientUUID: patientUUID)
        plan.effectiveDate = date(effective)
        plan.timezone = newYork
        return plan
    }

    /// A contact effective from `effective`.
    static func contact(_ id: String, given: String = "Grace", family: String = "Hopper", carePlanUUID: UUID? = nil, effective: String = "2025-01-01") -> OCKContact {
        var contact = OCKContact(id: id, givenName: given, familyName: family, carePlanUUID: carePlanUUID)
        contact.effectiveDate = date(effective)
        contact.timezone = newYork
        return contact
    }

    /// Events of one local day.
    static func events(_ store: OCKStore, on day: String, taskIDs: [String] = []) async throws -> [OCKEvent<OCKTask, OCKOutcome>] {
        var query = OCKEventQuery(dateInterval: Self.day(day))
        query.taskIDs = taskIDs
        return try await store.fetchEvents(query: query)
    }
}
