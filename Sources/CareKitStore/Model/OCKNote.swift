/// A free-text note attached to an entity, with an optional author and title.
public struct OCKNote: Codable, Hashable, Sendable {
    /// Who wrote the note.
    public var author: String?
    /// A short title.
    public var title: String?
    /// The text of the note.
    public var content: String?

    /// Creates a note.
    public init(author: String?, title: String?, content: String?) {
        self.author = author
        self.title = title
        self.content = content
    }
}
