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
    static func run(_ context: BenchContext, count: Int, path: String = "/care-card", cardCache: Bool = true, fillDays: Int = 0) async throws {
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
        func body(of request: HTTPRequest) async throws -> Data {
            let response = await server.handle(request)
            guard response.status == 200, case .data(let body) = response.body else {
                throw BenchError("GET \(request.path) answered \(response.status)")
            }
            return body
        }
        var last = Data()
        for _ in 0..<count { last = try await body(of: request) }
        FileHandle.standardOutput.write(last)
        // Earlier days' pages, each with cards of its own, fill the cache.
        for back in 0..<fillDays {
            guard let day = Fixtures.calendar.date(byAdding: .day, value: -1 - back, to: Fixtures.today) else { continue }
            var earlier = request
            earlier.query = [("date", OCKDayCodec.string(from: day, calendar: Fixtures.calendar))]
            _ = try await body(of: earlier)
        }
        if cardCache {
            // What keeping the cards costs in memory, for docs/PERFORMANCE.md: the cache's markup,
            // and the heap it held (the allocator's bytes in use before and after emptying it).
            let (count, markup) = (cards.count, cards.markupBytes)
            let held = HeapInUse.bytes().flatMap { before in
                cards.removeAll()
                return HeapInUse.bytes().map { before - $0 }
            }
            log(
                "card cache: \(count) cards, \(markup) bytes of markup (\(markup / max(count, 1)) a card); heap held: "
                    + (held.map { "\($0) bytes (\($0 / max(count, 1)) a card)" } ?? "not measured"))
        }
    }
}
