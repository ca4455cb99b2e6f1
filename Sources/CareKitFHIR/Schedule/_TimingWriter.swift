import CareKitStore
import Foundation

/// Writes a schedule (as one task version owns it) as a FHIR `Timing`: the nearest
/// `Timing.repeat`, then the schedule extension with exactly what that repeat does not say, found
/// by reading the repeat back with ``_TimingReader`` and comparing field by field. Reading the
/// Timing therefore gives the schedule back exactly.
enum _TimingWriter {

    /// - Parameters:
    ///   - from: when the version starts to own time (its effective date).
    ///   - until: when a later version (or the task's deletion) takes over, if one does.
    static func timing(for schedule: OCKSchedule, from ownedStart: Date, until ownedEnd: Date?) -> FHIRTiming {
        let elements = schedule.elements
        guard let first = elements.first else { return FHIRTiming(repeat: nil) }
        let zone = first.calendar.timeZone
        let calendar = FHIRDateTime.gregorian(zone)
        let isAllDay = elements.allSatisfy { $0.duration == .allDay }
        var rule = FHIRTiming.Repeat()

        // How often, from the first element's interval.
        let parts = _ElementDraft.components(of: first.interval)
        let clockOnly = parts.allSatisfy { [.hour, .minute, .second].contains($0.0) }
        var unit = "d"
        if clockOnly, !isAllDay {
            let seconds = parts.reduce(0) { total, part in
                total + part.1 * (part.0 == .hour ? 3600 : part.0 == .minute ? 60 : 1)
            }
            (rule.period, unit) = seconds % 3600 == 0 ? (Double(seconds / 3600), "h") : seconds % 60 == 0 ? (Double(seconds / 60), "min") : (Double(seconds), "s")
        } else if let (component, value) = parts.first {
            let units: [Calendar.Component: String] = [.year: "a", .month: "mo", .weekOfYear: "wk", .day: "d"]
            unit = units[component] ?? "d"
            rule.period = Double(value)
        }
        rule.periodUnit = unit

        // When: the first instant the version owns, and the local times and weekdays of the elements.
        let start = max(ownedStart, schedule.startDate())
        var frequency = elements.count
        if !clockOnly || isAllDay {
            if !isAllDay {
                let times = Set(
                    elements.map { element in
                        let parts = calendar.dateComponents([.hour, .minute, .second], from: element.start)
                        return FHIRDateTime.timeString(hour: parts.hour ?? 0, minute: parts.minute ?? 0, second: parts.second ?? 0)
                    }
                ).sorted()
                rule.timeOfDay = times
                frequency = times.count
            }
            if unit == "wk" {
                let days = Set(elements.map { calendar.component(.weekday, from: $0.start) })
                rule.dayOfWeek = (1...7).filter(days.contains).map { _TimingReader.weekdays[$0 - 1] }
                frequency = days.count * max(rule.timeOfDay?.count ?? 1, 1)
            } else if isAllDay {
                frequency = 1
            }
        }
        rule.frequency = max(frequency, 1)

        switch first.duration {
        case .allDay:
            (rule.duration, rule.durationUnit) = (1, "d")
        case .seconds(let seconds):
            let whole = seconds.rounded() == seconds
            if whole, seconds >= 3600, Int(seconds) % 3600 == 0 {
                (rule.duration, rule.durationUnit) = (seconds / 3600, "h")
            } else if whole, seconds >= 60, Int(seconds) % 60 == 0 {
                (rule.duration, rule.durationUnit) = (seconds / 60, "min")
            } else {
                (rule.duration, rule.durationUnit) = (seconds, "s")
            }
        }

        // The bounds: FHIR includes the end, the store excludes it.
        let ends = [ownedEnd, schedule.endDate()].compactMap { $0 }
        var period = FHIRPeriod(start: isAllDay ? FHIRDateTime.dateString(start, in: zone) : FHIRDateTime.string(start, in: zone))
        if let end = ends.min() {
            if isAllDay {
                period.end = FHIRDateTime.dateString(end.addingTimeInterval(-1), in: zone)
            } else {
                let wholeSeconds = end.timeIntervalSinceReferenceDate.rounded() == end.timeIntervalSinceReferenceDate
                period.end = FHIRDateTime.string(wholeSeconds ? end.addingTimeInterval(-1) : end, in: zone)
            }
        }
        rule.boundsPeriod = period

        var timing = FHIRTiming(repeat: rule, extensions: [.code(OCKFHIRVocabulary.timeZoneCode, zone.identifier)])
        if let residue = _ScheduleResidue.make(for: elements, timing: timing) {
            timing.extension?.append(residue)
        }
        return timing
    }
}
