/// The default animation timing.
public struct OCKAnimationStyle: OCKAnimationStyler {
    /// The default animation timing.
    public init() {}
}
