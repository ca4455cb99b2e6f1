/// The kinds of insight message, as in CareKit 1's Insights.
public enum OCKMessageItemType: Sendable {
    /// A tip, marked with a tinted asterisk.
    case tip
    /// An alert, marked with a warning triangle.
    case alert
}
