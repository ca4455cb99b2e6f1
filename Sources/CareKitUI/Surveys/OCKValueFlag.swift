import Foundation

/// The mark of a recorded value outside its target range, as cards and lists show it next to
/// the value: "▲ high · target 90–140 mmHg" in the warning colour, a word and a triangle so
/// that it is read without colour too.
public struct OCKValueFlag: Hashable, Sendable {
    /// The words shown ("▲ high · target 90–140 mmHg").
    public var text: String
    /// Whether the value is above its range (else below).
    public var isHigh: Bool

    public init(text: String, isHigh: Bool) {
        self.text = text
        self.isHigh = isHigh
    }

    /// The flag as a node: `<strong class="ock-value-flag ock-value-flag-high">`.
    public var node: HTMLNode {
        .element("strong", [.class("ock-value-flag " + (isHigh ? "ock-value-flag-high" : "ock-value-flag-low"))], [.text(text)])
    }
}
