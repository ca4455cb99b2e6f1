import CareKit
import CareKitHTTP
import CareKitStore
import Foundation
import Testing

@testable import CareKitSyncServer

/// A patient's Care Card, Symptom Tracker and Insights on the dashboard, read-only, made by the
/// web app's page builders from the patient's replica; the same access rules as the day page.
/// Both storages.
@Suite("Care team: a patient's pages as the patient sees them")
struct TeamPatientPagesTests {
    typealias F = TeamFixture

    @Test("The Care Card of any day: the patient's cards with every control disabled, links to other days on the dashboard, an audit line")
    func careCard() async throws {
        let fixture = try await F.make()
        var grace = await fixture.grace(address: "192.0.2.44")
        let base = "/team/patients/\(fixture.ada.id)"
        let day = await grace.get(base)
        #expect(day.bodyText?.contains(#"href="\#(base)/care-card?date=2025-01-07""#) == true, "the day page links to the Care Card of its day")
        let response = await grace.get(base + "/care-card?date=2025-01-03")
        #expect(response.status == 200)
        let page = try #require(response.bodyText)
        #expect(page.contains("Care Card") && page.contains("pills") && page.contains("ock-card"))
        #expect(page.contains("disabled"), "the cards' buttons are disabled")
        #expect(!page.contains("/events/") && !page.contains("/tasks/new?") && !page.contains("Add a medication"), "nothing records or plans")
        #expect(page.contains(#"href="\#(base)/care-card?date=2024-12-27""#), "the week pager stays on the dashboard")
        #expect(page.contains("Read-only"))
        #expect(response.header("Content-Security-Policy") != nil)
        let trail = try fixture.service.storage.auditTrail(patient: fixture.ada.id, limit: 1)
        #expect(trail.first?.action == "viewed the Care Card of 2025-01-03" && trail.first?.address == "192.0.2.44")
    }

    @Test("The Symptom Tracker (a survey) and Insights (charts, the measurement chooser) of a day, read-only, each an audit line")
    func symptomsAndInsights() async throws {
        let fixture = try await F.make()
        var grace = await fixture.grace()
        let base = "/team/patients/\(fixture.ada.id)"
        let measured = [("title", "Blood sugar"), ("times", "07:30"), ("from", "2025-01-06"), ("measure", "Glucose"), ("unit", "mg/dL"), ("range", "70-140")]
        #expect(await grace.post(base + "/tasks/new", measured).status == 303)
        let symptoms = await grace.get(base + "/symptoms?date=2025-01-06")
        let tracker = try #require(symptoms.bodyText)
        #expect(symptoms.status == 200 && tracker.contains("Symptom Tracker") && tracker.contains("Blood sugar"))
        let insights = await grace.get(base + "/insights?date=2025-01-06")
        let page = try #require(insights.bodyText)
        #expect(insights.status == 200 && page.contains("<svg") && page.contains("Insights"))
        #expect(page.contains(#"href="\#(base)/insights?date=2024-12-30""#), "the week pager stays on the dashboard")
        #expect(page.contains(#"action="\#(base)/insights""#), "the measurement chooser stays on the dashboard")
        for shown in [tracker, page] {
            #expect(shown.lowercased().components(separatedBy: #"method="post""#).count == 2, "no form records anything; only Sign out posts")
            #expect(!shown.contains("/events/") && !shown.contains("/plan/"), "no way to record or plan")
        }
        let actions = try fixture.service.storage.auditTrail(patient: fixture.ada.id, limit: 2).map(\.action)
        #expect(actions == ["viewed the Insights of 2025-01-06", "viewed the Symptom Tracker of 2025-01-06"])
    }

    @Test("Another clinician's patient is answered as a missing one, signed out leads to sign-in, a bad day is a readable 400")
    func access() async throws {
        let fixture = try await F.make()
        var alan = fixture.client(), stranger = fixture.client()
        await alan.signIn("alan@clinic.example", F.alanPassword)
        for tab in ["care-card", "symptoms", "insights"] {
            let foreign = await alan.get("/team/patients/\(fixture.ada.id)/\(tab)")
            let missing = await alan.get("/team/patients/\(fixture.ada.id + 1_000)/\(tab)")
            #expect(foreign.status == 404 && foreign.bodyText == missing.bodyText && foreign.bodyText?.contains("Ada") == false)
            #expect(await stranger.get("/team/patients/\(fixture.ada.id)/\(tab)").status == 303)
        }
        let bad = await alan.get("/team/patients/\(fixture.bob.id)/care-card?date=2025-02-30")
        #expect(bad.status == 400 && bad.bodyText?.contains("YYYY-MM-DD") == true)
        #expect(try fixture.service.storage.auditTrail(patient: fixture.ada.id, limit: 5).isEmpty, "nothing of Ada's was read")
    }
}
