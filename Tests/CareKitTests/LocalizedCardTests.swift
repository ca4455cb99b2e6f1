import CareKit
import CareKitStore
import CareKitTestSupport
import CareKitUI
import Foundation
import Testing

/// A task card as CareKit fills it from the store, in each language: its progress ("2 of 2
/// done"), its times and its checkmarks' names.
@Suite("Task cards in every language")
struct LocalizedCardTests {
    /// The medication checklist of 6 January 2025 (both done), rendered in `language`.
    static func checklist(_ language: OCKLanguage) async throws -> String {
        let store = try await CareReportFixtures.makeStore()
        var query = OCKEventQuery(dateInterval: DateInterval(start: TestDates.date("2025-01-06"), end: TestDates.date("2025-01-07")))
        query.taskIDs = ["medication"]
        let events = try await store.fetchAnyEvents(query: query).sorted { $0.scheduleEvent.start < $1.scheduleEvent.start }
        return OCKLocalization.$language.withValue(language) {
            let synchronizer = OCKChecklistTaskViewSynchronizer()
            let view = synchronizer.makeView()
            let model = OCKTaskEvents(events: events)
            synchronizer.updateView(
                view,
                context: OCKSynchronizationContext(
                    viewModel: model, oldViewModel: model, animated: false,
                    formatter: OCKEventFormatter(calendar: TestDates.calendar, locale: language.locale)))
            return view.html
        }
    }

    @Test("The checklist card matches its golden file", arguments: OCKLanguage.supported.map(\.code))
    func golden(code: String) async throws {
        let language = try #require(OCKLanguage(tag: code))
        try LocalizedGolden.check(try await Self.checklist(language), named: "ChecklistCard-\(code)")
    }

    @Test("Its progress counts in the language's words and digits")
    func progress() async throws {
        #expect(try await Self.checklist(.english).contains("2 of 2 done"))
        #expect(try await Self.checklist(.german).contains("2 von 2 erledigt"))
        #expect(try await Self.checklist(.arabic).contains("٢ من ٢ مكتملة"))
    }
}
