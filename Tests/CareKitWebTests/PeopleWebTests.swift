import CareKit
import CareKitStore
import CareKitTestSupport
import Foundation
import Testing
import ZombieKit

@testable import CareKitWeb

/// The patient (the first-run page's name, About you) and the contacts on Connect (add, edit,
/// remove after a confirmation): plain forms with the CSRF field, a 303 after each change, one
/// store write each, reasons next to the fields, and everything escaped.
@Suite("Web app: the patient and the contacts")
struct PeopleWebTests {
    typealias W = WebTestSupport

    static func body(_ server: CareKitWebServer, _ path: String) async throws -> String {
        try #require(await server.handle(W.get(path)).bodyText, "\(path)")
    }

    @Test("The first-run page asks for the name; once saved it greets the patient, and the report opens with the name")
    func firstRunName() async throws {
        let (store, server) = try await W.makeServer(demo: false)
        let welcome = try await Self.body(server, "/welcome")
        for field in [#"name="given-name""#, #"name="family-name""#, #"name="birthday""#, #"type="date""#, #"name="csrf""#, #"action="/about-you""#] {
            #expect(welcome.contains(field), "\(field)")
        }
        let saved = await server.handle(
            W.post("/about-you", [("given-name", " Ada "), ("family-name", "Lovelace"), ("birthday", "1960-03-15"), ("return", "/welcome")]))
        #expect(saved.status == 303 && saved.header("Location") == "/welcome")
        let patient = try #require(try await store.fetchPatients(query: OCKPatientQuery()).first)
        #expect(patient.name.givenName == "Ada" && patient.name.familyName == "Lovelace")
        #expect(patient.birthday.map { OCKDayCodec.string(from: $0, calendar: W.calendar) } == "1960-03-15")
        let after = try await Self.body(server, "/welcome")
        #expect(after.contains("Hello, Ada Lovelace.") && !after.contains(#"name="given-name""#))
        let report = try await Self.body(server, "/report?format=html")
        #expect(report.contains("Name: Ada Lovelace") && report.contains("Born March 15, 1960 (age 66)"))
    }

    @Test("About you changes the name as a new version of the patient; the report names the newest")
    func aboutYouEdits() async throws {
        let (store, server) = try await W.makeServer(demo: false)
        #expect(await server.handle(W.post("/about-you", [("given-name", "Ada"), ("family-name", "Lovelace")])).status == 303)
        let page = try await Self.body(server, "/about-you")
        #expect(page.contains(#"value="Ada""#) && page.contains(#"value="Lovelace""#))
        let saved = await server.handle(W.post("/about-you", [("given-name", "Augusta Ada"), ("family-name", "King"), ("birthday", "")]))
        #expect(saved.status == 303 && saved.header("Location") == "/about-you?saved=1")
        #expect(try await Self.body(server, "/about-you?saved=1").contains("Saved."))
        #expect(try await store.fetchPatients(query: OCKPatientQuery()).count == 2, "two versions")
        #expect(try await Self.body(server, "/report?format=html").contains("Name: Augusta Ada King"))
    }

    @Test("A wrong field is a 400 with the reason next to it, everything typed kept and nothing written")
    func patientProblems() async throws {
        let (store, server) = try await W.makeServer(demo: false)
        let empty = await server.handle(W.post("/about-you", [("given-name", "  "), ("family-name", "Lovelace"), ("birthday", "1960-02-30")]))
        #expect(empty.status == 400)
        let html = try #require(empty.bodyText)
        #expect(html.contains("Write your name, at least your first name.") && html.contains("'1960-02-30' is not a date"))
        #expect(html.contains(#"id="patient-given-name" value="  " required aria-invalid="true""#) || html.contains(#"aria-invalid="true""#))
        #expect(html.contains(#"value="Lovelace""#))
        let future = try #require(await server.handle(W.post("/about-you", [("given-name", "Ada"), ("birthday", "2030-01-01"), ("return", "/welcome")])).bodyText)
        #expect(future.contains("A birthday is a day from 1900 to today") && future.contains("Start with your first medication or task"), "the welcome page, with the reason")
        #expect(try await store.fetchPatients(query: OCKPatientQuery()).isEmpty)
    }

    @Test("Without the form's CSRF token nothing is saved, and a foreign return address is not followed")
    func patientCSRF() async throws {
        let (store, server) = try await W.makeServer(demo: false)
        #expect(await server.handle(W.post("/about-you", [("given-name", "Mallory")], csrfField: nil)).status == 403)
        #expect(await server.handle(W.post("/about-you", [("given-name", "Mallory")], csrfField: "0123")).status == 403)
        #expect(try await store.fetchPatients(query: OCKPatientQuery()).isEmpty)
        let away = await server.handle(W.post("/about-you", [("given-name", "Ada"), ("return", "https://evil.example/")]))
        #expect(away.status == 303 && away.header("Location")?.hasPrefix("/") == true)
    }

    @Test("Names are escaped wherever they are shown")
    func escaping() async throws {
        let (_, server) = try await W.makeServer()
        let hostile = "<script>alert(1)</script>"
        #expect(await server.handle(W.post("/about-you", [("given-name", hostile), ("family-name", "\"&'")])).status == 303)
        let added = await server.handle(W.post("/contacts/new", [("given-name", hostile), ("title", "<b>Dr</b>"), ("email", "a@b.example")]))
        #expect(added.status == 303)
        let contactPath = try #require(added.header("Location"))
        for path in ["/about-you", "/report", "/report?format=html", "/connect", contactPath, contactPath + "/edit", contactPath + "/remove"] {
            let html = try await Self.body(server, path)
            #expect(!html.contains(hostile) && !html.contains("<b>Dr</b>"), "\(path)")
            #expect(html.contains("&lt;script&gt;"), "\(path)")
        }
    }

    @Test("A contact is added, shown on Connect, edited (a new version) and removed after a confirmation (a tombstone)")
    func contactLifecycle() async throws {
        let (store, server) = try await W.makeServer()
        let connect = try await Self.body(server, "/connect")
        #expect(connect.contains(#"href="/contacts/new""#) && connect.contains("Add a contact"))
        let form = try await Self.body(server, "/contacts/new")
        #expect(form.contains(#"action="/contacts/new""#) && form.contains(#"name="csrf""#) && form.contains(#"type="tel""#))
        let added = await server.handle(
            W.post(
                "/contacts/new",
                [
                    ("given-name", "Ruth"), ("family-name", "Pérez"), ("title", "Pharmacist"), ("category", "care-team"), ("phone", "+1 555 010 2345"),
                    ("email", "ruth@pharmacy.example"), ("street", "1 Main St"), ("city", "Springfield")
                ]))
        #expect(added.status == 303)
        let path = try #require(added.header("Location"))
        let id = String(path.dropFirst("/connect/".count))
        let page = try await Self.body(server, path)
        #expect(page.contains("Ruth Pérez") && page.contains("Pharmacist") && page.contains("tel:+15550102345") && page.contains("1 Main St"))
        #expect(page.contains(#"href="\#(path)/edit""#) && page.contains(#"href="\#(path)/remove""#))
        #expect(try await Self.body(server, "/connect").contains("Ruth Pérez"))

        let edited = await server.handle(W.post(path + "/edit", [("given-name", "Ruth"), ("family-name", "Pérez"), ("title", "Pharmacist"), ("phone", "+1 555 010 9999")]))
        #expect(edited.status == 303 && edited.header("Location") == path)
        #expect(try await Self.body(server, path).contains("tel:+15550109999"))
        var versions = OCKContactQuery()
        versions.ids = [id]
        #expect(try await store.fetchContacts(query: versions).count == 2, "the edit is a new version")

        let confirm = try await Self.body(server, path + "/remove")
        #expect(confirm.contains("Remove Ruth Pérez?") && confirm.contains(#"method="post" action="\#(path)/remove""#) && confirm.contains(#"name="csrf""#))
        #expect(await server.handle(W.post(path + "/remove", [], csrfField: nil)).status == 403, "no token, no removal")
        #expect(try await Self.body(server, "/connect").contains("Ruth Pérez"))
        let removed = await server.handle(W.post(path + "/remove", []))
        #expect(removed.status == 303 && removed.header("Location") == "/connect")
        #expect(try await !Self.body(server, "/connect").contains("Ruth Pérez"))
        #expect(await server.handle(W.get(path)).status == 404)
        #expect(try await store.fetchContacts(query: versions).count == 2, "the versions stay in the history; the tombstone is not returned")
        // The id is not given to another contact.
        let again = await server.handle(W.post("/contacts/new", [("given-name", "Ruth"), ("family-name", "Pérez")]))
        #expect(again.header("Location") == path + "-2")
    }

    @Test("A contact's wrong fields are a 400 with their reasons; unknown contacts are 404s")
    func contactProblems() async throws {
        let (store, server) = try await W.makeServer()
        let before = try await store.fetchContacts(query: OCKContactQuery()).count
        let response = await server.handle(W.post("/contacts/new", [("given-name", ""), ("phone", "call me"), ("email", "ruth@"), ("city", "Springfield")]))
        #expect(response.status == 400)
        let html = try #require(response.bodyText)
        #expect(html.contains("Write the contact's name.") && html.contains("'call me' is not a phone number") && html.contains("'ruth@' is not an e-mail address"))
        #expect(html.contains(#"value="Springfield""#))
        #expect(try await store.fetchContacts(query: OCKContactQuery()).count == before)
        for path in ["/connect/nobody/edit", "/connect/nobody/remove"] {
            #expect(await server.handle(W.get(path)).status == 404)
            #expect(await server.handle(W.post(path, [])).status == 404)
        }
        #expect(await server.handle(W.post("/connect/hershel-greene/edit", [("given-name", "Hershel")], csrfField: nil)).status == 403)
    }

    @Test("The report is one tap from every page: its page shows the days, the PDF and the report, and says where to add a missing name")
    func reportPage() async throws {
        let (_, server) = try await W.makeServer()
        for path in ["/care-card", "/symptoms", "/insights", "/connect", "/connect/hershel-greene", "/tasks/cardio", "/plan/new", "/about-you", "/settings", "/contacts/new"] {
            #expect(try await Self.body(server, path).contains(#"<a class="ck-report-link" href="/report">Report</a>"#), "\(path)")
        }
        let page = try await Self.body(server, "/report?from=2026-11-20&to=2026-11-26")
        #expect(page.contains(#"<a class="ck-report-link" href="/report" aria-current="page">Report</a>"#))
        #expect(page.contains(#"<h1 class="ck-page-title">Re: Your Brains</h1>"#) && page.components(separatedBy: "<h1").count == 2, "one h1")
        #expect(page.contains(#"name="from" value="2026-11-20""#) && page.contains(#"name="to" value="2026-11-26""#))
        #expect(page.contains(#"href="/report?from=2026-11-20&amp;to=2026-11-26&amp;format=pdf""#))
        #expect(page.contains("Name not recorded.") && page.contains(#"href="/about-you?return=%2Freport""#))
        #expect(page.contains("Tasks completed per day") && page.contains("<svg"))
        #expect(await server.handle(W.get("/report?from=2026-11-20&to=2026-11-26&format=pdf")).header("Content-Type") == "application/pdf")
        #expect(await server.handle(W.get("/report?format=doc")).status == 400)
        #expect(await server.handle(W.post("/about-you", [("given-name", "Ada")])).status == 303)
        #expect(try await !Self.body(server, "/report").contains("Name not recorded"))
    }
}
