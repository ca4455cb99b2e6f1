import CareKit
import CareKitStore
import CareKitTestSupport
import CareKitUI
import Foundation
import Testing

@testable import CareKitWeb

/// The seed README's custom synchronizer, unchanged but for UIKit.
class CustomSimpleTaskViewSynchronizer: OCKSimpleTaskViewSynchronizer, @unchecked Sendable {
    override func makeView() -> OCKSimpleTaskView {
        let view = super.makeView()
        view.headerView.detailLabel.text = "customized"
        return view
    }

    override func updateView(_ view: OCKSimpleTaskView, context: OCKSynchronizationContext<OCKTaskEvents>) {
        super.updateView(view, context: context)
        view.additionalClasses = ["custom-card"]
    }
}

/// The seed README's custom view synchronizer, with our button type for UIButton.
class TaskButtonViewSynchronizer: ViewSynchronizing {
    func makeView() -> OCKButton {
        OCKButton(title: nil)
    }

    func updateView(_ view: OCKButton, context: OCKSynchronizationContext<OCKAnyEvent?>) {
        let event = context.viewModel
        view.label.text = event?.task.title
        view.isSelected = event?.outcome != nil
    }
}

@Suite("Synchronized view controllers")
struct SynchronizerTests {
    typealias W = WebTestSupport

    func store() async throws -> OCKStore {
        let (store, _) = try await W.makeServer()
        return store
    }

    @Test func theReadmesCustomViewFollowsTheStore() async throws {
        let store = try await store()
        var query = OCKEventQuery(for: W.now, calendar: W.calendar)
        query.taskIDs = ["pulse"]
        let events = store.anyEvents(matching: query).map { $0.first }
        let viewController = SynchronizedViewController(initialViewModel: nil, viewModels: events, viewSynchronizer: TaskButtonViewSynchronizer())
        await viewController.synchronized()
        #expect(viewController.withView { $0.label.text } == "Pulse")
        #expect(viewController.withView { $0.isSelected } == false)
        let pulse = try await W.todaysEvent(store, task: "pulse")
        try await store.setCompleted(true, for: pulse.anyEvent, now: W.now)
        #expect(await eventually { viewController.withView { $0.isSelected } })
        #expect(viewController.renderHTML().contains("aria-pressed=\"true\""))
    }

    @Test func theReadmesCustomSynchronizerIsUsed() async throws {
        let store = try await store()
        var query = OCKEventQuery(for: W.now, calendar: W.calendar)
        query.taskIDs = ["Doxylamine", "pulse"]
        let viewController = OCKSimpleTaskViewController(query: query, store: store, viewSynchronizer: CustomSimpleTaskViewSynchronizer())
        await viewController.synchronized()
        let html = viewController.renderHTML()
        #expect(html.contains("custom-card"))
        #expect(html.contains("Pulse"))
    }

    @Test func aSimpleCardTogglesThroughItsController() async throws {
        let store = try await store()
        let controller = OCKSimpleTaskViewController(taskID: "pulse", eventQuery: OCKEventQuery(for: W.now, calendar: W.calendar), store: store)
        await controller.synchronized()
        #expect(controller.withView { $0.completionButton.isSelected } == false)
        try await controller.setEvent(atSection: 0, row: 0, completed: true)
        #expect(await eventually { controller.withView { $0.completionButton.isSelected } })
        try await controller.setEvent(atSection: 0, row: 0, completed: false)
        #expect(await eventually { !controller.withView { $0.completionButton.isSelected } })
    }

    @Test func theDailyPageChoosesCareKitsDefaultCards() async throws {
        let store = try await store()
        var optional = OCKTask(
            id: "snack", title: "Brain snack", carePlanUUID: nil,
            schedule: .dailyAtTime(hour: 12, minutes: 0, start: W.date("2026-11-20"), end: nil, text: nil, calendar: W.calendar))
        optional.impactsAdherence = false
        try await store.addTask(optional)
        try await store.addTask(
            OCKTask(
                id: "vitamin", title: "Vitamin C", carePlanUUID: nil,
                schedule: .dailyAtTime(hour: 8, minutes: 0, start: W.date("2026-11-20"), end: nil, text: nil, calendar: W.calendar)))
        let page = OCKDailyTasksPageViewController(store: store, date: W.now, today: W.now, calendar: W.calendar)
        try await page.load()
        let kinds = page.taskViewControllers.map { String(describing: type(of: $0)) }
        // Limber Up (6 events), Cardio (2) and Target Practice (2) are grids, the vitamin (1) a
        // simple card; the optional snack and the pulse and temperature (assessments, which do
        // not impact adherence in ZombieKit) button logs.
        #expect(kinds.filter { $0 == "OCKGridTaskViewController" }.count == 3)
        #expect(kinds.filter { $0 == "OCKSimpleTaskViewController" }.count == 1)
        #expect(kinds.filter { $0 == "OCKButtonLogTaskViewController" }.count == 3)
        page.stopSynchronizing()
    }

    @Test func thePageRebuildsWhenATaskIsAdded() async throws {
        let store = try await store()
        let page = OCKDailyTasksPageViewController(store: store, date: W.now, today: W.now, calendar: W.calendar)
        try await page.load()
        let before = page.taskViewControllers.count
        try await store.addTask(
            OCKTask(
                id: "new", title: "Hide", carePlanUUID: nil,
                schedule: .dailyAtTime(hour: 20, minutes: 0, start: W.date("2026-11-20"), end: nil, text: nil, calendar: W.calendar)))
        #expect(await eventually { page.taskViewControllers.count == before + 1 })
        page.stopSynchronizing()
    }

    @Test func aDayWithoutTasksSaysSo() async throws {
        let store = OCKStore(name: "empty", type: .inMemory)
        let page = OCKDailyTasksPageViewController(store: store, date: W.now, today: W.now, calendar: W.calendar)
        try await page.load()
        let html = page.render().map { $0.render(.compact) }.joined()
        #expect(html.contains("No tasks for this day."))
    }

    /// With the default progress the page reads the week only as which events have an
    /// outcome; its rings and cards must be the ones it draws from whole events.
    @Test func theDefaultRingsAreTheRingsOfWholeEvents() async throws {
        let store = try await store()
        func page(_ progress: (@Sendable (OCKAnyEvent) -> any CareTaskProgress)?) async throws -> OCKDailyTasksPageViewController {
            let page = OCKDailyTasksPageViewController(store: store, date: W.now, today: W.now, calendar: W.calendar, computeProgress: progress)
            try await page.load(live: false)
            return page
        }
        // Every third past event of the week done, and one of those undone again.
        let week = try await page(nil).weekCalendar.week
        let past = try await store.fetchEvents(query: OCKEventQuery(dateInterval: week)).filter { $0.scheduleEvent.start < W.now }
        let done = past.enumerated().filter { $0.offset % 3 == 0 }.map { _, event in
            OCKOutcome(
                taskUUID: event.task.uuid, taskOccurrenceIndex: event.scheduleEvent.occurrence,
                values: [OCKOutcomeValue(true, units: nil, kind: nil, createdDate: W.now)])
        }
        let added = try await store.addOutcomes(done)
        try await store.deleteOutcome(try #require(added.first))

        let cheap = try await page(nil)
        let whole = try await page { BinaryCareTaskProgress(isCompleted: $0.outcome != nil) }
        #expect(cheap.weekCalendar.viewModel == whole.weekCalendar.viewModel)
        #expect(cheap.weekCalendar.viewModel.contains { ($0.fractionCompleted ?? 0) > 0 }, "some day has progress")
        #expect(cheap.render().map { $0.render(.compact) } == whole.render().map { $0.render(.compact) })
    }

    @Test func theWeekCalendarRingsFollowCompletion() async throws {
        let store = try await store()
        let calendar = OCKWeekCalendarViewController(weekOfDate: W.now, selectedDate: W.now, today: W.now, store: store, calendar: W.calendar)
        await calendar.synchronized()
        let today = W.calendar.startOfDay(for: W.now)
        #expect(calendar.withView { $0.completionRing(for: today)?.ring.state } == .zero)
        #expect(calendar.withView { $0.completionRing(for: W.date("2026-11-28"))?.ring.state } == .dimmed)
        let cardio = try await W.todaysEvent(store, task: "cardio")
        try await store.setCompleted(true, for: cardio.anyEvent, now: W.now)
        // 1 of the day's 10 training events (ZombieKit's assessments do not impact adherence).
        #expect(
            await eventually {
                if case .progress(let value)? = calendar.withView({ $0.completionRing(for: today)?.ring.state }) { return abs(value - 1.0 / 10) < 0.001 }
                return false
            })
    }

    @Test func surveysTurnAnswersIntoValues() throws {
        let survey = OCKSurvey(questions: [
            OCKSurveyQuestion(id: "pain", prompt: "Pain", kind: .scale(minimum: 0, maximum: 10, minimumLabel: "none", maximumLabel: "worst")),
            OCKSurveyQuestion(id: "nausea", prompt: "Nausea?", kind: .yesNo),
            OCKSurveyQuestion(
                id: "where", prompt: "Where?",
                kind: .multipleChoice([
                    OCKSurveyChoice(value: "head", text: "Head"), OCKSurveyChoice(value: "arm", text: "Arm")
                ])),
            OCKSurveyQuestion(id: "notes", prompt: "Notes", kind: .text(maximumLength: 20), isOptional: true),
            OCKSurveyQuestion(id: "weight", prompt: "Weight", kind: .number(unit: "kg", minimum: 20, maximum: 300))
        ])
        let values = try survey.outcomeValues(answers: ["pain": ["7"], "nausea": ["no"], "where": ["arm", "head"], "weight": ["72,5"]], createdDate: W.now)
        #expect(values.map(\.kind) == ["pain", "nausea", "where", "weight"])
        #expect(values[0].integerValue == 7)
        #expect(values[1].booleanValue == false)
        #expect(values[2].stringValue == "head; arm", "survey order, whatever the form's order")
        #expect(values[3].doubleValue == 72.5)
        #expect(values[3].units == "kg")
        #expect(survey.answers(from: values)["where"] == ["head", "arm"])
        #expect(throws: OCKSurveyError.self) { try survey.outcomeValues(answers: ["pain": ["11"], "nausea": ["no"], "where": ["arm"], "weight": ["70"]], createdDate: W.now) }
        #expect(throws: OCKSurveyError.self) { try survey.outcomeValues(answers: ["pain": ["3"], "nausea": ["no"], "where": ["leg"], "weight": ["70"]], createdDate: W.now) }
        #expect(throws: OCKSurveyError.self) { try survey.outcomeValues(answers: ["pain": ["3"], "where": ["arm"], "weight": ["70"]], createdDate: W.now) }
        var task = OCKTask(id: "check", title: nil, carePlanUUID: nil, schedule: .dailyAtTime(hour: 8, minutes: 0, start: W.now, end: nil, text: nil, calendar: W.calendar))
        task.survey = survey
        #expect(task.survey == survey, "the survey travels in userInfo")
    }
}
