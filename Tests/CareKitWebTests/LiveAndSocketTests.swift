import CareKit
import CareKitStore
import CareKitTestSupport
import Foundation
import Synchronization
import Testing

@testable import CareKitWeb

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Web app: live updates and the HTTP server")
struct LiveAndSocketTests {
    typealias W = WebTestSupport

    @Test func oneChangeFeedServesEveryTab() async throws {
        let (store, server) = try await W.makeServer()
        let page = try #require(await server.handle(W.get("/care-card")).bodyText)
        let generation = try #require(page.components(separatedBy: "data-ck-generation=\"").dropFirst().first?.prefix { $0 != "\"" })
        let live = await server.handle(W.get("/live/changes?since=\(generation)"))
        guard case .stream(let stream) = live.body else { Issue.record("not a stream"); return }
        let chunks = ChunkRecorder(stream)
        defer { chunks.cancel() }
        #expect(await eventually { chunks.value.contains("retry:") })
        #expect(!chunks.value.contains("event: changed"), "nothing changed since the page was made")
        let cardio = try await W.todaysEvent(store, task: "cardio")
        try await store.setCompleted(true, for: cardio.anyEvent, now: W.now)
        #expect(await eventually { chunks.value.contains("event: changed") })

        // A page made before that change is told at once that it is stale.
        let stale = await server.handle(W.get("/live/changes?since=\(generation)"))
        guard case .stream(let staleStream) = stale.body else { Issue.record("not a stream"); return }
        let staleChunks = ChunkRecorder(staleStream)
        defer { staleChunks.cancel() }
        #expect(await eventually { staleChunks.value.contains("event: changed") })
        #expect(await server.handle(W.get("/favicon.ico")).status == 204)
    }

    @Test func aPageAndItsRefreshSayTheGenerationTheyShow() async throws {
        let (store, server) = try await W.makeServer()
        let page = await server.handle(W.get("/care-card"))
        let before = try #require(page.header("X-CareKit-Generation").flatMap { Int($0) })
        #expect(try #require(page.bodyText).contains("data-ck-generation=\"\(before)\""))

        // A tap from the script, then its refresh: the refresh shows the tap's change...
        let cardio = try await W.todaysEvent(store, task: "cardio")
        var tap = W.post(W.eventPath(cardio.id) + "/complete", [("completed", "true")])
        tap.headers["x-carekit-fragment"] = "1"
        #expect(await server.handle(tap).status == 204)
        var refresh = W.get("/care-card")
        refresh.headers["x-carekit-fragment"] = "1"
        let fragment = await server.handle(refresh)
        #expect(try #require(fragment.bodyText).contains("1 of 2 done"))
        let after = try #require(fragment.header("X-CareKit-Generation").flatMap { Int($0) })
        #expect(after > before)
        // ...and says the generation that the live stream announces for it, so the script does
        // not fetch the page again for that event.
        let live = await server.handle(W.get("/live/changes?since=\(before)"))
        guard case .stream(let stream) = live.body else { Issue.record("not a stream"); return }
        let chunks = ChunkRecorder(stream)
        defer { chunks.cancel() }
        #expect(await eventually { chunks.value.contains("event: changed") })
        #expect(chunks.value.contains("id: \(after)\n"), "\(chunks.value)")
        // The same page again, from the cache, says the same.
        #expect(await server.handle(refresh).header("X-CareKit-Generation") == String(after))
    }

    @Test func theRealServerAnswersLimitsBodiesAndStops() async throws {
        let (_, server) = try await W.makeServer {
            $0.port = 0; $0.maximumBodySize = 1024
        }
        let port = try server.start()
        defer { server.stop() }
        #expect(port > 0)
        let session = TestSession.shared
        let (data, response) = try await session.data(from: URL(string: "http://127.0.0.1:\(port)/healthz")!)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self) == "ok\n")

        var big = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/events/x/complete")!)
        big.httpMethod = "POST"
        big.httpBody = Data(repeating: UInt8(ascii: "a"), count: 200_000)
        big.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        let (_, tooLarge) = try await session.data(for: big)
        #expect((tooLarge as? HTTPURLResponse)?.statusCode == 413)

        let (page, pageResponse) = try await session.data(from: URL(string: "http://127.0.0.1:\(port)/care-card")!)
        #expect((pageResponse as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: page, as: UTF8.self).contains("Zombie Training"))
        #expect((pageResponse as? HTTPURLResponse)?.value(forHTTPHeaderField: "X-Content-Type-Options") == "nosniff")
    }
}
