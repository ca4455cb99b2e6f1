/// The default colours.
public struct OCKColorStyle: OCKColorStyler {
    /// The default colours.
    public init() {}
}
