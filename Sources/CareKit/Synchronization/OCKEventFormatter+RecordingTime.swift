import CareKitStore
import CareKitUI
import Foundation

/// The words of the one "late" rule (``OCKScheduleEvent/recordingTiming(of:)``), the same in the
/// care report, on the patient's pages and on the care team's dashboard.
extension OCKEventFormatter {

    /// A length of time as marks say it: "45 min", "8 h 30 min", "2 d 3 h" (whole minutes,
    /// rounded up, so a mark never says "0 min").
    public func elapsed(_ interval: TimeInterval) -> String {
        let minutes = max(1, Int((max(0, interval) / 60).rounded(.up)))
        let number = { (value: Int) in OCKLocalization.number(value) }
        if minutes < 60 { return loc("{minutes} min", ["minutes": number(minutes)]) }
        if minutes < 1_440 {
            let (hours, rest) = minutes.quotientAndRemainder(dividingBy: 60)
            if rest == 0 { return loc("{hours} h", ["hours": number(hours)]) }
            return loc("{hours} h {minutes} min", ["hours": number(hours), "minutes": number(rest)])
        }
        let (days, rest) = minutes.quotientAndRemainder(dividingBy: 1_440)
        let hours = rest / 60
        if hours == 0 { return loc("{days} d", ["days": number(days)]) }
        return loc("{days} d {hours} h", ["days": number(days), "hours": number(hours)])
    }

    /// "◷ 8 h 30 min late" or "◷ 1 h 30 min early"; nil for a recording on time.
    public func recordingMark(_ timing: OCKRecordingTiming) -> String? {
        switch timing {
        case .onTime: return nil
        case .late(let interval): return loc("◷ {duration} late", ["duration": elapsed(interval)])
        case .early(let interval): return loc("◷ {duration} early", ["duration": elapsed(interval)])
        }
    }

    /// The mark of an event's first recording ("◷ 8 h 30 min late"); nil when it is on time or
    /// nothing is recorded.
    public func recordingMark(of event: OCKAnyEvent) -> String? {
        event.recordingTiming.flatMap(recordingMark)
    }

    /// "6:30 PM", and "Sun, Nov 22, 6:30 PM" when `date` is not on the day of `event`: when
    /// something was recorded for an event, read beside the event's own time.
    public func recordedTime(_ date: Date, for event: OCKScheduleEvent) -> String {
        guard !calendar.isDate(date, inSameDayAs: event.start) else { return time(date) }
        return loc("{day}, {time}", ["day": shortDay(date), "time": time(date)])
    }

    /// The legend row of the mark, [mark, meaning]: how the rule reads in words.
    public static var recordingMarkLegend: [String] {
        [loc("◷ late, ◷ early"), recordingRule]
    }

    /// The rule in one sentence, for legends and help text.
    public static var recordingRule: String {
        loc(
            "Recorded after its on-time window or before it, by how much. The window runs from 1 hour before the scheduled time to the end of the event (1 hour after the time when the event takes no time); for an all-day event it is the whole day."
        )
    }
}
