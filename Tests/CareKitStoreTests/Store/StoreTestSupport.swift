import Foundation
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

    static func temporaryDirectory() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("carekit-tests-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func outcome(_ task: OCKTask, _ occurrence: Int, _ values: [OCKOutcomeValue] = [OCKOutcomeValue(true, units: nil, kind: nil, createdDate: date("2025-01-01"))]) -> OCKOutcome {
        var outcome = OCKOutcome(taskUUID: task.uuid, taskOccurrenceIndex: occurrence, values: values)
        outcome.effectiveDate = date("2025-01-01")
        return outcome
    }
}

import Testing
extension StoreTestSupport.Kind {}
