import CareKitTestSupport
import Foundation

/// One whole request on its own connection to a test server on this machine; the response's
/// text (its head and body).
package func rawExchange(_ method: String, _ path: String, port: Int, headers: [String: String] = [:], body: String = "") async throws -> String {
    let client = try RawClient(port: port)
    defer { client.close() }
    let host = headers["Host"] ?? "127.0.0.1:\(port)"
    var lines = ["\(method) \(path) HTTP/1.1", "Host: \(host)", "Connection: close"]
    lines += headers.filter { $0.key != "Host" }.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
    if method == "POST" { lines += ["Content-Type: application/json", "Content-Length: \(body.utf8.count)"] }
    client.send(lines.joined(separator: "\r\n") + "\r\n\r\n" + body)
    return await client.receive().text
}
