import CareKitStore
import CareKitUI
import Foundation

/// One alert of the patient list: how severe, what fired, since when, and the key an
/// acknowledgment names (docs/team.md, "Alerts").
///
/// Keys name the one thing that fired, so an acknowledged alert stays quiet until something new
/// fires: a reading (its outcome version and value), a missed event (its task version and
/// occurrence), a silence (since the last contact it counts from).
struct _TeamAlert: Sendable, Hashable {
    /// The triage order: a measurement out of range above a missed medication above no data.
    enum Severity: Int, Sendable, Hashable, Comparable {
        case noData = 0
        case missed = 1
        case outOfRange = 2

        static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rawValue < rhs.rawValue }

        /// The words shown beside the colour, so the rank never rests on colour alone.
        var word: String {
            switch self {
            case .outOfRange: return loc("Out of range")
            case .missed: return loc("Missed")
            case .noData: return loc("No data")
            }
        }

        var cssClass: String {
            switch self {
            case .outOfRange: return "team-severity team-severity-high"
            case .missed: return "team-severity team-severity-medium"
            case .noData: return "team-severity team-severity-low"
            }
        }
    }

    /// What fired, kept as values and worded when it is shown, its days, times and numbers
    /// too: in the reader's language on a page, in English in the audit trail (an overview is
    /// kept across requests and languages).
    enum Words: Sendable, Hashable, Codable {
        /// "Temperature on 2025-01-07: 103.1 °F is above the target range 95–100.3 °F."
        case outOfRange(task: String, day: Date, value: OCKOutcomeValue, above: Bool, low: Double, high: Double, units: String?)
        /// "Missed today: Vitamins, due 08:00." (the time in the patient's time zone).
        case missed(task: String, due: Date, timeZone: TimeZone)
        /// "Never synchronized."
        case neverSynchronized
        /// "No sync for 5 days."
        case noSync(days: Int)
        /// "No new data for 4 days; the devices last synchronized 2025-01-03 20:00."
        case noNewData(days: Int, lastSync: Date)
    }

    var severity: Severity
    var key: String
    var words: Words
    /// When it fired: when the reading was recorded, when the missed event's window closed,
    /// when the patient's devices last made contact.
    var since: Date

    /// What fired, in the current language; days and times in `calendar` (the server's).
    func text(calendar: Calendar) -> String {
        switch words {
        case .outOfRange(let task, let day, let value, let above, let low, let high, let units):
            let (shownDay, reading, range) = (_TeamFormat.day(day, calendar: calendar), _TeamFormat.reading(value, calendar: calendar), _TeamFormat.range(low, high, units: units))
            return above
                ? loc("{task} on {day}: {value} is above the target range {range}.", ["task": task, "day": shownDay, "value": reading, "range": range])
                : loc("{task} on {day}: {value} is below the target range {range}.", ["task": task, "day": shownDay, "value": reading, "range": range])
        case .missed(let task, let due, let timeZone):
            var local = Calendar(identifier: .gregorian)
            local.timeZone = timeZone
            return loc("Missed today: {task}, due {time}.", ["task": task, "time": _TeamFormat.time(due, calendar: local)])
        case .neverSynchronized: return loc("Never synchronized.")
        case .noSync(let days): return loc("No sync for {count} days.", count: days)
        case .noNewData(let days, let lastSync):
            return loc("No new data for {count} days; the devices last synchronized {moment}.", count: days, ["moment": _TeamFormat.moment(lastSync, calendar: calendar)])
        }
    }

    /// Most severe first, then the most recent.
    static func triageOrder(_ lhs: _TeamAlert, _ rhs: _TeamAlert) -> Bool {
        (lhs.severity.rawValue, lhs.since, rhs.key) > (rhs.severity.rawValue, rhs.since, lhs.key)
    }

    /// The alerts of a reading: one per value outside the target range its task defines for it
    /// (``OCKScheduleElement/targetRange(for:)``: by the task's targets and measurement, not by
    /// the tag on the value, so values of every writer alert).
    static func outOfRange(_ event: OCKAnyEvent, calendar: Calendar) -> [_TeamAlert] {
        guard let outcome = event.outcome else { return [] }
        let element = event.scheduleEvent.element
        let identity = (outcome as? OCKOutcome)?.uuid.uuidString ?? event.id
        return outcome.values.enumerated().compactMap { index, value in
            guard let range = element.targetRange(for: value), let number = value.numericValue(in: range.units) else { return nil }
            let position = range.position(of: number)
            guard position != .within else { return nil }
            return _TeamAlert(
                severity: .outOfRange, key: "range:\(identity):\(index)",
                words: .outOfRange(
                    task: event.task.title ?? event.task.id, day: event.scheduleEvent.start, value: value, above: position == .above, low: range.lowerBound,
                    high: range.upperBound, units: range.units),
                since: value.createdDate)
        }
    }
}
