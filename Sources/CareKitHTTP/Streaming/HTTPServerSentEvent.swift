/// One server-sent event (`text/event-stream`, as the HTML standard reads it).
public struct HTTPServerSentEvent: Sendable, Hashable {
    /// The event's type (`event:`); nil for a plain message.
    public var name: String?
    /// What the browser sends back as `Last-Event-ID` when it reconnects; left out if it has a line break.
    public var id: String?
    /// The data, any text.
    public var data: String

    public init(name: String? = nil, id: String? = nil, data: String) {
        self.name = name
        self.id = id
        self.data = data
    }

    /// The event as sent. Every line of the data gets its own `data:` prefix, and a line ends
    /// wherever a browser's EventSource ends one (CR, LF or CR LF), so text with line breaks
    /// cannot start a field or an event of its own; a name with a line break is left out too.
    public var text: String {
        var text = id.map { Self.isOneLine($0) ? "id: \($0)\n" : "" } ?? ""
        if let name, Self.isOneLine(name) { text += "event: \(name)\n" }
        text += "data: "
        var afterCarriageReturn = false
        for scalar in data.unicodeScalars {
            switch scalar {
            case "\r": text += "\ndata: "
            case "\n" where !afterCarriageReturn: text += "\ndata: "
            case "\n": break
            default: text.unicodeScalars.append(scalar)
            }
            afterCarriageReturn = scalar == "\r"
        }
        return text + "\n\n"
    }

    private static func isOneLine(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0 == "\r" || $0 == "\n" }
    }
}
