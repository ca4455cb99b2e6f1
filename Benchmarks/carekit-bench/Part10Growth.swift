import CareKit
import CareKitFHIR
import CareKitStore
import Foundation

/// Part 10: the batch operations' growth (issue 32, "no quadratic path anywhere"). Each runs
/// at four sizes of history, each double the one before, next to linear growth from the
/// smallest (``Growth``): importing an export into an empty store, exporting every version,
/// exporting as FHIR, adherence over the whole range, and the care report (HTML and PDF).
/// Part 8 holds the merge's (8g), part 9 the care team's list (9h).
enum Part10Growth {
    struct Sizes {
        var tasks: Int
        /// Days of history at the four sizes.
        var days: [Int]
        /// Days the report covers at the four sizes (a report is read by a person: a week to a
        /// quarter, not a year of every reading).
        var reportDays: [Int]
    }

    static func run(_ context: BenchContext) async throws -> Section {
        let sizes =
            context.quick
            ? Sizes(tasks: 10, days: [8, 16, 32, 64], reportDays: [4, 8, 16, 32])
            : Sizes(tasks: 100, days: [46, 91, 182, 365], reportDays: [11, 23, 46, 91])
        let folder = try context.folder("part10")
        let start = Fixtures.date(2024, 1, 1)
        var imports: [[Double]] = [], exports: [[Double]] = [], fhir: [[Double]] = [], adherence: [[Double]] = [], reports: [[Double]] = []
        var versions: [Int] = [], outcomes: [Int] = [], reportEvents: [Int] = []
        for (index, days) in sizes.days.enumerated() {
            let end = Fixtures.calendar.date(byAdding: .day, value: days, to: start) ?? start
            log("Part 10: \(sizes.tasks) tasks × \(days) days")
            let (store, count) = try await Fixtures.versionedStore(name: "growth-\(days)", in: folder, taskCount: sizes.tasks, outcomesFrom: start, to: end)
            defer { try? store.delete() }
            outcomes.append(count)
            let exported = try await store.exportVersions()
            versions.append(exported.count)

            imports.append(
                try await measure(context) { run in
                    let target = Fixtures.openStore("import-\(days)-\(run)", in: folder)
                    defer { try? target.delete() }
                    return try await Timer.time { _ = try await target.importVersions(exported) }
                })
            exports.append(try await measure(context) { _ in try await Timer.time { _ = try await store.exportVersions() } })
            fhir.append(
                try await measure(context) { _ in
                    try await Timer.time {
                        let entities = try await store.exportVersions()
                        _ = try OCKFHIRExporter(now: Fixtures.now).export(entities).collection(timestamp: Fixtures.now, timeZone: Fixtures.timeZone).jsonData()
                    }
                })
            let whole = DateInterval(start: start, end: end)
            // Ten calls a sample: one takes 2–9 ms, where a thread switch moved a median by half
            // (10d2 1.52× in one full run, between 1.00× and 0.53× at its neighbours).
            adherence.append(
                try await measure(context) { _ in
                    let query = OCKAdherenceQuery(taskIDs: [], dateInterval: whole, calendar: Fixtures.calendar)
                    return try await Timer.time { for _ in 0..<10 { _ = try await store.fetchAdherence(query: query) } } / 10
                })
            let reportEnd = Fixtures.calendar.date(byAdding: .day, value: sizes.reportDays[index], to: start) ?? start
            let reportInterval = DateInterval(start: start, end: reportEnd)
            reportEvents.append(sizes.tasks * sizes.reportDays[index])
            let formatter = OCKEventFormatter(calendar: Fixtures.calendar, locale: Locale(identifier: "en_US"))
            reports.append(
                try await measure(context) { _ in
                    try await Timer.time {
                        let document = try await OCKCareReport.document(store: store, interval: reportInterval, formatter: formatter, title: "Care report")
                        _ = document.htmlContent
                        _ = try document.pdfData(creationDate: Fixtures.now)
                    }
                })
        }
        let rows =
            Growth.rows(id: "10a", measurement: "importVersions of an export into an empty store", items: versions, seconds: imports, itemName: "versions")
            + Growth.rows(id: "10b", measurement: "exportVersions, every version", items: versions, seconds: exports, itemName: "versions")
            + Growth.rows(id: "10c", measurement: "FHIR export (exportVersions, OCKFHIRExporter, the collection Bundle as JSON)", items: versions, seconds: fhir, itemName: "versions")
            + Growth.rows(id: "10d", measurement: "fetchAdherence over the whole history, every task", items: outcomes, seconds: adherence, itemName: "outcomes")
            + Growth.rows(id: "10e", measurement: "care report (OCKCareReport: HTML and PDF)", items: reportEvents, seconds: reports, itemName: "events")
        let note = """
            On-disk stores of \(sizes.tasks) tasks (three versions each) with one outcome for every daily event of \
            \(sizes.days.map(String.init).joined(separator: ", ")) days from 2024-01-01; the report covers the first \
            \(sizes.reportDays.map(String.init).joined(separator: ", ")) of them. \(Growth.note("10a")) The same for 10b–10e; a 10d sample is the mean of ten calls.
            """
        return Section(part: 10, rows: rows, baselineNote: note)
    }

    /// The runs of `body` (a warm-up first, not kept).
    static func measure(_ context: BenchContext, _ body: (Int) async throws -> Double) async throws -> [Double] {
        _ = try await body(-1)
        var runs: [Double] = []
        for run in 0..<context.runs { runs.append(try await body(run)) }
        return runs
    }
}
