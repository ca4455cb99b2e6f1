import CareKitStore
import Foundation

/// `"#7 2025-03-09 03:30"`: the occurrence number and local start of each event.
func starts(_ events: [OCKScheduleEvent], in zone: String) -> [String] {
    events.map { "#\($0.occurrence) \(wall($0.start, in: zone))" }
}

/// `"#7 2025-03-09 03:30 → 2025-03-09 04:30"`: occurrence, local start and local end.
func spans(_ events: [OCKScheduleEvent], in zone: String) -> [String] {
    events.map { "#\($0.occurrence) \(wall($0.start, in: zone)) → \(wall($0.end, in: zone))" }
}

/// The local starts only, without occurrence numbers.
func localStarts(_ events: [OCKScheduleEvent], in zone: String) -> [String] {
    events.map { wall($0.start, in: zone) }
}

/// An element in a zone with the explicit Gregorian calendar of that zone.
func element(
    _ start: String, in zone: String, end: String? = nil,
    every interval: DateComponents, duration: OCKScheduleElement.Duration = .hours(1),
    text: String? = nil, targetValues: [OCKOutcomeValue] = []
) -> OCKScheduleElement {
    OCKScheduleElement(
        start: date(start, in: zone), end: end.map { date($0, in: zone) }, interval: interval,
        text: text, targetValues: targetValues, duration: duration, calendar: gregorian(zone))
}
