import CareKit
import CareKitStore
import CareKitTestSupport
import CareKitUI
import Foundation
import Testing

/// The labeled-value and numeric-progress cards, SwiftUI-only in Apple's CareKit, are view
/// classes here with synchronizers that fill them from an event like every other card.
@Suite("Labeled-value and numeric-progress cards")
struct ValueCardTests {
    /// Today's water task (a target of 8 glasses) with 3 glasses recorded, or none.
    static func events(recorded: Double?) throws -> OCKTaskEvents {
        let element = OCKScheduleElement(
            start: TestDates.date("2025-01-06"), end: nil, interval: DateComponents(day: 1), targetValues: [OCKOutcomeValue(8.0, units: "glasses")],
            duration: .allDay, calendar: TestDates.calendar)
        let task = OCKTask(id: "water", title: "Water", carePlanUUID: nil, schedule: OCKSchedule(composing: [element]))
        let scheduleEvent = try #require(task.schedule.event(forOccurrenceIndex: 0))
        let outcome = recorded.map { OCKOutcome(taskUUID: task.uuid, taskOccurrenceIndex: 0, values: [OCKOutcomeValue($0, units: "glasses")]) }
        return OCKTaskEvents(events: [OCKAnyEvent(task: task, outcome: outcome, scheduleEvent: scheduleEvent)])
    }

    static func html<Synchronizer: ViewSynchronizing>(_ synchronizer: Synchronizer, _ events: OCKTaskEvents) -> String
    where Synchronizer.ViewModel == OCKTaskEvents {
        let view = synchronizer.makeView()
        synchronizer.updateView(
            view, context: OCKSynchronizationContext(viewModel: events, oldViewModel: events, animated: false, formatter: OCKEventFormatter(calendar: TestDates.calendar)))
        return view.html
    }

    @Test func theLabeledValueCardShowsTheRecordedValueOrNoData() throws {
        let recorded = Self.html(OCKLabeledValueTaskViewSynchronizer(), try Self.events(recorded: 3))
        #expect(recorded.contains("Water") && recorded.contains("ock-labeled-value-value\">3<") && recorded.contains(">glasses<"), "\(recorded)")
        #expect(Self.html(OCKLabeledValueTaskViewSynchronizer(), try Self.events(recorded: nil)).contains("No data"))
    }

    @Test func theNumericProgressCardCountsTowardsTheTarget() throws {
        let html = Self.html(OCKNumericProgressTaskViewSynchronizer(), try Self.events(recorded: 3))
        #expect(html.contains("Water") && html.contains(">3<") && html.contains(">8<"), "\(html)")
    }
}
