import CareKitHTTP
import CareKitStore
import Foundation
import Testing

@testable import CareKitWeb

/// Installable and offline: the manifest, the service worker, and taps sent again.
@Suite("Web app: installable and offline")
struct OfflineWebTests {
    typealias W = WebTestSupport

    @Test("Pages link a manifest that names the app, opens standalone at / and has an icon; the service worker may control the whole app")
    func manifestAndServiceWorker() async throws {
        let (_, server) = try await W.makeServer()
        guard case .data(let page) = await server.handle(W.get("/care-card")).body else { Issue.record("page"); return }
        #expect(String(decoding: page, as: UTF8.self).contains(#"<link rel="manifest" href="/manifest.webmanifest" crossorigin="use-credentials">"#))
        let manifest = await server.handle(W.get("/manifest.webmanifest"))
        #expect(manifest.header("Content-Type") == "application/manifest+json")
        guard case .data(let body) = manifest.body, let json = try JSONSerialization.jsonObject(with: body) as? [String: Any] else { Issue.record("manifest"); return }
        #expect(json["name"] as? String == "ZombieKit")
        #expect(json["start_url"] as? String == "/" && json["display"] as? String == "standalone")
        #expect((json["icons"] as? [[String: Any]])?.first?["src"] as? String == "/assets/favicon.svg")
        let worker = await server.handle(W.get("/sw.js"))
        #expect(worker.status == 200 && worker.header("Service-Worker-Allowed") == "/")
        #expect(worker.header("Content-Type")?.hasPrefix("text/javascript") == true)
        let policy = manifest.header("Content-Security-Policy") ?? ""
        #expect(policy.contains("manifest-src 'self'") && policy.contains("worker-src 'self'"))
    }

    @Test("A tap sent again with the same request id (queued offline, its answer lost) is recorded once; a new id records again")
    func replayedTapsAreAppliedOnce() async throws {
        let (store, server) = try await W.makeServer()
        let event = try await W.todaysEvent(store, task: "cardio")
        let path = W.eventPath(event.id) + "/log"
        let tap = [("value", "72"), ("request_id", "4f7c1a2e-0000-4000-8000-000000000001")]
        for _ in 0..<3 {
            #expect(await server.handle(W.post(path, tap)).status == 303)
        }
        #expect(await server.handle(W.post(path, [("value", "75"), ("request_id", "4f7c1a2e-0000-4000-8000-000000000002")])).status == 303)
        let values = try await W.todaysEvent(store, task: "cardio").outcome?.values.compactMap(\.integerValue) ?? []
        #expect(values == [72, 75])
        #expect(await server.handle(W.post(path, [("value", "80"), ("request_id", "bad id!")])).status == 400)
    }

    @Test("A refused tap gives its request id back, so the same tap can be sent again once it can be applied")
    func refusedTapsCanBeSentAgain() async throws {
        let (store, server) = try await W.makeServer()
        let event = try await W.todaysEvent(store, task: "cardio")
        let path = W.eventPath(event.id) + "/log"
        let requestID = "4f7c1a2e-0000-4000-8000-00000000000a"
        #expect(await server.handle(W.post(path, [("value", "1,234"), ("request_id", requestID)])).status == 400)
        #expect(await server.handle(W.post(path, [("value", "72"), ("request_id", requestID)])).status == 303)
        #expect(try await W.todaysEvent(store, task: "cardio").outcome?.values.compactMap(\.integerValue) == [72])
    }

    @Test("A queued tap keeps the time it was made (tapped_at), unless that is in the future or more than a week ago")
    func queuedTapsKeepTheirTime() async throws {
        let (store, server) = try await W.makeServer()
        let event = try await W.todaysEvent(store, task: "cardio")
        let path = W.eventPath(event.id) + "/log"
        let earlier = W.now.addingTimeInterval(-3_600)
        let cases: [(Date, Date)] = [(earlier, earlier), (W.now.addingTimeInterval(3_600), W.now), (W.now.addingTimeInterval(-8 * 86_400), W.now)]
        for (index, (tapped, _)) in cases.enumerated() {
            let fields = [("value", "\(70 + index)"), ("tapped_at", String(Int(tapped.timeIntervalSince1970 * 1_000)))]
            #expect(await server.handle(W.post(path, fields)).status == 303)
        }
        let recorded = try await W.todaysEvent(store, task: "cardio").outcome?.values.compactMap(\.createdDate) ?? []
        #expect(recorded == cases.map(\.1))
    }
}
