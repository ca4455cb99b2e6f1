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
            case .outOfRange: return "Out of range"
            case .missed: return "Missed"
            case .noData: return "No data"
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

    var severity: Severity
    var key: String
    var text: String
    /// When it fired: when the reading was recorded, when the missed event's window closed,
    /// when the patient's devices last made contact.
    var since: Date

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
            let day = OCKDayCodec.string(from: event.scheduleEvent.start, calendar: calendar)
            let bound = position == .above ? "above" : "below"
            let low = OCKNumberFormat.decimal(range.lowerBound, maximumFractionDigits: 2)
            let high = OCKNumberFormat.decimal(range.upperBound, maximumFractionDigits: 2)
            return _TeamAlert(
                severity: .outOfRange, key: "range:\(identity):\(index)",
                text: "\(event.task.title ?? event.task.id) on \(day): \(value) is \(bound) the target range \(low)–\(high)\(range.units.map { " " + $0 } ?? "").",
                since: value.createdDate)
        }
    }
}
