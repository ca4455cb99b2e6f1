import CareKitHTTP
import Foundation
import Testing

@Suite("HTTP routing")
struct RoutingTests {
    @Test(arguments: [
        ["events", "3F2504E0-4F89-11D3-9A0C-0305E82C3301#4"], ["events", "a/b"], ["events", "vitamin+c"], ["events", "100% sure"], ["events", "é ü"]
    ])
    func aPatternReadsThePathsItWrites(_ segments: [String]) throws {
        let pattern: HTTPPathPattern = "/events/{event}/complete"
        let path = pattern.path(["event": segments[1]])
        #expect(path.split(separator: "/").count == 3, "\(path): a value stays inside its segment")
        #expect(pattern.match(path)?["event"] == segments[1], "\(path)")
        #expect(HTTPPathPattern("/events/{event}/log").match(path) == nil)
    }

    @Test func patternsMatchWholePathsOnly() {
        let pattern: HTTPPathPattern = "/events/{event}/values/{index}/delete"
        #expect(pattern.parameterNames == ["event", "index"])
        #expect(pattern.match("/events/e1/values/2/delete")?["index"] == "2")
        #expect(pattern.match("/events/e1/values/2") == nil)
        #expect(pattern.match("/events/e1/values/2/delete/again") == nil)
        #expect(pattern.match("/events//values/2/delete") == nil, "an empty segment is not a value")
        #expect(pattern.match("/events/%ZZ/values/2/delete") == nil, "a malformed escape matches nothing")
        #expect(HTTPPathPattern("/").match("/") != nil)
        #expect(HTTPPathPattern("/").path([:]) == "/")
        #expect(pattern.description == "/events/{event}/values/{index}/delete")
    }

    static func router() -> HTTPRouter {
        var router = HTTPRouter()
        router.add("GET", "/patients/{id}") { _, parameters in .text("patient \(parameters["id"] ?? "")\n") }
        router.add("GET", "/patients/me") { _, _ in .text("me\n") }
        router.add("DELETE", "/patients/{id}") { _, _ in HTTPResponse(status: 204) }
        router.add("POST", "/fail") { _, _ in throw HTTPError(status: 422, message: "Nothing was stored.") }
        router.add("POST", "/crash") { _, _ in throw CocoaError(.fileReadNoPermission, userInfo: [NSFilePathErrorKey: "/secret/patients.sqlite"]) }
        return router
    }

    @Test func theRouterAnswersByMethodAndPattern() async throws {
        let router = Self.router()
        #expect(await router.handle(HTTPRequest(method: "GET", path: "/patients/p%2F1")).bodyText == "patient p/1\n")
        #expect(await router.handle(HTTPRequest(method: "GET", path: "/patients/me")).bodyText == "me\n", "a literal segment wins over a parameter")
        #expect(await router.handle(HTTPRequest(method: "HEAD", path: "/patients/7")).status == 200, "HEAD is answered by GET")
        #expect(await router.handle(HTTPRequest(method: "DELETE", path: "/patients/7")).status == 204)

        let missing = await router.handle(HTTPRequest(method: "GET", path: "/nowhere"))
        #expect(missing.status == 404)
        #expect(missing.header("Content-Type") == "application/problem+json")
        let wrongMethod = await router.handle(HTTPRequest(method: "PUT", path: "/patients/7"))
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.header("Allow") == "DELETE, GET, HEAD")
        #expect(await router.handle(HTTPRequest(method: "GET", path: "/patients/%ZZ")).status == 400)
    }

    @Test func aHandlersRefusalIsAProblemAndAFailureSaysNoMoreThanItMust() async throws {
        let router = Self.router()
        let refused = await router.handle(HTTPRequest(method: "POST", path: "/fail"))
        #expect(refused.status == 422)
        let problem = try JSONSerialization.jsonObject(with: Data((refused.bodyText ?? "").utf8)) as? [String: Any]
        #expect(problem?["status"] as? Int == 422)
        #expect(problem?["title"] as? String == "Unprocessable Content")
        #expect(problem?["detail"] as? String == "Nothing was stored.")
        let crashed = await router.handle(HTTPRequest(method: "POST", path: "/crash"))
        #expect(crashed.status == 500)
        #expect(crashed.bodyText?.contains("/secret") == false, "a client is not told the server's file names")
    }
}
