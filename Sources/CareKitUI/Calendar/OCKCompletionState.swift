/// How much of a day's tasks are done, as shown by a completion ring.
public enum OCKCompletionState: Hashable, Sendable {
    /// A day that cannot have progress yet (in the future): drawn faded.
    case dimmed
    /// A day without tasks: a small grey dot.
    case empty
    /// A day with tasks, none done: an empty grey ring.
    case zero
    /// A day with tasks, this fraction done (`0...1`; values outside are clamped, NaN is 0).
    case progress(Double)

    /// The fraction shown, `0...1`.
    public var fraction: Double {
        switch self {
        case .dimmed, .empty, .zero: return 0
        case .progress(let value): return value.isNaN ? 0 : min(1, max(0, value))
        }
    }

    /// Words for screen readers: "Upcoming", "No tasks", "0% complete", "Complete".
    public var accessibilityDescription: String {
        switch self {
        case .dimmed: return loc("Upcoming")
        case .empty: return loc("No tasks")
        case .zero: return loc("{percent} complete", ["percent": OCKLocalization.percent(0)])
        case .progress: return fraction >= 1 ? loc("Complete") : loc("{percent} complete", ["percent": OCKLocalization.percent(fraction)])
        }
    }
}
