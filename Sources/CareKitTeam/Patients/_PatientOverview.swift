import CareKit
import CareKitStore
import CareKitSyncServer
import CareKitUI
import Foundation

/// What the patient list shows of one patient, computed on the server from the patient's
/// replica store with CareKitStore: adherence of the last 7 days, the last contact and the last
/// new data, and alerts ranked by severity.
struct _PatientOverview: Sendable {
    var patient: SyncPatient
    /// The last 7 days, oldest first, ending today.
    var days: [(day: Date, adherence: OCKAdherence)]
    /// When a device of the patient's last synchronized, even with nothing new.
    var lastContact: Date?
    /// When the patient's latest revision was stored (the last push with something new).
    var lastData: Date?
    /// The alerts not acknowledged, most severe and most recent first.
    var alerts: [_TeamAlert]
    /// How many of the patient's alerts a clinician acknowledged (and nothing new fired since).
    var acknowledged: Int

    /// The mean of the days with something to do, or nil.
    var weekFraction: Double? {
        let fractions = days.compactMap(\.adherence.fractionCompleted)
        return fractions.isEmpty ? nil : fractions.reduce(0, +) / Double(fractions.count)
    }

    /// The patient's most urgent alert, which places them in the triage order.
    var top: _TeamAlert? { alerts.first }

    /// An event that counts for adherence and has no outcome: missed once its on-time window
    /// (``OCKScheduleEvent/onTimeWindow``) closes on the patient's today. Its day and the time
    /// it is due are worked out in the patient's time zone for this event (its task's) when the
    /// basis is computed, so a list does no calendar work for it.
    struct OpenEvent: Sendable, Hashable, Codable {
        var key: String
        var title: String
        var windowEnd: Date
        /// The start and the end of the event's day in the patient's time zone: "today" for
        /// the patient while now is in it.
        var dayStart: Date
        var dayEnd: Date
        /// When it is due, and the patient's time zone it is shown in (worded when shown, in
        /// the reader's language: ``_TeamAlert/Words/missed(task:due:timeZone:)``).
        var start: Date
        var timeZone: TimeZone

        init(key: String, title: String, start: Date, windowEnd: Date, timeZone: TimeZone) {
            var local = Calendar(identifier: .gregorian)
            local.timeZone = timeZone
            let day = local.dateInterval(of: .day, for: start) ?? DateInterval(start: start, duration: 0)
            self.key = key
            self.title = title
            self.windowEnd = windowEnd
            self.dayStart = day.start
            self.dayEnd = day.end
            self.start = start
            self.timeZone = timeZone
        }

        /// Short keys: a horizon kept in storage holds dozens (_OverviewHorizon.swift).
        enum CodingKeys: String, CodingKey {
            case key = "k", title = "t", windowEnd = "w", dayStart = "s", dayEnd = "e", start = "a", timeZone = "z"
        }

        /// Whether `date` is on the event's day in the patient's time zone.
        func isOnItsDay(_ date: Date) -> Bool { date >= dayStart && date < dayEnd }
    }

    /// What of an overview depends only on the patient's revisions and the day: the week's
    /// adherence, the events not done (which become "missed" as each window closes), and the
    /// week's readings out of their target range. Computed once per revision and day.
    struct Basis: Sendable {
        var days: [(day: Date, adherence: OCKAdherence)]
        var open: [OpenEvent]
        var rangeAlerts: [_TeamAlert]
    }

    static func basis(store: OCKStore, now: Date, calendar: Calendar) async throws -> Basis {
        let today = calendar.startOfDay(for: now)
        let start = calendar.date(byAdding: .day, value: -6, to: today) ?? today
        let tomorrow = calendar.date(byAdding: .day, value: 1, to: today) ?? now
        let week = DateInterval(start: start, end: max(start, tomorrow))
        let adherence = try await store.fetchAdherence(query: OCKAdherenceQuery(taskIDs: [], dateInterval: week, calendar: calendar))
        let days = Array(zip(OCKAdherence.days(in: week, calendar: calendar), adherence)).map { (day: $0.0, adherence: $0.1) }

        // A day more on each side: the patient's today may be the server's yesterday or tomorrow.
        let read = DateInterval(start: week.start.addingTimeInterval(-86_400), end: week.end.addingTimeInterval(86_400))
        let events = try await store.fetchAnyEvents(query: OCKEventQuery(dateInterval: read))
        // Every reading: the elected outcome and those other devices recorded for the same event.
        let readings = events + (try await OCKConcurrentReadings.events(besides: events, store: store, interval: read))
        let open = events.filter { $0.outcome == nil && OCKAdherence.counts($0.task) && $0.scheduleEvent.end >= read.start }.map { event in
            OpenEvent(
                key: "missed:\(event.task.uuid.uuidString):\(event.scheduleEvent.occurrence)", title: event.task.title ?? event.task.id,
                start: event.scheduleEvent.start, windowEnd: event.scheduleEvent.onTimeWindow.end,
                timeZone: (event.task as? OCKTask)?.timezone ?? (event.task as? OCKHealthKitTask)?.timezone ?? event.scheduleEvent.element.calendar.timeZone)
        }
        let rangeAlerts = readings.filter { $0.scheduleEvent.start >= week.start && $0.scheduleEvent.start < week.end }
            .flatMap { _TeamAlert.outOfRange($0, calendar: calendar) }
        return Basis(days: days, open: open, rangeAlerts: rangeAlerts)
    }

    /// The overview at `now` from its basis: the alerts that depend on the time of day and on
    /// the last contact are worked out here, on every request. Alerts whose key is in
    /// `acknowledged` are counted, not shown.
    static func make(
        patient: SyncPatient, basis: Basis, lastContact: Date?, lastData: Date?, now: Date, staleDays: Int, calendar: Calendar,
        acknowledged: Set<String> = []
    ) -> _PatientOverview {
        var alerts = basis.rangeAlerts
        for event in basis.open where event.windowEnd <= now && event.isOnItsDay(now) {
            alerts.append(_TeamAlert(severity: .missed, key: event.key, words: .missed(task: event.title, due: event.start, timeZone: event.timeZone), since: event.windowEnd))
        }
        alerts += silence(patient: patient, lastContact: lastContact, lastData: lastData, now: now, staleDays: staleDays, calendar: calendar)
        alerts.sort(by: _TeamAlert.triageOrder)
        let shown = alerts.filter { !acknowledged.contains($0.key) }
        return _PatientOverview(
            patient: patient, days: basis.days, lastContact: lastContact, lastData: lastData, alerts: shown, acknowledged: alerts.count - shown.count)
    }

    /// "No data" alerts: never synchronized, no contact for N days, or contact without anything
    /// new for N days.
    static func silence(patient: SyncPatient, lastContact: Date?, lastData: Date?, now: Date, staleDays: Int, calendar: Calendar) -> [_TeamAlert] {
        func days(since date: Date) -> Int { Int(now.timeIntervalSince(date) / 86_400) }
        guard let contact = lastContact ?? lastData else {
            return [_TeamAlert(severity: .noData, key: "never", words: .neverSynchronized, since: patient.created)]
        }
        if days(since: contact) >= staleDays {
            return [_TeamAlert(severity: .noData, key: "silent:\(Int(contact.timeIntervalSinceReferenceDate))", words: .noSync(days: days(since: contact)), since: contact)]
        }
        let data = lastData ?? patient.created
        guard days(since: data) >= staleDays else { return [] }
        return [
            _TeamAlert(
                severity: .noData, key: "quiet:\(Int(data.timeIntervalSinceReferenceDate))",
                words: .noNewData(days: days(since: data), lastSync: contact), since: data)
        ]
    }
}
