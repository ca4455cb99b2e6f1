import CareKit
import CareKitStore
import CareKitTestSupport
import Foundation
import Testing
import ZombieKit

@testable import CareKitWeb

/// What rendering a daily page asks of SQLite, counted in virtual-machine steps
/// (`OCKStore.sqliteSteps()`), which do not depend on how busy the machine is: a change that
/// makes the page read more fails here, whatever the timings say.
@Suite("Web app: the store work of a page")
struct PageStoreWorkTests {
    typealias W = WebTestSupport

    /// The steps of the Care Card and of the Symptom Tracker rendered from the store (pages not
    /// kept), on the ZombieKit plan with a second version of each task and the week's events done.
    static func steps() async throws -> (careCard: Int64, symptoms: Int64) {
        let folder = TestFolders.make("page-steps")
        let store = OCKStore(name: "care", type: .onDisk, directory: folder, clock: { W.now })
        defer { store.close() }
        try await CarePlanData(startingInWeekOf: W.date("2026-11-16"), calendar: W.calendar).seed(into: store)
        // A second version of every task from tomorrow on (after every recorded outcome), so
        // that the read of the week meets versions that do not own all of it.
        var query = OCKTaskQuery(for: W.now, calendar: W.calendar)
        query.sortDescriptors = [.title(ascending: true)]
        var tasks = try await store.fetchTasks(query: query)
        for index in tasks.indices {
            tasks[index].instructions = (tasks[index].instructions ?? "") + " Take care."
            tasks[index].effectiveDate = W.date("2026-11-27")
        }
        _ = try await store.updateTasks(tasks)
        // Every event of the week up to now done.
        let week = try await store.fetchEvents(query: OCKEventQuery(dateInterval: DateInterval(start: W.date("2026-11-22"), end: W.now)))
        for event in week where event.outcome == nil {
            _ = try await store.perform(.complete, on: event.anyEvent, now: W.now, calendar: W.calendar)
        }
        var configuration = CareKitWebServer.Configuration(calendar: W.calendar, clock: { W.now })
        configuration.cachesPages = false
        let server = try CareKitWebServer(store: store, application: .standard(), configuration: configuration)
        func count(_ path: String) async throws -> Int64 {
            #expect(await server.handle(W.get(path)).status == 200)  // settings read, caches warm
            let before = await store.sqliteSteps()
            #expect(await server.handle(W.get(path)).status == 200)
            return await store.sqliteSteps() - before
        }
        return (try await count("/care-card"), try await count("/symptoms"))
    }

    @Test("A daily page's store read costs no more SQLite steps than when it was last measured")
    func dailyPages() async throws {
        let (careCard, symptoms) = try await Self.steps()
        // Measured on 2026-12-07 with SQLite 3.40.1 (issue 32: one read of the week's outcomes
        // for the owners and the strays, the task versions in one read, only the newest
        // versions for the care team's notes): 2,054 and 1,919. About 5 % of slack, for
        // another SQLite's plans; a new read of the page shows.
        #expect(careCard <= 2_150, "Care Card: \(careCard) SQLite steps (2,054 when measured)")
        #expect(symptoms <= 2_000, "Symptom Tracker: \(symptoms) SQLite steps (1,919 when measured)")
    }
}
