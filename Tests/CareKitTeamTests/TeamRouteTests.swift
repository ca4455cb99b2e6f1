import CareKitHTTP
import CareKitWeb
import Foundation
import Testing

@testable import CareKitTeam

/// The dashboard's addresses are the rows of one table (``TeamRoute``): each route is written
/// as a path and read back as itself, every row is mounted and answers its methods, and no path
/// is written anywhere else in the dashboard's sources.
@Suite("Care team dashboard: its route table")
struct TeamRouteTests {
    /// A route of every row, with ids that need escaping.
    static let samples: [TeamRoute] =
        [
            .patients, .signIn, .secondStep, .signOut, .secondFactor, .language, .patient("7"), .patient("a/b c"), .acknowledgeAlert("7"), .newTask("7"),
            .schedule("7", task: "pills / 2"), .instructions("7", task: "new"), .stopTask("7", task: "x?y#z"), .note("7", task: "100% é")
        ] + TeamAsset.allCases.map(TeamRoute.asset) + TeamRoute.patientTabs.map { .patientTab("7", tab: $0) }

    @Test("Every route of the dashboard is written as a path and read back as itself, with each of its methods")
    func everyRouteReadsBackFromThePathItWrites() {
        let problems = TeamRoute.table.roundTripProblems(Self.samples)
        #expect(problems.isEmpty, "\(problems)")
        #expect(TeamRoute.schedule("7", task: "pills / 2").path == "/team/patients/7/tasks/pills%20%2F%202/schedule")
        #expect(TeamRoute.patients.path(query: [("sort", "name")]) == "/team?sort=name")
        #expect(TeamRoute.table.rows.allSatisfy { $0.pattern.description.hasPrefix(TeamRoute.patients.path) }, "every address under /team, where the cookies are")
    }

    @Test("The app's pages shown under a patient are that patient's tab routes: the app's path after the patient's")
    func theAppsTabsUnderAPatient() {
        for tab in TeamRoute.patientTabs {
            #expect(TeamRoute.patient("a b").path + OCKWebRoute.tab(tab).path == TeamRoute.patientTab("a b", tab: tab).path)
        }
    }

    @Test("Every row is mounted: each of its methods is answered by the dashboard (a sign-in, a page, a refusal), never the router's 404 or 405")
    func everyRowIsMounted() async throws {
        let fixture = try await TeamFixture.make()
        var browser = await fixture.grace()
        for route in Self.samples {
            for method in TeamRoute.table.row(of: route)?.methods ?? [] {
                let response = method == "POST" ? await browser.post(route.path) : await browser.get(route.path)
                #expect(![404, 405].contains(response.status) || response.bodyText?.contains("<html") == true, "\(method) \(route.path): \(response.status)")
            }
        }
        // A path of a row's shape that names nothing is the dashboard's own page, in the reader's language.
        browser.headers["accept-language"] = "de"
        let unknownTab = await browser.get("/team/patients/\(fixture.ada.id)/settings")
        #expect(unknownTab.status == 404 && unknownTab.bodyText?.contains("Unter /team/patients/\(fixture.ada.id)/settings gibt es keine Seite.") == true)
        #expect(await browser.get("/team/assets/app.js").status == 404)
        #expect(await browser.send("PUT", "/team/language").status == 405)
    }

    @Test("docs/team.md lists exactly the rows of the table")
    func theDocumentationListsEveryRow() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/team.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let listed = text.split(separator: "\n").filter { $0.hasPrefix("| `GET") || $0.hasPrefix("| `POST") }
        #expect(listed.count == TeamRoute.table.rows.count)
        for row in TeamRoute.table.rows {
            let spelled = "| `\(row.methods.joined(separator: "|")) \(row.pattern)` |"
            #expect(listed.contains { $0.hasPrefix(spelled) }, "docs/team.md does not list \(spelled)")
        }
    }

    @Test("No path is written in the dashboard's sources outside its route table")
    func noPathOutsideTheTable() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources/CareKitTeam").standardizedFileURL
        let table = sources.appendingPathComponent("Routes/TeamRoute.swift").path
        let enumerator = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var files = 0
        for case let file as URL in enumerator where file.pathExtension == "swift" && file.standardizedFileURL.path != table {
            files += 1
            let text = try String(contentsOf: file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                // A string literal that starts like a path: "/team…", "/login", "\(base)/tasks".
                #expect(code.firstMatch(of: /"(\\\([^)]*\))?\/[A-Za-z{]/) == nil, "\(file.lastPathComponent):\(number + 1): \(code)")
            }
        }
        #expect(files > 10, "the dashboard's sources were read")
    }
}
