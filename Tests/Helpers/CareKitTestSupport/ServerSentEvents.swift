/// Server-sent events as a browser reads them.
public enum ServerSentEvents {
    /// The events a browser's EventSource dispatches from a stream's text, read as the HTML
    /// standard says: lines end at CR, LF or CR LF; a blank line ends an event.
    public static func parse(_ text: String) -> [(name: String, data: String)] {
        var events: [(name: String, data: String)] = []
        var name = "", data: [String] = []
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        for line in normalized.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty {
                if !data.isEmpty { events.append((name.isEmpty ? "message" : name, data.joined(separator: "\n"))) }
                name = ""
                data = []
                continue
            }
            let field = line.prefix { $0 != ":" }
            var value = line.dropFirst(field.count).dropFirst()
            if value.hasPrefix(" ") { value = value.dropFirst() }
            switch field {
            case "event": name = String(value)
            case "data": data.append(String(value))
            default: break
            }
        }
        return events
    }
}
