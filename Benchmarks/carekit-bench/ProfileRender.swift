import CareKit
import CareKitHTTP
import CareKitStore
import CareKitWeb
import Foundation

/// `carekit-bench --profile-render N`: renders part 7's uncached Care Card (the 20-task store
/// with a week of outcomes, on the fixtures' day) N times in this process and writes the last
/// page to standard output. A driver for instruction counts (`valgrind --tool=callgrind`), which
/// are repeatable where timings on a shared machine are not; it measures nothing itself.
enum ProfileRender {
    static func run(_ context: BenchContext, count: Int, path: String = "/care-card", cardCache: Bool = true) async throws {
        let folder = try context.folder("profile-render")
        let (store, _) = try await Fixtures.versionedStore(
            name: "web", in: folder, taskCount: 20,
            outcomesFrom: Fixtures.calendar.date(byAdding: .day, value: -7, to: Fixtures.today), to: Fixtures.today)
        defer { store.close() }
        // The same "now" as part 7's server (CAREKIT_NOW).
        let now = Date(timeIntervalSince1970: 1_718_467_200)
        var configuration = CareKitWebServer.Configuration(calendar: Fixtures.calendar, clock: { now })
        configuration.cachesPages = false
        // Cards are kept as `carekit serve --no-page-cache` keeps them, unless asked not to.
        let cards = OCKCardCache()
        configuration.cardCache = cardCache ? cards : nil
        let server = try CareKitWebServer(store: store, application: .standard(), configuration: configuration)
        let request = HTTPRequest(
            method: "GET", path: path, headers: ["host": "127.0.0.1:8080"],
            cookies: ["carekit_csrf": String(repeating: "ab", count: 32)])
        var last = Data()
        for _ in 0..<count {
            let response = await server.handle(request)
            guard response.status == 200, case .data(let body) = response.body else {
                throw BenchError("GET \(path) answered \(response.status)")
            }
            last = body
        }
        FileHandle.standardOutput.write(last)
        if cardCache {
            // What keeping the cards costs in memory, for docs/PERFORMANCE.md.
            log("card cache: \(cards.count) cards, \(cards.markupBytes) bytes of markup (\(cards.markupBytes / max(cards.count, 1)) a card)")
        }
    }
}
