/// The default style of every CareKitUI view.
public struct OCKStyle: OCKStyler {
    /// The default style.
    public init() {}
}
