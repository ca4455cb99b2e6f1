import CareKit
import CareKitStore
import Foundation
import Testing

@testable import CareKitWeb

private typealias W = WebTestSupport

/// The patient's units on the web: chosen on /settings, used to show and to read measurements,
/// while the store keeps each value in the units it was typed in.
@Suite struct UnitsWebTests {
    static let metric = ["carekit_csrf": W.csrf, "carekit_units": "metric"]

    static func surveyPath(_ store: OCKStore) async throws -> String {
        "/survey/" + URLEncoding.encode(try await W.todaysEvent(store, task: "temperature").id)
    }

    @Test("A metric patient types 98,6 °F: the card shows 37.0 °C, the store keeps 98.6 °F")
    func aValueTypedInFahrenheitIsShownInCelsius() async throws {
        let (store, server) = try await W.makeServer()
        let path = try await Self.surveyPath(store)
        let form = try #require(await server.handle(W.get(path, cookies: Self.metric)).bodyText)
        #expect(form.contains(">°C<"), "the form asks in the patient's unit")
        #expect(form.contains("from 26.6 to 45"), "80–113 °F (115 narrowed to what a body can have) asked as °C, widened to a decimal")

        let saved = await server.handle(W.post(path, [("q.temperature", "98,6 °F"), ("return", "/symptoms")], cookies: Self.metric))
        #expect(saved.status == 303)
        let value = try #require(try await W.todaysEvent(store, task: "temperature").outcome?.values.first)
        #expect(value.doubleValue == 98.6 && value.units == "°F", "stored in the units it was typed in")

        let card = try #require(await server.handle(W.get("/symptoms", cookies: Self.metric)).bodyText)
        #expect(card.contains("37.0 °C"))
        #expect(!card.contains("98.6 °F"))
        let american = try #require(await server.handle(W.get("/symptoms")).bodyText)
        #expect(american.contains("98.6 °F"), "a US English patient without a choice sees it as taken")
    }

    @Test("A bare number is in the patient's unit and kept in it; a weight for a temperature is refused")
    func aBareNumberIsInThePreferredUnit() async throws {
        let (store, server) = try await W.makeServer()
        let path = try await Self.surveyPath(store)
        let saved = await server.handle(W.post(path, [("q.temperature", "٣٧٫٢"), ("return", "/symptoms")], cookies: Self.metric))
        #expect(saved.status == 303)
        let value = try #require(try await W.todaysEvent(store, task: "temperature").outcome?.values.first)
        #expect(value.doubleValue == 37.2 && value.units == "°C")

        let refused = await server.handle(W.post(path, [("q.temperature", "37 kg")], cookies: Self.metric))
        #expect(refused.status == 400)
        #expect(try #require(refused.bodyText).contains("“kg” is not a unit"))
        #expect(try await W.todaysEvent(store, task: "temperature").outcome?.values.first?.units == "°C", "nothing changed")
    }

    @Test("Spanish without a choice reads metric; the settings page saves US in the store and a cookie")
    func theSettingsPageKeepsTheChoice() async throws {
        let (store, server) = try await W.makeServer()
        let spanish = try #require(await server.handle(W.get("/settings", cookies: ["carekit_csrf": W.csrf, "carekit_lang": "es-ES"])).bodyText)
        #expect(spanish.contains("Métrico (°C, kg)"))
        #expect(spanish.contains(#"value="metric" checked"#), "metric is the Spanish default")

        let forged = await server.handle(W.post("/settings", [("units", "us")], csrfField: "forged"))
        #expect(forged.status == 403)
        #expect(try await store.preference(forKey: OCKStore.PreferenceKey.measurementSystem) == nil)

        let bad = await server.handle(W.post("/settings", [("units", "stone")]))
        #expect(bad.status == 400)
        #expect(try #require(bad.bodyText).contains("is not a system of units"))

        let saved = await server.handle(W.post("/settings", [("units", "us")]))
        #expect(saved.status == 303)
        #expect(saved.headers.contains { $0.0 == "Set-Cookie" && $0.1.hasPrefix("carekit_units=us;") })
        #expect(try await store.preference(forKey: OCKStore.PreferenceKey.measurementSystem) == "us")
        #expect(try await store.preference(forKey: OCKStore.PreferenceKey.language) == nil, "a units form leaves the language alone")

        // A stored choice is read by every browser, in any language.
        try await store.append(
            outcomeValues: [OCKOutcomeValue(37.0, units: "°C", kind: "temperature", createdDate: W.now)], to: try await W.todaysEvent(store, task: "temperature").anyEvent)
        let card = try #require(await server.handle(W.get("/symptoms", cookies: ["carekit_csrf": W.csrf, "carekit_lang": "es-ES"])).bodyText)
        #expect(card.contains("98,6 °F"))
    }

    @Test("The correct-value form reads units and Arabic digits, and refuses units of another dimension")
    func correctingAValueReadsUnits() async throws {
        let (store, server) = try await MovingThroughTimeTests.trainingStore(startedDaysAgo: 3)
        let event = try await MovingThroughTimeTests.firstEvent(store, task: "cardio", on: "2026-11-25")
        let after = try await store.perform(
            .appendValues([OCKOutcomeValue(80.0, units: "kg", kind: nil, createdDate: W.date("2026-11-25 07:30"))]), on: event.anyEvent, now: W.now, calendar: W.calendar)
        let version = try #require((after.outcome as? OCKOutcome)?.uuid.uuidString)
        let page = try #require(await server.handle(W.get("/tasks/cardio", cookies: ["carekit_csrf": W.csrf, "carekit_units": "us"])).bodyText)
        #expect(page.contains(">176.4 lb<"), "80 kg for a US patient")

        let path = W.eventPath(event.id) + "/values/0/correct"
        let refused = await server.handle(W.post(path, [("value", "37 °C"), ("version", version)]))
        #expect(refused.status == 400)
        #expect(try #require(refused.bodyText).contains("enter it in kg, or as a number alone"))

        let garbage = await server.handle(W.post(path, [("value", "80..5"), ("version", version)]))
        #expect(garbage.status == 400)
        #expect(try #require(garbage.bodyText).contains("“80..5” is not a number: enter a number in kg"))
        #expect(await server.handle(W.post(path, [("value", "176 lbs"), ("version", version)])).status == 303)
        let corrected = try #require(try await MovingThroughTimeTests.firstEvent(store, task: "cardio", on: "2026-11-25").outcome?.values.first)
        #expect(corrected.doubleValue == 176 && corrected.units == "lb", "kept in the units typed")
    }

    @Test("Insights chart a measurement in the patient's unit: series, axis and target band")
    func insightsAreInThePreferredUnit() async throws {
        let (store, server) = try await W.makeServer()
        let path = try await Self.surveyPath(store)
        _ = await server.handle(W.post(path, [("q.temperature", "101.3 °F"), ("confirmed", "1")], cookies: Self.metric))
        let html = try #require(await server.handle(W.get("/insights", cookies: Self.metric)).bodyText)
        let chart = try #require(InsightsChartTests.chart(html, titled: "Temperature"))
        #expect(chart.contains("Target 35–37.94\u{00A0}°C"), "95–100.3 °F as °C")
        #expect(chart.contains(">38.5\u{00A0}high</text>"), "101.3 °F is drawn as 38.5 °C, flagged high")
        #expect(!chart.contains("°F"))
    }
}
