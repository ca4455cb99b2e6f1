import CareKitHTTP
import Foundation
import Testing

/// A route table writes each route's path and reads it back by the same row: ids of any
/// spelling survive the trip, a literal segment wins over a parameter, a path of other methods
/// is a 405 with `Allow`, a malformed value a 400; mounted on a router, its rows answer there.
@Suite("HTTP routing: route tables")
struct RouteTableTests {
    enum Route: Hashable, Sendable {
        case home, newPatient, patient(String), reading(String, index: Int), file(String)
    }

    static let table = HTTPRouteTable<Route>([
        HTTPRoute(["GET", "HEAD"], "/", .home),
        HTTPRoute(["GET", "POST"], "/patients/new", .newPatient),
        HTTPRoute(["GET"], "/patients/{id}", Route.patient) { if case .patient(let id) = $0 { id } else { nil } },
        HTTPRoute(
            ["POST"], "/patients/{id}/readings/{index}",
            { id, index throws(HTTPError) in
                guard let number = Int(index) else { throw HTTPError(status: 400, message: "'\(index)' is not a number.") }
                return .reading(id, index: number)
            }
        ) { if case .reading(let id, let index) = $0 { (id, String(index)) } else { nil } },
        HTTPRoute(["GET"], "/files/{name}", { $0.hasSuffix(".txt") ? .file(String($0.dropLast(4))) : nil }) { if case .file(let name) = $0 { name + ".txt" } else { nil } }
    ])

    static let samples: [Route] = [
        .home, .newPatient, .patient("3F2504E0-4F89-11D3-9A0C-0305E82C3301#4"), .patient("a/b c"), .patient("new "), .patient("100% é"), .reading("x?y", index: 3),
        .file("notes")
    ]

    @Test func everyRouteReadsBackFromThePathItWrites() {
        #expect(Self.table.roundTripProblems(Self.samples).isEmpty, "\(Self.table.roundTripProblems(Self.samples))")
        #expect(Self.table.path(of: .patient("a/b c")) == "/patients/a%2Fb%20c")
        #expect(Self.table.path(of: .file("notes")) == "/files/notes.txt")
        #expect(Self.table.row(of: .reading("x", index: 0))?.methods == ["POST"])
    }

    @Test func theCheckNamesWhatDisagrees() {
        #expect(Self.table.roundTripProblems([.home]).count == 4, "four rows without a sample")
        // A row that writes what another reads: both read "/patients/new", the literal wins.
        let shadowed = HTTPRouteTable<Route>([
            HTTPRoute(["GET"], "/patients/new", .newPatient), HTTPRoute(["GET"], "/patients/{id}", Route.patient) { if case .patient(let id) = $0 { id } else { nil } }
        ])
        #expect(shadowed.roundTripProblems([.newPatient, .patient("new")]) == [#"GET /patients/new (patient("new")) reads back as newPatient, by /patients/new"#])
    }

    @Test(arguments: [
        ("GET", "/patients/new", "found"), ("POST", "/patients/new", "found"), ("GET", "/patients/7", "found"), ("POST", "/patients/7", "405 GET"),
        ("PUT", "/patients/new", "405 GET, POST"), ("HEAD", "/", "found"), ("HEAD", "/patients/7", "405 GET"), ("GET", "/nowhere/at/all", "404"),
        ("GET", "/files/notes.pdf", "404"), ("POST", "/patients/7/readings/x", "400"), ("GET", "/patients/%ZZ", "400")
    ])
    func aRequestIsReadByTheMostSpecificRowThenItsMethod(_ method: String, _ path: String, _ expected: String) {
        let answer: String
        do {
            switch try Self.table.match(method: method, path: path) {
            case .found: answer = "found"
            case .notFound: answer = "404"
            case .otherMethods(let methods): answer = "405 " + methods.joined(separator: ", ")
            }
        } catch {
            answer = String(error.status)
        }
        #expect(answer == expected, "\(method) \(path)")
    }

    @Test func theEnglishRefusalsCarryTheirStatusAndAllow() throws {
        let error = #expect(throws: HTTPError.self) { try Self.table.route(method: "DELETE", path: "/patients/7") }
        #expect(error?.status == 405 && error?.headers.first { $0.name == "Allow" }?.value == "GET")
        #expect(throws: HTTPError.self) { try Self.table.route(method: "GET", path: "/elsewhere") }
        #expect(try Self.table.route(method: "GET", path: "/patients/a%2Fb") == .patient("a/b"))
    }

    @Test func aTableMountedOnARouterAnswersThere() async {
        var router = HTTPRouter()
        router.add(Self.table) { route, request in .text("\(request.method) \(route)\n") }
        #expect(await router.handle(HTTPRequest(method: "GET", path: "/patients/a%2Fb")).bodyText == "GET patient(\"a/b\")\n")
        #expect(await router.handle(HTTPRequest(method: "GET", path: "/patients/new")).bodyText == "GET newPatient\n")
        #expect(await router.handle(HTTPRequest(method: "GET", path: "/files/notes.pdf")).status == 404, "a value the row refuses")
        #expect(await router.handle(HTTPRequest(method: "POST", path: "/patients/7/readings/x")).status == 400)
        #expect(await router.handle(HTTPRequest(method: "PUT", path: "/patients/7")).status == 405)

        // An app's own page for a path of a row's shape that names nothing.
        var own = HTTPRouter()
        own.add(Self.table, unknown: { request in .text("no \(request.path)\n", status: 404) }) { route, _ in .text("\(route)\n") }
        let refused = await own.handle(HTTPRequest(method: "GET", path: "/files/notes.pdf"))
        #expect(refused.status == 404 && refused.bodyText == "no /files/notes.pdf\n")
        #expect(await own.handle(HTTPRequest(method: "GET", path: "/files/notes.txt")).bodyText == "file(\"notes\")\n")
    }
}
