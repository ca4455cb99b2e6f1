import Foundation

/// An HTTP response: a status, headers and a body that is either complete or streamed.
public struct HTTPResponse: Sendable {
    /// How the body is produced.
    public enum Body: Sendable {
        /// The whole body at once.
        case data(Data)
        /// Chunks sent as they come (server-sent events); the stream ending ends the response.
        /// While nothing comes, a comment line is sent now and then to keep the connection.
        case stream(AsyncStream<String>)
        /// Chunks made on demand, for a body too large to hold (a long history, page by page):
        /// the server asks for the next one only when what it holds has nearly been sent.
        case chunks(HTTPBodyChunks)
    }

    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Body

    public init(status: Int = 200, headers: [(name: String, value: String)] = [], body: Body = .data(Data())) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Adds or replaces a header.
    public mutating func setHeader(_ name: String, _ value: String) {
        headers.removeAll { $0.name.lowercased() == name.lowercased() }
        headers.append((name, value))
    }

    /// Adds the headers it does not have yet (by case-insensitive name).
    public mutating func addMissingHeaders(_ defaults: [(name: String, value: String)]) {
        let present = Set(headers.map { $0.name.lowercased() })
        for (name, value) in defaults where !present.contains(name.lowercased()) {
            headers.append((name, value))
        }
    }

    /// The value of a header.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// An HTML page.
    public static func html(_ html: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/html; charset=utf-8")], body: .data(Data(html.utf8)))
    }

    /// An HTML page already written as UTF-8 bytes.
    public static func html(utf8 bytes: [UInt8], status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/html; charset=utf-8")], body: .data(Data(bytes)))
    }

    /// Plain text.
    public static func text(_ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8") -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", contentType)], body: .data(Data(text.utf8)))
    }

    /// Bytes of a given type.
    public static func data(_ data: Data, contentType: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", contentType)], body: .data(data))
    }

    /// A redirect after a POST ("see other"), so reloading does not submit again.
    public static func redirect(to location: String, status: Int = 303) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: [("Location", location), ("Content-Type", "text/plain; charset=utf-8")],
            body: .data(Data("See \(location)\n".utf8)))
    }

    /// A refusal as plain text: the status, the message and the headers it must carry.
    public static func text(_ error: HTTPError) -> HTTPResponse {
        var response = text(error.message.hasSuffix("\n") ? error.message : error.message + "\n", status: error.status)
        response.headers += error.headers
        return response
    }

    /// The body as text, when it is complete (for tests).
    public var bodyText: String? {
        if case .data(let data) = body { return String(decoding: data, as: UTF8.self) }
        return nil
    }
}
