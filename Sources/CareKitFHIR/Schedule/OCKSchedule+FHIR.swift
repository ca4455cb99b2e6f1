import CareKitStore
import Foundation

extension OCKSchedule {

    /// The schedule as a FHIR `Timing`, for the time `[from, until)` a task version owns (the
    /// whole schedule by default): `Timing.repeat` says it as FHIR can (frequency, period,
    /// periodUnit, dayOfWeek, timeOfDay, duration, boundsPeriod), the tz-code extension names
    /// the time zone, and the CareKit schedule extension carries what the repeat cannot say, so
    /// that ``init(fhirTiming:timeZone:fallbackStart:)`` gives this schedule back exactly.
    public func fhirTiming(from start: Date? = nil, until end: Date? = nil) -> FHIRTiming {
        _TimingWriter.timing(for: self, from: start ?? startDate(), until: end)
    }

    /// The schedule a FHIR `Timing` describes (docs/fhir.md, "Reading a Timing").
    /// - Parameters:
    ///   - timeZone: the zone of its times when the Timing names none (the tz-code extension).
    ///   - fallbackStart: the start when the Timing has no boundsPeriod.start.
    public init(fhirTiming timing: FHIRTiming, timeZone: TimeZone, fallbackStart: Date? = nil) throws(OCKFHIRCodingError) {
        do {
            self = try Self.read(timing, timeZone: timeZone, fallbackStart: fallbackStart).schedule
        } catch {
            throw .unrepresentableContent(reason: error.reason)
        }
    }

    /// The schedule, and notes about what was read approximately.
    static func read(_ timing: FHIRTiming, timeZone: TimeZone, fallbackStart: Date?) throws(_TimingReader.Failure) -> (schedule: OCKSchedule, notes: [String]) {
        let zone = _TimingReader.timeZone(of: timing) ?? timeZone
        let reader = _TimingReader(timing: timing, timeZone: zone, fallbackStart: fallbackStart)
        let residue = timing.extension?.first(OCKFHIRVocabulary.schedule)
        let drafts: [_ElementDraft]
        var notes: [String] = []
        do {
            let reading = try reader.read()
            notes = reading.notes
            drafts = try residue.map { extensionValue throws(_TimingReader.Failure) in try _ScheduleResidue.apply(extensionValue, to: reading.drafts) } ?? reading.drafts
        } catch {
            // A repeat this reader cannot follow is fine when the extension stands alone.
            guard let residue, let alone = try? _ScheduleResidue.apply(residue, to: nil) else { throw error }
            drafts = alone
        }
        return (OCKSchedule(composing: drafts.map(\.element)), notes)
    }
}
