import CareKit
import CareKitHTTP
import CareKitStore
import CareKitUI
import Foundation

/// A care app for the browser: a title, a tint, and tabs (Care Card, Symptom Tracker,
/// Insights, Connect, or your own). `CareKitWebServer` serves it.
public struct OCKWebApplication: Sendable {
    /// The app's name, shown in the header and the window title.
    public var title: String
    /// The tint of buttons, rings and links.
    public var tintColor: OCKColor?
    /// The tabs, in order; the first is the home page.
    public var tabs: [OCKWebTab]
    /// What a care team receives from "Send report" (nil: no report button).
    public var report: (any OCKReportProvider)?

    public init(title: String, tintColor: OCKColor? = nil, tabs: [OCKWebTab], report: (any OCKReportProvider)? = nil) {
        self.title = title
        self.tintColor = tintColor
        self.tabs = tabs
        self.report = report
    }

    /// The four modules of a CareKit app with their default cards.
    public static func standard(title: String = "CareKit") -> OCKWebApplication {
        OCKWebApplication(
            title: title,
            tabs: [
                .careCard(), .symptomTracker(), .insights(), .connect()
            ], report: OCKStandardReport())
    }
}

/// One section of the app.
public struct OCKWebTab: Sendable {
    /// The URL path of the tab, without the slash ("care-card").
    public var path: String
    /// The tab's title.
    public var title: String
    /// Builds the tab's page for a request.
    public var makePage: @Sendable (OCKWebPageContext) async throws -> OCKWebPage

    public init(path: String, title: String, makePage: @escaping @Sendable (OCKWebPageContext) async throws -> OCKWebPage) {
        self.path = path
        self.title = title
        self.makePage = makePage
    }
}

/// What a page is built from.
public struct OCKWebPageContext: Sendable {
    /// The store: an `OCKStore`, a coordinator, or a custom store.
    public let store: any OCKAnyStoreProtocol & OCKObservableStore
    /// The request.
    public let request: HTTPRequest
    /// The page's own address (`.tab(path)`), for forms that show it again with other fields.
    public let route: OCKWebRoute
    /// The day the page shows (`?date=YYYY-MM-DD`, else today).
    public let date: Date
    /// Today.
    public let today: Date
    /// The app's calendar (and time zone).
    public let calendar: Calendar
    /// Formats text for the cards.
    public let formatter: OCKEventFormatter
    /// Where card buttons lead.
    public let actions: any OCKActionProvider
    /// The CSRF token of this browser, for forms a page builds itself.
    public let csrfToken: String
    /// The path of the page (with its query), to return to after a form.
    public let returnPath: String
    /// The app.
    public let application: OCKWebApplication
    /// What the page's own links start with before its route (empty in the app; a care team's
    /// dashboard serves the tabs under `/team/patients/{id}`).
    public let pathPrefix: String
    /// Whether the page is read by someone who may not change it (a care team's dashboard): no
    /// way to the plan editor, no reminders, every card's control disabled.
    public let isReadOnly: Bool
    /// Where the daily pages keep their cards between renders (nil: every card is built).
    public var cardCache: OCKCardCache?

    /// A context for building a tab's page.
    public init(
        store: any OCKAnyStoreProtocol & OCKObservableStore, request: HTTPRequest, route: OCKWebRoute, date: Date, today: Date,
        calendar: Calendar, formatter: OCKEventFormatter, actions: any OCKActionProvider, csrfToken: String, returnPath: String,
        application: OCKWebApplication, pathPrefix: String = "", isReadOnly: Bool = false
    ) {
        self.store = store
        self.request = request
        self.route = route
        self.date = date
        self.today = today
        self.calendar = calendar
        self.formatter = formatter
        self.actions = actions
        self.csrfToken = csrfToken
        self.returnPath = returnPath
        self.application = application
        self.pathPrefix = pathPrefix
        self.isReadOnly = isReadOnly
    }

    /// The page's own address with a query, under ``pathPrefix``.
    public func pagePath(query: [(String, String)] = []) -> String {
        pathPrefix + route.path(query: query)
    }
}

/// A built page: its heading, its content, and what to stop once it is rendered. Pages are
/// rendered once per request (and kept until the store changes); the browser follows the store
/// through ``OCKWebRoute/liveChanges`` and fetches the page again.
public struct OCKWebPage: Sendable {
    public var title: String
    public var subtitle: String?
    public var content: @Sendable () -> [HTMLNode]
    public var stop: @Sendable () -> Void
    /// Links before the page's header to parts of its content (the daily pages' tasks), first.
    public var skipLinks: [OCKWebSkipLink] = []

    public init(
        title: String, subtitle: String? = nil, content: @escaping @Sendable () -> [HTMLNode],
        stop: @escaping @Sendable () -> Void = {}
    ) {
        self.title = title
        self.subtitle = subtitle
        self.content = content
        self.stop = stop
    }

    /// A page of views that do not change.
    public static func views(title: String, subtitle: String? = nil, _ views: [OCKView]) -> OCKWebPage {
        let nodes = views.map { $0.render(standalone: true) }
        return OCKWebPage(title: title, subtitle: subtitle, content: { nodes })
    }
}

// MARK: - The standard tabs

/// Shows tasks without a survey (interventions) with CareKit's default cards.
public final class OCKCareCardTasksDelegate: OCKDailyTasksPageViewControllerDelegate {
    public init() {}

    public func dailyTasksPageViewController(_ viewController: OCKDailyTasksPageViewController, shouldShowTask task: any OCKAnyTask) -> Bool {
        (task as? OCKTask)?.survey == nil
    }
}

/// Shows tasks with a survey (assessments) as survey cards.
public final class OCKSymptomTrackerTasksDelegate: OCKDailyTasksPageViewControllerDelegate {
    public init() {}

    public func dailyTasksPageViewController(_ viewController: OCKDailyTasksPageViewController, shouldShowTask task: any OCKAnyTask) -> Bool {
        (task as? OCKTask)?.survey != nil
    }

    public func dailyTasksPageViewController(
        _ viewController: OCKDailyTasksPageViewController, viewControllerForTask task: any OCKAnyTask,
        events: [OCKAnyEvent], eventQuery: OCKEventQuery
    ) -> (any OCKAnyTaskViewController)? {
        OCKSurveyTaskViewController(query: eventQuery, store: viewController.store)
    }
}

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
