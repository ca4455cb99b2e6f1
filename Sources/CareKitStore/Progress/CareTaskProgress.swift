import Foundation

/// How far along the patient is with an event, or a group of events.
public protocol CareTaskProgress: Sendable {
    /// The fraction completed; values outside 0…1 are clamped where progress is combined.
    var fractionCompleted: Double { get }
}

extension CareTaskProgress {
    /// Whether the progress is complete (fraction of at least 1).
    public var isCompleted: Bool { clampedFractionCompleted >= 1 }

    /// The fraction completed, clamped to 0…1 (NaN counts as 0).
    public var clampedFractionCompleted: Double {
        let fraction = fractionCompleted
        guard !fraction.isNaN else { return 0 }
        return min(max(fraction, 0), 1)
    }
}

/// Progress that is either complete or not.
public struct BinaryCareTaskProgress: CareTaskProgress, Hashable, Sendable {
    /// Whether the task is done.
    public var isCompleted: Bool
    public var fractionCompleted: Double { isCompleted ? 1 : 0 }

    /// Creates binary progress.
    public init(isCompleted: Bool) {
        self.isCompleted = isCompleted
    }
}

/// Progress towards a numeric goal, for example 3 of 8 glasses of water.
public struct LinearCareTaskProgress: CareTaskProgress, Hashable, Sendable {
    /// The amount done. Negative amounts (a correction logged as a negative value) count as 0
    /// instead of trapping as CareKit does.
    public var value: Double
    /// The goal; nil means "any positive value completes it", 0 means always complete.
    public var goal: Double?

    /// Creates linear progress.
    public init(value: Double, goal: Double? = nil) {
        self.value = value
        self.goal = goal
    }

    public var fractionCompleted: Double {
        let done = value.isNaN ? 0 : max(value, 0)
        guard let goal, !goal.isNaN else { return done > 0 ? 1 : 0 }
        guard goal > 0 else { return 1 }
        return min(done / goal, 1)
    }
}

/// The mean progress of several parts, each clamped to 0…1. No parts at all count as complete.
public struct AggregatedCareTaskProgress: CareTaskProgress, Sendable {
    /// The combined parts.
    public let progresses: [any CareTaskProgress]

    /// Combines progress values.
    public init(combining progresses: [any CareTaskProgress]) {
        self.progresses = progresses
    }

    /// Combines the progress of events computed with a strategy.
    public init<Progress>(events: [OCKAnyEvent], by strategy: CareTaskProgressStrategy<Progress>) {
        self.progresses = events.map { strategy.computeProgress(for: $0) }
    }

    public var fractionCompleted: Double {
        guard !progresses.isEmpty else { return 1 }
        return progresses.map(\.clampedFractionCompleted).reduce(0, +) / Double(progresses.count)
    }
}

/// A way to compute an event's progress from its outcome.
public struct CareTaskProgressStrategy<Progress: CareTaskProgress>: Sendable {
    private let compute: @Sendable (OCKAnyEvent) -> Progress

    /// Creates a strategy from a function.
    public init(computeProgress: @escaping @Sendable (OCKAnyEvent) -> Progress) {
        self.compute = computeProgress
    }

    /// The progress of one event.
    public func computeProgress(for event: OCKAnyEvent) -> Progress {
        compute(event)
    }
}

extension CareTaskProgressStrategy where Progress == BinaryCareTaskProgress {
    /// Complete when the event has an outcome.
    public static var checkingOutcomeExists: CareTaskProgressStrategy<BinaryCareTaskProgress> {
        CareTaskProgressStrategy { event in BinaryCareTaskProgress(isCompleted: event.outcome != nil) }
    }
}

extension CareTaskProgressStrategy where Progress == LinearCareTaskProgress {
    /// The sum of the outcome's values against the sum of the schedule's target values.
    /// Numbers count as themselves; booleans, text, data and dates count as 1 each.
    public static var summingOutcomeValues: CareTaskProgressStrategy<LinearCareTaskProgress> {
        CareTaskProgressStrategy { event in
            let values = event.outcome?.values ?? []
            let targets = event.scheduleEvent.element.targetValues
            let goal: Double? = targets.isEmpty ? nil : targets.map(\.progressContribution).reduce(0, +)
            return LinearCareTaskProgress(value: values.map(\.progressContribution).reduce(0, +), goal: goal)
        }
    }
}

extension OCKAnyEvent {
    /// The event's progress: complete when an outcome exists.
    public func computeProgress() -> BinaryCareTaskProgress {
        computeProgress(by: .checkingOutcomeExists)
    }

    /// The event's progress under a strategy.
    public func computeProgress<Progress>(by strategy: CareTaskProgressStrategy<Progress>) -> Progress {
        strategy.computeProgress(for: self)
    }
}

extension OCKEvent {
    /// The event's progress: complete when an outcome exists.
    public func computeProgress() -> BinaryCareTaskProgress {
        computeProgress(by: .checkingOutcomeExists)
    }

    /// The event's progress under a strategy.
    public func computeProgress<Progress>(by strategy: CareTaskProgressStrategy<Progress>) -> Progress {
        strategy.computeProgress(for: anyEvent)
    }
}

extension OCKOutcomeValue {
    /// How much the value counts towards a summed goal.
    var progressContribution: Double {
        switch storage {
        case .integer(let v): return Double(v)
        case .double(let v): return v.isFinite ? v : 0
        case .boolean, .text, .binary, .date: return 1
        }
    }
}
