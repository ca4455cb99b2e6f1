/// Animation timing used by CareKitUI views (CSS transitions).
public protocol OCKAnimationStyler: Sendable {
    /// Duration of state changes such as selecting a button, in seconds (0.2).
    var stateChangeDuration: Double { get }
}

extension OCKAnimationStyler {
    public var stateChangeDuration: Double { 0.2 }
}
