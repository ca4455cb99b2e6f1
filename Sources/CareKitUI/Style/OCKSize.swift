/// A width and height, in CSS pixels.
public struct OCKSize: Hashable, Sendable {
    public var width: Double, height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}
