import CareKitStore
import Foundation

/// A patient's overview bases (``_PatientOverview/Basis``) for several days in a row, from one
/// revision: the day it was computed and the ``days`` - 1 after it. A patient who pushes
/// nothing keeps the same bases at midnight (the next day's is there already), and a server
/// that starts again reads them from storage (`SyncKeptOverview`, as JSON) instead of
/// computing every patient's from their revisions.
///
/// The JSON holds each adherence day, open event and alert once, and each day's basis as
/// indexes into those tables: neighbouring days share six of their seven rings and most of
/// their open events. A basis read back is the one written, value for value.
struct _OverviewHorizon: Sendable {
    /// How many days, from the day of computing, one horizon holds.
    static let days = 3

    /// Each day's basis, by the day's start in the dashboard's calendar.
    var bases: [Date: _PatientOverview.Basis]

    /// The first day and those after it, `days` in all, each at its start in `calendar`.
    static func days(from day: Date, calendar: Calendar) -> [Date] {
        var result = [calendar.startOfDay(for: day)]
        while result.count < days, let last = result.last, let next = calendar.date(byAdding: .day, value: 1, to: last) {
            result.append(calendar.startOfDay(for: next))
        }
        return result
    }

    // MARK: JSON

    /// The format's version: a horizon in another is not read (it is computed again).
    static let format = 2

    private struct Stored: Codable {
        var format: Int
        /// Adherence days: the day, and 0 no tasks, 1 no events, 2 progress with its fraction.
        var adherence: [Ring]
        var open: [_PatientOverview.OpenEvent]
        var alerts: [Alert]
        var bases: [Day]
    }

    private struct Ring: Codable, Hashable {
        var day: Date
        var kind: Int
        var fraction: Double

        enum CodingKeys: String, CodingKey {
            case day = "d", kind = "k", fraction = "f"
        }
    }

    private struct Alert: Codable, Hashable {
        var severity: Int
        var key: String
        /// What fired, as values (worded when shown, in the reader's language).
        var words: _TeamAlert.Words
        var since: Date

        enum CodingKeys: String, CodingKey {
            case severity = "v", key = "k", words = "w", since = "s"
        }
    }

    private struct Day: Codable {
        var day: Date
        var adherence: [Int]
        var open: [Int]
        var alerts: [Int]

        enum CodingKeys: String, CodingKey {
            case day = "d", adherence = "a", open = "o", alerts = "r"
        }
    }

    struct Unreadable: Error {}

    /// Adds `value` to `table` unless it is there, and says where it is.
    private static func index<Value: Hashable>(of value: Value, in table: inout [Value], _ positions: inout [Value: Int]) -> Int {
        if let found = positions[value] { return found }
        table.append(value)
        positions[value] = table.count - 1
        return table.count - 1
    }

    func json() throws -> Data {
        var stored = Stored(format: Self.format, adherence: [], open: [], alerts: [], bases: [])
        var rings: [Ring: Int] = [:], opens: [_PatientOverview.OpenEvent: Int] = [:], alerts: [Alert: Int] = [:]
        for (day, basis) in bases.sorted(by: { $0.key < $1.key }) {
            let adherence = basis.days.map { entry -> Int in
                let ring: Ring
                switch entry.adherence {
                case .noTasks: ring = Ring(day: entry.day, kind: 0, fraction: 0)
                case .noEvents: ring = Ring(day: entry.day, kind: 1, fraction: 0)
                case .progress(let fraction): ring = Ring(day: entry.day, kind: 2, fraction: fraction)
                }
                return Self.index(of: ring, in: &stored.adherence, &rings)
            }
            let open = basis.open.map { Self.index(of: $0, in: &stored.open, &opens) }
            let alert = basis.rangeAlerts.map { alert in
                Self.index(of: Alert(severity: alert.severity.rawValue, key: alert.key, words: alert.words, since: alert.since), in: &stored.alerts, &alerts)
            }
            stored.bases.append(Day(day: day, adherence: adherence, open: open, alerts: alert))
        }
        return try JSONEncoder().encode(stored)
    }

    init(bases: [Date: _PatientOverview.Basis]) {
        self.bases = bases
    }

    /// The horizon `json()` wrote; throws ``Unreadable`` for another format or a broken one.
    init(json: Data) throws {
        let stored = try JSONDecoder().decode(Stored.self, from: json)
        guard stored.format == Self.format else { throw Unreadable() }
        func pick<Value>(_ table: [Value], _ indexes: [Int]) throws -> [Value] {
            try indexes.map { index in
                guard table.indices.contains(index) else { throw Unreadable() }
                return table[index]
            }
        }
        var bases: [Date: _PatientOverview.Basis] = [:]
        for day in stored.bases {
            let days = try pick(stored.adherence, day.adherence).map { ring -> (day: Date, adherence: OCKAdherence) in
                switch ring.kind {
                case 0: return (ring.day, .noTasks)
                case 1: return (ring.day, .noEvents)
                default: return (ring.day, .progress(ring.fraction))
                }
            }
            let open = try pick(stored.open, day.open)
            let alerts = try pick(stored.alerts, day.alerts).map { alert in
                guard let severity = _TeamAlert.Severity(rawValue: alert.severity) else { throw Unreadable() }
                return _TeamAlert(severity: severity, key: alert.key, words: alert.words, since: alert.since)
            }
            bases[day.day] = _PatientOverview.Basis(days: days, open: open, rangeAlerts: alerts)
        }
        self.bases = bases
    }
}
