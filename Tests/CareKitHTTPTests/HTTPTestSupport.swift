import CareKitHTTP
import CareKitTestSupport
import Foundation

/// Servers on a free port of this machine, and what tests read from the wire.
enum HTTPTestSupport {
    /// A started server; stop it when done.
    static func running(
        maximumBodySize: Int = 64 * 1024, limits: HTTPServer.Limits = HTTPServer.Limits(),
        headers: [(name: String, value: String)] = [], screen: HTTPScreen? = nil,
        errorResponse: @escaping @Sendable (HTTPError) -> HTTPResponse = HTTPResponse.text,
        handler: @escaping HTTPHandler
    ) throws -> (server: HTTPServer, port: Int) {
        let server = HTTPServer(
            port: 0, maximumBodySize: maximumBodySize, limits: limits, headers: headers, screen: screen,
            errorResponse: errorResponse, handler: handler)
        try server.start()
        return (server, server.port)
    }

    /// The body of a chunked response (`Transfer-Encoding: chunked`), and whether it ended with
    /// the last, empty chunk; nil when the text is not a response.
    static func chunkedBody(_ response: String) -> (body: String, complete: Bool)? {
        let bytes = Array(response.utf8)
        let crlf: [UInt8] = [13, 10]
        func find(_ needle: [UInt8], from start: Int) -> Int? {
            guard bytes.count >= needle.count else { return nil }
            return (start...(bytes.count - needle.count)).first { Array(bytes[$0..<$0 + needle.count]) == needle }
        }
        guard var index = find(crlf + crlf, from: 0).map({ $0 + 4 }) else { return nil }
        var body: [UInt8] = []
        while index < bytes.count, let end = find(crlf, from: index) {
            guard let size = Int(String(decoding: bytes[index..<end], as: UTF8.self), radix: 16) else { break }
            if size == 0 { return (String(decoding: body, as: UTF8.self), Array(bytes[(end + 2)...]) == crlf) }
            let start = end + 2
            guard start + size + 2 <= bytes.count, Array(bytes[(start + size)..<(start + size + 2)]) == crlf else {
                body += bytes[start..<min(bytes.count, start + size)]
                break
            }
            body += bytes[start..<start + size]
            index = start + size + 2
        }
        return (String(decoding: body, as: UTF8.self), false)
    }

    /// One request on its own connection, read until the server closes it.
    static func exchange(_ request: String, port: Int, seconds: Double = 20) async throws -> String {
        let client = try RawClient(port: port)
        defer { client.close() }
        client.send(request)
        return await client.receive(seconds: seconds).text
    }
}
