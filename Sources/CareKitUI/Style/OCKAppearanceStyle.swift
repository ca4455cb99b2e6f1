/// The default appearance.
public struct OCKAppearanceStyle: OCKAppearanceStyler {
    /// The default appearance.
    public init() {}
}
