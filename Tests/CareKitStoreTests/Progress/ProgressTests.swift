import CareKitStore
import Foundation
import Testing

@Suite("Progress")
struct ProgressTests {

    @Test("Binary progress is 0 or 1")
    func binary() {
        #expect(BinaryCareTaskProgress(isCompleted: true).fractionCompleted == 1)
        #expect(BinaryCareTaskProgress(isCompleted: false).fractionCompleted == 0)
        #expect(BinaryCareTaskProgress(isCompleted: true).isCompleted)
        #expect(!BinaryCareTaskProgress(isCompleted: false).isCompleted)
    }

    struct LinearCase: CustomTestStringConvertible, Sendable {
        let value: Double
        let goal: Double?
        let fraction: Double
        var testDescription: String { "\(value) of \(goal.map { "\($0)" } ?? "nil")" }
    }

    @Test(
        "Linear progress: value over goal, capped at 1; no goal means any positive value; goal 0 is always complete",
        arguments: [
            LinearCase(value: 3, goal: 8, fraction: 0.375),
            LinearCase(value: 8, goal: 8, fraction: 1),
            LinearCase(value: 12, goal: 8, fraction: 1),
            LinearCase(value: 0, goal: 8, fraction: 0),
            LinearCase(value: 0, goal: nil, fraction: 0),
            LinearCase(value: 0.5, goal: nil, fraction: 1),
            LinearCase(value: 0, goal: 0, fraction: 1),
            LinearCase(value: 5, goal: 0, fraction: 1),
            // Negative values clamp to 0 instead of trapping (CareKit has a precondition).
            LinearCase(value: -3, goal: 8, fraction: 0),
            LinearCase(value: -3, goal: nil, fraction: 0),
            // A negative goal counts as 0: always complete.
            LinearCase(value: 0, goal: -2, fraction: 1),
            LinearCase(value: .nan, goal: 8, fraction: 0),
            LinearCase(value: 4, goal: .nan, fraction: 1),
            LinearCase(value: .infinity, goal: 8, fraction: 1)
        ])
    func linear(_ linearCase: LinearCase) {
        let progress = LinearCareTaskProgress(value: linearCase.value, goal: linearCase.goal)
        #expect(progress.fractionCompleted == linearCase.fraction)
        #expect(progress.isCompleted == (linearCase.fraction >= 1))
    }

    @Test("Aggregated progress is the mean of the clamped parts; no parts count as complete")
    func aggregated() {
        let parts: [any CareTaskProgress] = [
            BinaryCareTaskProgress(isCompleted: true),
            LinearCareTaskProgress(value: 1, goal: 4),
            BinaryCareTaskProgress(isCompleted: false),
            LinearCareTaskProgress(value: 10, goal: 4)
        ]
        #expect(AggregatedCareTaskProgress(combining: parts).fractionCompleted == 2.25 / 4)
        #expect(AggregatedCareTaskProgress(combining: []).fractionCompleted == 1)
        #expect(AggregatedCareTaskProgress(combining: []).isCompleted)
        #expect(!AggregatedCareTaskProgress(combining: parts).isCompleted)
    }

    struct OutOfRange: CareTaskProgress {
        let fractionCompleted: Double
    }

    @Test("A custom progress outside 0…1 is clamped when combined, and NaN counts as 0")
    func customOutOfRange() {
        #expect(OutOfRange(fractionCompleted: 7).clampedFractionCompleted == 1)
        #expect(OutOfRange(fractionCompleted: -7).clampedFractionCompleted == 0)
        #expect(OutOfRange(fractionCompleted: .nan).clampedFractionCompleted == 0)
        #expect(!OutOfRange(fractionCompleted: .nan).isCompleted)
        let combined = AggregatedCareTaskProgress(combining: [OutOfRange(fractionCompleted: 7), OutOfRange(fractionCompleted: -7), OutOfRange(fractionCompleted: .nan)])
        #expect(combined.fractionCompleted == 1.0 / 3)
    }

    @Test("checkingOutcomeExists completes an event once it has an outcome, even an empty one")
    func checkingOutcomeExists() throws {
        let task = makeTask(schedule: dailyAtEight)
        let without = try #require(anyEvent(task, occurrence: 0))
        let withEmpty = try #require(anyEvent(task, occurrence: 0, outcome: makeOutcome(occurrence: 0, values: [])))
        #expect(without.computeProgress(by: .checkingOutcomeExists).isCompleted == false)
        #expect(withEmpty.computeProgress(by: .checkingOutcomeExists).isCompleted)
        #expect(withEmpty.computeProgress().fractionCompleted == 1)
        let typed = try #require(withEmpty.prettified(task: OCKTask.self, outcome: OCKOutcome.self))
        #expect(typed.computeProgress().isCompleted)
    }

    /// A task whose one element targets the given values.
    func task(targets: [OCKOutcomeValue]) -> OCKTask {
        makeTask(
            schedule: OCKSchedule(composing: [
                element("2025-06-02 08:00", in: newYork, every: DateComponents(day: 1), targetValues: targets)
            ]))
    }

    struct SumCase: CustomTestStringConvertible, Sendable {
        let name: String
        let values: [OCKOutcomeValue]?
        let targets: [OCKOutcomeValue]
        let value: Double
        let goal: Double?
        let fraction: Double
        var testDescription: String { name }
    }

    @Test(
        "summingOutcomeValues sums numbers as themselves and every other value as 1",
        arguments: [
            SumCase(name: "no outcome, no targets", values: nil, targets: [], value: 0, goal: nil, fraction: 0),
            SumCase(name: "integer and double against a target", values: [value(2), value(1.5)], targets: [value(7)], value: 3.5, goal: 7, fraction: 0.5),
            SumCase(
                name: "mixed types count 1 each", values: [value(true), value("fine"), value(Data([1, 2])), value(referenceDate(0))], targets: [value(2), value(2.0)], value: 4, goal: 4, fraction: 1),
            SumCase(name: "false still counts 1", values: [value(false)], targets: [value(2)], value: 1, goal: 2, fraction: 0.5),
            SumCase(name: "targets of other types count 1 each", values: [value(1)], targets: [value(true), value("done")], value: 1, goal: 2, fraction: 0.5),
            SumCase(name: "no targets: any positive sum completes", values: [value(0.1)], targets: [], value: 0.1, goal: nil, fraction: 1),
            SumCase(name: "a negative correction clamps instead of trapping", values: [value(2), value(-5)], targets: [value(4)], value: -3, goal: 4, fraction: 0),
            SumCase(name: "a zero target is always complete", values: [], targets: [value(0)], value: 0, goal: 0, fraction: 1),
            SumCase(name: "an infinite double counts 0", values: [value(Double.infinity), value(1)], targets: [value(2)], value: 1, goal: 2, fraction: 0.5)
        ])
    func summingOutcomeValues(_ sumCase: SumCase) throws {
        let task = task(targets: sumCase.targets)
        let outcome = sumCase.values.map { makeOutcome(occurrence: 0, values: $0) }
        let event = try #require(anyEvent(task, occurrence: 0, outcome: outcome))
        let progress = event.computeProgress(by: .summingOutcomeValues)
        #expect(progress.value == sumCase.value)
        #expect(progress.goal == sumCase.goal)
        #expect(progress.fractionCompleted == sumCase.fraction)
    }

    @Test("Aggregating events uses the strategy for each event")
    func aggregatedEvents() throws {
        let task = task(targets: [value(4)])
        let events = [
            try #require(anyEvent(task, occurrence: 0, outcome: makeOutcome(occurrence: 0, values: [value(4)]))),
            try #require(anyEvent(task, occurrence: 1, outcome: makeOutcome(occurrence: 1, values: [value(1)]))),
            try #require(anyEvent(task, occurrence: 2))
        ]
        #expect(AggregatedCareTaskProgress(events: events, by: .summingOutcomeValues).fractionCompleted == 1.25 / 3)
        #expect(AggregatedCareTaskProgress(events: events, by: .checkingOutcomeExists).fractionCompleted == 2.0 / 3)
    }

    @Test("A custom strategy is used as given")
    func customStrategy() throws {
        let strategy = CareTaskProgressStrategy<LinearCareTaskProgress> { event in
            LinearCareTaskProgress(value: Double(event.scheduleEvent.occurrence), goal: 10)
        }
        let event = try #require(anyEvent(makeTask(schedule: dailyAtEight), occurrence: 4))
        #expect(event.computeProgress(by: strategy).fractionCompleted == 0.4)
    }

    @Test("Adherence reports its fraction only for progress")
    func adherence() {
        #expect(OCKAdherence.progress(0.5).fractionCompleted == 0.5)
        #expect(OCKAdherence.noTasks.fractionCompleted == nil)
        #expect(OCKAdherence.noEvents.fractionCompleted == nil)
    }
}
