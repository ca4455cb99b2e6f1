import CareKit
import CareKitHTTP
import CareKitStore
import CareKitUI
import Foundation

// The standard tabs: the Care Card, the Symptom Tracker, Insights and Connect.

/// A holder that keeps a delegate alive as long as the page that uses it weakly.
final class _Retained<Value: Sendable>: Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

extension OCKWebTab {

    /// A daily page of tasks (the Care Card and the Symptom Tracker are two of them).
    public static func dailyTasks(
        path: String, title: String, emptyMessage: String, showsCareTeamNotes: Bool = false,
        delegate: @escaping @Sendable () -> any OCKDailyTasksPageViewControllerDelegate
    ) -> OCKWebTab {
        OCKWebTab(path: path, title: title) { context in
            let page = OCKDailyTasksPageViewController(store: context.store, date: context.date, today: context.today, calendar: context.calendar)
            let strongDelegate = _Retained(delegate())
            page.tasksDelegate = strongDelegate.value
            page.actions = context.actions
            page.formatter = context.formatter
            page.emptyMessage = loc(emptyMessage)
            page.cardCache = context.cardCache
            try await page.load(live: false)
            // The way to the plan editor, below the day's cards (not for those who only read).
            let add =
                context.isReadOnly
                ? HTMLNode.empty
                : HTMLNode.element(
                    "p", [.class("ck-plan-add")],
                    [
                        .element(
                            "a", [.class("ock-button ock-secondary-link"), HTMLAttribute("href", OCKWebRoute.newTask.path(query: [("return", context.returnPath)]))],
                            [.text(loc("Add a medication or task"))])
                    ])
            let pager = _WeekPager(route: context.route, date: context.date, today: context.today, calendar: context.calendar, prefix: context.pathPrefix).node
            let isShowingToday = context.calendar.isDate(context.date, inSameDayAs: context.today)
            let isToday = !context.isReadOnly && isShowingToday
            let reminders = isToday ? _Reminders(events: page.events, now: context.today, formatter: context.formatter).node : nil
            let notes = showsCareTeamNotes ? try await _CareTeamNotes.card(store: context.store, taskIDs: page.events.map(\.task.id)) : .empty
            var built = OCKWebPage(
                title: loc(title), subtitle: context.formatter.longDay(context.date),
                // The reminders' button after the cards: one stop fewer between the tabs and the tasks.
                content: { withExtendedLifetime(strongDelegate) { [pager, notes] + Self.markingTasks(page.render()) + (reminders.map { [$0] } ?? []) + [add] } },
                stop: { page.stopSynchronizing() })
            built.skipLinks = [OCKWebSkipLink(title: isShowingToday ? loc("Skip to today's tasks") : loc("Skip to this day's tasks"), anchor: tasksAnchor)]
            return built
        }
    }

    /// The id of a daily page's cards (or of what it says when it has none), where its skip link leads.
    static let tasksAnchor = "ck-tasks"

    /// The daily page's calendar and cards, the cards (the last node) with ``tasksAnchor``.
    static func markingTasks(_ nodes: [HTMLNode]) -> [HTMLNode] {
        guard var tasks = nodes.last?.element else { return nodes }
        tasks.setAttribute("id", tasksAnchor)
        tasks.setAttribute("tabindex", "-1")
        return nodes.dropLast() + [.element(tasks)]
    }

    /// The Care Card: today's interventions, the week's completion rings, and the care team's notes on the day's tasks.
    public static func careCard(title: String? = nil, delegate: @escaping @Sendable () -> any OCKDailyTasksPageViewControllerDelegate = { OCKCareCardTasksDelegate() }) -> OCKWebTab {
        dailyTasks(
            path: "care-card", title: title ?? loc.key("Care Card"), emptyMessage: loc.key("Nothing to do on this day."), showsCareTeamNotes: true, delegate: delegate)
    }

    /// The Symptom and Measurement Tracker: the day's assessments with their surveys.
    public static func symptomTracker(title: String? = nil, delegate: @escaping @Sendable () -> any OCKDailyTasksPageViewControllerDelegate = { OCKSymptomTrackerTasksDelegate() })
        -> OCKWebTab
    {
        dailyTasks(path: "symptoms", title: title ?? loc.key("Symptom Tracker"), emptyMessage: loc.key("No assessments on this day."), delegate: delegate)
    }

    /// Connect: the care team and friends & family.
    public static func connect(title: String? = nil) -> OCKWebTab {
        let title = title ?? loc.key("Connect")
        return OCKWebTab(path: "connect", title: title) { context in
            let controller = OCKContactsListViewController(store: context.store, query: OCKContactQuery(for: context.today, calendar: context.calendar))
            controller.synchronizesAutomatically = false
            controller.prime(with: try await context.store.fetchAnyContacts(query: controller.query).map(OCKAnyContactBox.init))
            controller.actions = context.actions
            controller.formatter = context.formatter
            await controller.synchronized()
            // The way to add one, below the list (not for those who only read).
            let add =
                context.isReadOnly
                ? HTMLNode.empty
                : HTMLNode.element(
                    "p", [.class("ck-plan-add")],
                    [.element("a", [.class("ock-button ock-secondary-link ck-add-contact"), HTMLAttribute("href", OCKWebRoute.newContact.path)], [.text(loc("Add a contact"))])])
            return OCKWebPage(
                title: loc(title), subtitle: loc("Your care team, friends and family"),
                content: { [controller.renderNode(), add] }, stop: { controller.stopSynchronizing() })
        }
    }

    /// Insights: charts and messages made by a provider.
    public static func insights(title: String? = nil, provider: any OCKInsightsProvider = OCKStandardInsights()) -> OCKWebTab {
        let title = title ?? loc.key("Insights")
        return OCKWebTab(path: "insights", title: title) { context in
            try await provider.page(title: loc(title), context: context)
        }
    }
}
