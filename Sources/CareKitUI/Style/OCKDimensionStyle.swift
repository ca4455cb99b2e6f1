/// The default dimensions.
public struct OCKDimensionStyle: OCKDimensionStyler {
    /// The default dimensions.
    public init() {}
}
