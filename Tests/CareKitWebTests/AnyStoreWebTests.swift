import CareKit
import CareKitStore
import CareKitTestSupport
import Foundation
import Testing
import ZombieKit

@testable import CareKitWeb

/// The web app on stores other than `OCKStore`: the coordinator and a custom store.
@Suite("Web app: any observable store")
struct AnyStoreWebTests {
    typealias W = WebTestSupport

    /// ZombieKit's care plan in an `OCKStore`, served through `store(_:)`.
    static func serve(_ wrap: (OCKStore) -> any OCKAnyStoreProtocol & OCKObservableStore) async throws -> (OCKStore, CareKitWebServer) {
        let (inner, _) = try await W.makeServer()
        let clock = W.now
        let server = try CareKitWebServer(
            store: wrap(inner), application: ZombieKitApp.application,
            configuration: CareKitWebServer.Configuration(calendar: W.calendar, clock: { clock }))
        return (inner, server)
    }

    @Test func aCoordinatorIsServedAndAnEventCompletedThroughIt() async throws {
        let (store, server) = try await Self.serve { inner in
            let coordinator = OCKStoreCoordinator()
            coordinator.attach(store: inner)
            return coordinator
        }
        let before = try #require(await server.handle(W.get("/care-card")).bodyText)
        #expect(before.contains("Cardio") && before.contains("0 of 2 done"))

        let live = await server.handle(W.get("/live/changes?since=\(server.changeFeed.generation)"))
        guard case .stream(let stream) = live.body else { Issue.record("not a stream"); return }
        let chunks = ChunkRecorder(stream)
        defer { chunks.cancel() }

        let cardio = try await W.todaysEvent(store, task: "cardio")
        let response = await server.handle(W.post(W.eventPath(cardio.id) + "/complete", [("completed", "true"), ("return", "/care-card")]))
        #expect(response.status == 303)
        #expect(try await W.todaysEvent(store, task: "cardio").outcome != nil, "written into the attached store")
        #expect(try #require(await server.handle(W.get("/care-card")).bodyText).contains("1 of 2 done"), "the cached page was not served stale")
        #expect(await eventually { chunks.value.contains("event: changed") }, "open tabs are told")

        let report = await server.handle(W.get("/report?from=2026-11-22&to=2026-11-26&format=html"))
        #expect(report.status == 200)
        #expect(report.bodyText?.contains("Re: Your Brains") == true)
        for path in ["/symptoms", "/insights", "/connect", "/connect/hershel-greene", "/tasks/cardio"] {
            #expect(await server.handle(W.get(path)).status == 200, "\(path)")
        }
    }

    @Test func aCustomStoreWithoutAChangeCountOfItsOwnIsServedFresh() async throws {
        let (store, server) = try await Self.serve { CountingStore($0) }
        #expect(try #require(await server.handle(W.get("/care-card")).bodyText).contains("0 of 2 done"))
        // A write straight into the store behind it, as another process or the CLI would.
        let cardio = try await W.todaysEvent(store, task: "cardio")
        try await store.setCompleted(true, for: cardio.anyEvent, now: W.now)
        #expect(try #require(await server.handle(W.get("/care-card")).bodyText).contains("1 of 2 done"))
    }

    /// Marking an event complete reads the event once: in the action's own transaction.
    @Test func completingAnEventReadsItOnce() async throws {
        let (store, server) = try await Self.serve { CountingStore($0) }
        let counting = try #require(server.store as? CountingStore)
        let cardio = try await W.todaysEvent(store, task: "cardio")
        for (fields, done) in [([("completed", "true")], true), ([("completed", "false")], false), ([], true)] {
            counting.resetCounts()
            let response = await server.handle(W.post(W.eventPath(cardio.id) + "/complete", fields))
            #expect(response.status == 303)
            #expect(counting.counts["perform"] == 1, "one action, one write")
            #expect(counting.counts["fetchAnyEvent", default: 0] == 0, "the event was read before the action, which reads it again: \(counting.counts)")
            #expect(counting.reads <= 1, "\(counting.reads) reads for one tap: \(counting.counts)")
            #expect((try await W.todaysEvent(store, task: "cardio").outcome != nil) == done)
        }
        counting.resetCounts()
        let log = await server.handle(W.post(W.eventPath(cardio.id) + "/log", [("value", "12")]))
        #expect(log.status == 303)
        #expect(counting.reads <= 1 && counting.counts["perform"] == 1, "\(counting.counts)")
    }
}
