import CareKitStore
import CareKitUI
import Foundation

/// What the patient list shows of one patient, computed on the server from the patient's
/// replica store with CareKitStore: adherence of the last 7 days, the last sync, and alerts.
struct _PatientOverview: Sendable {
    var patient: SyncPatient
    /// The last 7 days, oldest first, ending today.
    var days: [(day: Date, adherence: OCKAdherence)]
    var lastSync: Date?
    var alerts: [String]

    /// The mean of the days with something to do, or nil.
    var weekFraction: Double? {
        let fractions = days.compactMap(\.adherence.fractionCompleted)
        return fractions.isEmpty ? nil : fractions.reduce(0, +) / Double(fractions.count)
    }

    /// What of an overview depends only on the patient's revisions and the day: the week's
    /// adherence, today's events not done (which become "missed" as each one ends), and the
    /// week's values out of their target range. Computed once per revision and day.
    struct Basis: Sendable {
        var days: [(day: Date, adherence: OCKAdherence)]
        /// Today's events that count for adherence and have no outcome, in the store's order.
        var undoneToday: [(end: Date, title: String)]
        var rangeAlerts: [String]
    }

    static func basis(store: OCKStore, now: Date, calendar: Calendar) async throws -> Basis {
        let today = calendar.startOfDay(for: now)
        let start = calendar.date(byAdding: .day, value: -6, to: today) ?? today
        let tomorrow = calendar.date(byAdding: .day, value: 1, to: today) ?? now
        let week = DateInterval(start: start, end: max(start, tomorrow))
        let adherence = try await store.fetchAdherence(query: OCKAdherenceQuery(taskIDs: [], dateInterval: week, calendar: calendar))
        let days = Array(zip(OCKAdherence.days(in: week, calendar: calendar), adherence)).map { (day: $0.0, adherence: $0.1) }

        let events = try await store.fetchAnyEvents(query: OCKEventQuery(dateInterval: week))
        let undone = events.filter { event in event.scheduleEvent.start >= today && event.outcome == nil && OCKAdherence.counts(event.task) }
        var rangeAlerts: [String] = []
        for event in events {
            guard let outcome = event.outcome else { continue }
            for value in outcome.values {
                guard let position = event.scheduleEvent.element.targetRangePosition(of: value), position != .within,
                    let range = event.scheduleEvent.element.targetRange(forKind: value.kind)
                else { continue }
                let day = OCKDayCodec.string(from: event.scheduleEvent.start, calendar: calendar)
                let bound = position == .above ? "above" : "below"
                rangeAlerts.append(
                    "\(event.task.title ?? event.task.id) on \(day): \(value) is \(bound) the target range "
                        + "\(OCKNumberFormat.decimal(range.lowerBound, maximumFractionDigits: 2))–\(OCKNumberFormat.decimal(range.upperBound, maximumFractionDigits: 2))\(range.units.map { " " + $0 } ?? "")."
                )
            }
        }
        return Basis(days: days, undoneToday: undone.map { (end: $0.scheduleEvent.end, title: $0.task.title ?? $0.task.id) }, rangeAlerts: rangeAlerts)
    }

    /// The overview at `now` from its basis: the alerts that depend on the time of day and on
    /// the last sync are worked out here, on every request.
    static func make(patient: SyncPatient, basis: Basis, lastSync: Date?, now: Date, staleDays: Int) -> _PatientOverview {
        var alerts: [String] = []
        let missed = basis.undoneToday.filter { $0.end <= now }
        if !missed.isEmpty { alerts.append("Missed today: \(Self.list(missed.map(\.title))).") }
        alerts += basis.rangeAlerts
        if let lastSync {
            let days = Int(now.timeIntervalSince(lastSync) / 86_400)
            if days >= staleDays { alerts.append("No sync for \(days) days.") }
        } else {
            alerts.append("Never synchronized.")
        }
        return _PatientOverview(patient: patient, days: basis.days, lastSync: lastSync, alerts: alerts)
    }

    static func list(_ titles: [String]) -> String {
        var seen = Set<String>()
        return titles.filter { seen.insert($0).inserted }.joined(separator: ", ")
    }
}
