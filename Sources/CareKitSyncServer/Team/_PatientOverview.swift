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

    static func make(patient: SyncPatient, store: OCKStore, lastSync: Date?, now: Date, calendar: Calendar, staleDays: Int) async throws -> _PatientOverview {
        let today = calendar.startOfDay(for: now)
        let start = calendar.date(byAdding: .day, value: -6, to: today) ?? today
        let tomorrow = calendar.date(byAdding: .day, value: 1, to: today) ?? now
        let week = DateInterval(start: start, end: max(start, tomorrow))
        let adherence = try await store.fetchAdherence(query: OCKAdherenceQuery(taskIDs: [], dateInterval: week, calendar: calendar))
        let days = Array(zip(OCKAdherence.days(in: week, calendar: calendar), adherence)).map { (day: $0.0, adherence: $0.1) }

        var alerts: [String] = []
        let events = try await store.fetchAnyEvents(query: OCKEventQuery(dateInterval: week))
        let missed = events.filter { event in
            event.scheduleEvent.start >= today && event.scheduleEvent.end <= now && event.outcome == nil && OCKAdherence.counts(event.task)
        }
        if !missed.isEmpty {
            let titles = missed.map { $0.task.title ?? $0.task.id }
            alerts.append("Missed today: \(Self.list(titles)).")
        }
        for event in events {
            guard let outcome = event.outcome else { continue }
            for value in outcome.values {
                guard let position = event.scheduleEvent.element.targetRangePosition(of: value), position != .within,
                    let range = event.scheduleEvent.element.targetRange(forKind: value.kind)
                else { continue }
                let day = OCKDayCodec.string(from: event.scheduleEvent.start, calendar: calendar)
                let bound = position == .above ? "above" : "below"
                alerts.append(
                    "\(event.task.title ?? event.task.id) on \(day): \(value) is \(bound) the target range "
                        + "\(OCKNumberFormat.decimal(range.lowerBound, maximumFractionDigits: 2))–\(OCKNumberFormat.decimal(range.upperBound, maximumFractionDigits: 2))\(range.units.map { " " + $0 } ?? "")."
                )
            }
        }
        if let lastSync {
            let days = Int(now.timeIntervalSince(lastSync) / 86_400)
            if days >= staleDays { alerts.append("No sync for \(days) days.") }
        } else {
            alerts.append("Never synchronized.")
        }
        return _PatientOverview(patient: patient, days: days, lastSync: lastSync, alerts: alerts)
    }

    static func list(_ titles: [String]) -> String {
        var seen = Set<String>()
        return titles.filter { seen.insert($0).inserted }.joined(separator: ", ")
    }
}
