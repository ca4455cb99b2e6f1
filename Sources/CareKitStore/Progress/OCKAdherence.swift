/// How well the patient kept to their care plan on one day.
public enum OCKAdherence: Hashable, Sendable {
    /// No task that counts towards adherence was scheduled that day.
    case noTasks
    /// Tasks were active, but none had an event that day.
    case noEvents
    /// The fraction of that day's progress, from 0 to 1.
    case progress(Double)

    /// The fraction completed, or nil when there was nothing to do.
    public var fractionCompleted: Double? {
        if case .progress(let value) = self { return value }
        return nil
    }
}
