import CareKitHTTP
import CareKitTestSupport
import Foundation
import Synchronization
import Testing

/// What a JSON API (the coming sync server) needs: bodies read with reasons, answers in JSON,
/// bearer tokens, and nothing stored from a bad request.
@Suite("HTTP: JSON APIs")
struct JSONTests {
    typealias T = HTTPTestSupport

    struct Knowledge: Codable, Equatable {
        var clock: Int
        var replicas: [String: Int]
    }

    struct Push: Codable, Equatable {
        var knowledge: Knowledge
        var revisions: [String]
    }

    static func json(_ text: String, type: String = "application/json") -> HTTPRequest {
        HTTPRequest(method: "POST", path: "/sync/push", headers: ["content-type": type], body: Data(text.utf8))
    }

    @Test(arguments: [
        ("{\"knowledge\":{\"clock\":1,\"replicas\":{}},\"revisions\":[\"a\"]", "The body is not valid JSON."),
        ("{\"knowledge\":{\"replicas\":{}},\"revisions\":[]}", "At knowledge: the field 'clock' is missing."),
        ("{\"knowledge\":{\"clock\":\"one\",\"replicas\":{}},\"revisions\":[]}", "At knowledge.clock: expected a whole number."),
        ("{\"knowledge\":{\"clock\":1,\"replicas\":{}},\"revisions\":[\"a\",7]}", "At revisions[1]: expected a string."),
        ("{\"knowledge\":null,\"revisions\":[]}", "At knowledge: expected"),
        ("[]", "In the body: expected an object.")
    ])
    func aBadBodyIsA400ThatSaysWhereAndWhat(_ body: String, _ reason: String) {
        let error = #expect(throws: HTTPError.self) { try Self.json(body).decodeJSON(Push.self) }
        #expect(error?.status == 400)
        #expect(error?.message.hasPrefix(reason) == true, "\(error?.message ?? "")")
    }

    @Test func aBodyOfAnotherTypeIsA415() throws {
        let error = #expect(throws: HTTPError.self) { try Self.json("{}", type: "application/x-www-form-urlencoded").decodeJSON(Knowledge.self) }
        #expect(error?.status == 415)
        let value = try Self.json("{\"clock\":3,\"replicas\":{\"a\":3}}", type: "application/json; charset=utf-8").decodeJSON(Knowledge.self)
        #expect(value == Knowledge(clock: 3, replicas: ["a": 3]))
        #expect(try Self.json("{\"clock\":3,\"replicas\":{}}", type: "application/merge-patch+json").decodeJSON(Knowledge.self).clock == 3)
    }

    @Test(arguments: [("Bearer abc", "abc"), ("bearer  abc ", "abc"), ("Basic abc", nil), ("Bearer", nil), ("Bearer ", nil)] as [(String, String?)])
    func theBearerTokenIsReadFromAuthorization(_ header: String, _ token: String?) {
        #expect(HTTPRequest(method: "GET", path: "/", headers: ["authorization": header]).bearerToken == token)
    }

    /// A sync-like API on a real socket: a token per patient, JSON in and out, bad bodies refused.
    @Test func aTokenProtectedJSONEndpointStoresOnlyWhatItCouldRead() async throws {
        let tokens = ["token-of-ann-0123456789": "ann"]
        let stored = Mutex<[String: [String]]>([:])
        var router = HTTPRouter()
        router.add("POST", "/sync/push") { request, _ in
            let token = try request.requireBearerToken(realm: "sync")
            guard let patient = tokens.first(where: { HTTPAccessToken.equals($0.key, token) })?.value else {
                throw HTTPError.unauthorized("This token opens no patient's data.", realm: "sync")
            }
            let push = try request.decodeJSON(Push.self)
            stored.withLock { $0[patient, default: []] += push.revisions }
            return .json(push.knowledge, status: 201)
        }
        let (server, port) = try T.running(errorResponse: HTTPResponse.problem, handler: router.handle)
        defer { server.stop() }
        func post(_ body: String, token: String?) async throws -> String {
            let auth = token.map { "Authorization: Bearer \($0)\r\n" } ?? ""
            return try await T.exchange(
                "POST /sync/push HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\(auth)Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)", port: port)
        }
        let good = "{\"knowledge\":{\"clock\":2,\"replicas\":{\"a\":2}},\"revisions\":[\"r1\",\"r2\"]}"
        let unauthorized = try await post(good, token: nil)
        #expect(unauthorized.hasPrefix("HTTP/1.1 401"))
        #expect(unauthorized.contains("WWW-Authenticate: Bearer realm=\"sync\""))
        #expect(try await post(good, token: "token-of-bob-0123456789").hasPrefix("HTTP/1.1 401"))
        let bad = try await post("{\"knowledge\":{\"clock\":2},\"revisions\":[\"r3\"]}", token: "token-of-ann-0123456789")
        #expect(bad.hasPrefix("HTTP/1.1 400"))
        #expect(bad.contains("application/problem+json") && bad.contains("the field 'replicas' is missing"))
        let accepted = try await post(good, token: "token-of-ann-0123456789")
        #expect(accepted.hasPrefix("HTTP/1.1 201"))
        #expect(accepted.contains("Content-Type: application/json"))
        #expect(accepted.hasSuffix("{\"clock\":2,\"replicas\":{\"a\":2}}") || accepted.contains("\"clock\":2"))
        #expect(stored.withLock { $0 } == ["ann": ["r1", "r2"]], "only the readable push of the right patient was stored")
    }

    @Test func aValueJSONCannotHoldIsA500NotABrokenBody() {
        let response = HTTPResponse.json(["temperature": Double.nan])
        #expect(response.status == 500)
        #expect(response.header("Content-Type") == "application/problem+json")
    }
}
