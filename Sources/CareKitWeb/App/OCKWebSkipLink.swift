/// A link at the very start of a page, shown when the keyboard reaches it, that skips to a part
/// of the page (the day's tasks, a task's history): the page's header and what comes before
/// that part cost no key presses. Every page also has "Skip to content".
public struct OCKWebSkipLink: Sendable, Equatable {
    /// What the link says ("Skip to today's tasks"), in the page's language.
    public var title: String
    /// The id of the element it leads to (letters, digits, `-` and `_`).
    public var anchor: String

    public init(title: String, anchor: String) {
        self.title = title
        self.anchor = anchor
    }
}
