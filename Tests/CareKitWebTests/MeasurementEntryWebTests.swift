import CareKit
import CareKitStore
import Foundation
import Testing

@testable import CareKitWeb

/// What a patient types for a measurement: a value no body can have is refused with what to
/// enter; a value outside the target range is saved only after a confirm step (no script
/// needed), and is then flagged with the same words on the card and in the history.
@Suite("Web app: measurement entry")
struct MeasurementEntryWebTests {
    typealias W = WebTestSupport

    static func surveyPath(_ event: OCKEvent<OCKTask, OCKOutcome>) -> String {
        "/survey/" + URLEncoding.encode(event.id)
    }

    @Test("A value outside the target range asks before it is saved, and is saved once confirmed")
    func outOfRangeIsConfirmed() async throws {
        let (store, server) = try await W.makeServer()
        let event = try await W.todaysEvent(store, task: "temperature")
        let asked = await server.handle(W.post(Self.surveyPath(event), [("q.temperature", "103.1"), ("return", "/symptoms")]))
        #expect(asked.status == 200)
        let page = try #require(asked.bodyText)
        #expect(page.contains("103.1 °F is above your target 95–100.3 °F."))
        #expect(page.contains("Save 103.1 °F"))
        #expect(page.contains(#"name="confirmed" value="1""#) && page.contains(#"name="q.temperature" value="103.1""#), "Save posts the same answers again")
        #expect(page.contains(#"name="edit" value="1""#), "Change it goes back to the form")
        #expect(try await W.todaysEvent(store, task: "temperature").outcome == nil, "nothing is saved before the patient confirms")

        let back = await server.handle(W.post(Self.surveyPath(event), [("q.temperature", "103.1"), ("return", "/symptoms"), ("edit", "1")]))
        #expect(back.status == 200 && back.bodyText?.contains(#"value="103.1""#) == true, "the form again, with what was typed")
        #expect(try await W.todaysEvent(store, task: "temperature").outcome == nil)

        let saved = await server.handle(W.post(Self.surveyPath(event), [("q.temperature", "103.1"), ("return", "/symptoms"), ("confirmed", "1")]))
        #expect(saved.status == 303)
        #expect(try await W.todaysEvent(store, task: "temperature").outcome?.values.first?.doubleValue == 103.1)

        let card = try #require(await server.handle(W.get("/symptoms")).bodyText)
        #expect(card.contains("▲ high · target 95–100.3 °F"), "the card flags it")
        let history = try #require(await server.handle(W.get("/tasks/temperature")).bodyText)
        #expect(history.contains("▲ high · target 95–100.3 °F"), "the history flags it in the same words")
    }

    @Test("A value within its range is saved at once", arguments: ["98.6", "37 °C"])
    func withinRangeIsSaved(_ typed: String) async throws {
        let (store, server) = try await W.makeServer()
        let event = try await W.todaysEvent(store, task: "temperature")
        let saved = await server.handle(W.post(Self.surveyPath(event), [("q.temperature", typed), ("return", "/symptoms")]))
        #expect(saved.status == 303)
        #expect(try await W.todaysEvent(store, task: "temperature").outcome != nil)
    }

    @Test("A value no body can have is refused with what to enter, and nothing is saved", arguments: ["986", "9.86", "1300"])
    func impossibleIsRefused(_ typed: String) async throws {
        let (store, server) = try await W.makeServer()
        let event = try await W.todaysEvent(store, task: "temperature")
        let refused = await server.handle(W.post(Self.surveyPath(event), [("q.temperature", typed), ("confirmed", "1")]))
        #expect(refused.status == 400)
        let page = try #require(refused.bodyText)
        #expect(page.contains("Enter a value from 80 to 113 °F") || page.contains("lowest accepted value") || page.contains("highest accepted value"))
        #expect(try await W.todaysEvent(store, task: "temperature").outcome == nil)
    }

    @Test("A correction is checked like a new value: impossible is refused, out of range is confirmed")
    func correctionsAreChecked() async throws {
        let (store, server) = try await W.makeServer()
        let event = try await W.todaysEvent(store, task: "pulse")
        try await store.perform(.replaceValues([OCKOutcomeValue(72, units: "bpm", kind: "pulse", createdDate: W.now)]), on: event.anyEvent, now: W.now, calendar: W.calendar)
        let recorded = try await W.todaysEvent(store, task: "pulse")
        let version = try #require(recorded.outcome?.uuid.uuidString)
        let path = W.eventPath(recorded.id) + "/values/0/correct"
        let impossible = await server.handle(W.post(path, [("value", "720"), ("version", version)]))
        #expect(impossible.status == 400)
        #expect(impossible.bodyText?.contains("Pulse: 720 bpm is not a possible reading.") == true || impossible.bodyText?.contains("highest accepted value") == true)
        let asked = await server.handle(W.post(path, [("value", "35"), ("version", version), ("return", "/symptoms")]))
        #expect(asked.status == 200 && asked.bodyText?.contains("35 bpm is below your target 40–100 bpm.") == true)
        #expect(try await W.todaysEvent(store, task: "pulse").outcome?.values.first?.numericValue == 72, "unchanged until confirmed")
        let saved = await server.handle(W.post(path, [("value", "35"), ("version", version), ("return", "/symptoms"), ("confirmed", "1")]))
        #expect(saved.status == 303)
        #expect(try await W.todaysEvent(store, task: "pulse").outcome?.values.first?.numericValue == 35)
    }

    @Test("The confirm step speaks the patient's language")
    func confirmInGerman() async throws {
        let (store, server) = try await W.makeServer()
        let event = try await W.todaysEvent(store, task: "temperature")
        let asked = await server.handle(
            W.post(Self.surveyPath(event), [("q.temperature", "39,5")], cookies: ["carekit_csrf": W.csrf, "carekit_lang": "de"]))
        let page = try #require(asked.bodyText)
        #expect(page.contains("Prüfen Sie diesen Wert"))
        #expect(page.contains("liegt über Ihrem Zielbereich"))
    }
}
