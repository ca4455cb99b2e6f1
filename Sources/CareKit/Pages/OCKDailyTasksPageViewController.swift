import CareKitStore
import CareKitUI
import Foundation
import Synchronization

/// A day of a care plan: the week calendar with completion rings, then one card per task with
/// events that day. By default a task that does not count towards adherence gets a button-log
/// card, a task with one event that day a simple card, and any other task a grid card; the
/// delegate can choose another card per task. The cards follow the store; when tasks are
/// added or removed the page rebuilds its cards.
open class OCKDailyTasksPageViewController: @unchecked Sendable {
    /// The store shown.
    public let store: any OCKAnyStoreProtocol
    /// The day shown.
    public let date: Date
    /// Today, for the calendar.
    public let today: Date
    /// The calendar of days and weeks.
    public let calendar: Calendar
    /// How an event's progress counts in the rings.
    public let computeProgress: @Sendable (OCKAnyEvent) -> any CareTaskProgress
    /// Whether the rings use the default (binary) progress, which the store reads without the
    /// outcomes' values.
    private let usesDefaultProgress: Bool
    /// What the page says when it has no cards.
    open var emptyMessage = loc("No tasks for this day.")

    private let lock = NSRecursiveLock()
    private weak var _delegate: (any OCKDailyTasksPageViewControllerDelegate)?
    private var _actions: (any OCKActionProvider)?
    private var _formatter: OCKEventFormatter
    private var _taskViewControllers: [any OCKAnyTaskViewController] = []
    private var _taskIDs: [String] = []
    /// Per card, in page order: its key in the card cache and its kept markup, if found.
    private var _cards: [(key: _CardKey?, html: String?)] = []
    /// The week calendar's key in the card cache and its kept markup, if found.
    private var _calendarCard: (key: _CardKey?, html: String?) = (nil, nil)
    private var _cardCache: OCKCardCache?
    private var _events: [OCKAnyEvent] = []
    private var watcher: Task<Void, Never>?
    private let broadcast = _UpdateBroadcast()

    /// The week calendar above the cards.
    public let weekCalendar: OCKWeekCalendarViewController

    public init(
        store: any OCKAnyStoreProtocol, date: Date, today: Date, calendar: Calendar,
        computeProgress: (@Sendable (OCKAnyEvent) -> any CareTaskProgress)? = nil
    ) {
        self.store = store
        self.date = date
        self.today = today
        self.calendar = calendar
        self.usesDefaultProgress = computeProgress == nil
        let progress = computeProgress ?? { BinaryCareTaskProgress(isCompleted: $0.outcome != nil) }
        self.computeProgress = progress
        self._formatter = OCKEventFormatter(calendar: calendar)
        weekCalendar = OCKWeekCalendarViewController(weekOfDate: date, selectedDate: date, today: today, store: store, calendar: calendar, computeProgress: progress)
        weekCalendar.formatter = _formatter
    }

    deinit { watcher?.cancel() }

    /// Chooses cards and tasks (held weakly).
    public var tasksDelegate: (any OCKDailyTasksPageViewControllerDelegate)? {
        get { lock.withLock { _delegate } }
        set { lock.withLock { _delegate = newValue } }
    }

    /// Where buttons lead, for the calendar and every card.
    public var actions: (any OCKActionProvider)? {
        get { lock.withLock { _actions } }
        set {
            lock.withLock {
                _actions = newValue
                weekCalendar.actions = newValue
                for controller in _taskViewControllers { controller.actions = newValue }
            }
        }
    }

    /// How text is formatted on every card.
    public var formatter: OCKEventFormatter {
        get { lock.withLock { _formatter } }
        set {
            lock.withLock {
                _formatter = newValue
                weekCalendar.formatter = newValue
                for controller in _taskViewControllers { controller.formatter = newValue }
            }
        }
    }

    /// Where a snapshot page (``load(live:)`` with `live: false`) keeps its cards between
    /// renders: cards found there are not built again (see ``OCKCardCache`` for what a card is
    /// found by). Only cards made with actions that give an ``OCKActionProvider/cardCacheKey``
    /// are kept. Nil (the default): every card is built.
    public var cardCache: OCKCardCache? {
        get { lock.withLock { _cardCache } }
        set { lock.withLock { _cardCache = newValue } }
    }

    /// The day's events of the tasks shown, as last read (for reminders), in order of start.
    public var events: [OCKAnyEvent] { lock.withLock { _events } }

    /// The cards, in page order.
    public var taskViewControllers: [any OCKAnyTaskViewController] { lock.withLock { _taskViewControllers } }

    /// The query for the day's events.
    public var eventQuery: OCKEventQuery { OCKEventQuery(dateInterval: DateInterval.ockDay(containing: date, calendar: calendar)) }

    /// Builds the cards from the day's events and the calendar from the week's: with the
    /// default progress the week is read only as whether an outcome records each event,
    /// together with the day's whole events
    /// (``OCKAnyReadOnlyEventStore/fetchAnyEvents(query:completionsOf:)``), else whole. With `live`, the cards and the calendar then follow the store, and the set of
    /// cards follows the day's tasks; without it the page is a snapshot that makes no further
    /// reads (a page served once).
    open func load(live: Bool = true) async throws {
        try await rebuild(live: live)
        if live { startWatchingTasks() }
    }

    private func rebuild(live: Bool) async throws {
        // The day's query, computed once (each computation is calendar arithmetic).
        let dayQuery = eventQuery
        let day = dayQuery.dateInterval
        let weekQuery = OCKEventQuery(dateInterval: weekCalendar.week)
        let events: [OCKAnyEvent]
        let weekProgress: [OCKDayProgress]
        if usesDefaultProgress {
            let (dayEvents, completions) = try await store.fetchAnyEvents(query: dayQuery, completionsOf: weekQuery)
            events = dayEvents
            weekProgress = OCKDayProgress.days(in: weekCalendar.week, completions: completions, calendar: calendar)
        } else {
            let weekEvents = try await store.fetchAnyEvents(query: weekQuery)
            events = weekEvents.filter { $0.scheduleEvent.end >= day.start && $0.scheduleEvent.start < day.end }
            weekProgress = OCKDayProgress.days(in: weekCalendar.week, events: weekEvents, calendar: calendar, computeProgress: computeProgress)
        }
        var byTask: [String: [OCKAnyEvent]] = [:]
        for event in events { byTask[event.task.id, default: []].append(event) }
        // Cards in the order of their first event; tasks starting together by title, then id.
        // The keys are made once per task, not twice per comparison (each made a lookup and
        // copied an event).
        let order = byTask.map { id, list in (start: list.first?.scheduleEvent.start ?? .distantPast, title: list.first?.task.title ?? "", id: id) }
            .sorted { ($0.start, $0.title, $0.id) < ($1.start, $1.title, $1.id) }.map(\.id)
        let delegate = tasksDelegate
        // A snapshot's cards are looked up by what they show, read just now.
        let (cache, actions, pageKey) = lock.withLock { () -> (OCKCardCache?, (any OCKActionProvider)?, _CardKey.Page?) in
            guard !live, let cache = _cardCache, let key = _CardKey.page(actions: _actions, formatter: _formatter) else { return (nil, nil, nil) }
            return (cache, _actions, key)
        }
        var controllers: [any OCKAnyTaskViewController] = []
        var cards: [(key: _CardKey?, html: String?)] = []
        var shownIDs: [String] = []
        for id in order {
            guard let taskEvents = byTask[id], let task = taskEvents.first?.task else { continue }
            if let delegate, !delegate.dailyTasksPageViewController(self, shouldShowTask: task) { continue }
            var taskQuery = dayQuery
            taskQuery.taskIDs = [id]
            let controller =
                delegate?.dailyTasksPageViewController(self, viewControllerForTask: task, events: taskEvents, eventQuery: taskQuery)
                ?? defaultViewController(for: task, events: taskEvents, eventQuery: taskQuery)
            controller.synchronizesAutomatically = live
            (controller as? _TaskEventsPriming)?.prime(events: taskEvents, ifQueryIs: taskQuery)
            if let cache, let pageKey, let kind = _CardKind.of(controller, query: taskQuery) {
                let key = _CardKey(page: pageKey, kind: kind, taskID: id, events: taskEvents.map { _CardKey.Event($0, timing: actions?.timing(of: $0)) })
                cards.append((key, cache.html(for: key)))
            } else {
                cards.append((nil, nil))
            }
            controllers.append(controller)
            shownIDs.append(id)
        }
        lock.withLock {
            for controller in controllers {
                controller.actions = _actions
                controller.formatter = _formatter
            }
        }
        weekCalendar.synchronizesAutomatically = live
        weekCalendar.prime(with: weekProgress)
        var calendarCard: (key: _CardKey?, html: String?) = (nil, nil)
        if let cache, let pageKey, let key = weekCalendar.cardKey(page: pageKey, days: weekProgress, calendar: calendar) {
            calendarCard = (key, cache.html(for: key))
        }
        // A card found in the cache needs no view.
        for (controller, card) in zip(controllers, cards) where card.html == nil { await controller.synchronized() }
        let replaced = lock.withLock { () -> [any OCKAnyTaskViewController] in
            let old = _taskViewControllers
            _taskViewControllers = controllers
            _cards = cards
            _calendarCard = calendarCard
            _taskIDs = shownIDs
            _events = events.filter { shownIDs.contains($0.task.id) }
            return old
        }
        for controller in replaced { controller.stopSynchronizing() }
        broadcast.signal()
    }

    /// CareKit's default card for a task.
    open func defaultViewController(for task: any OCKAnyTask, events: [OCKAnyEvent], eventQuery: OCKEventQuery) -> any OCKAnyTaskViewController {
        if !task.impactsAdherence { return OCKButtonLogTaskViewController(query: eventQuery, store: store) }
        if events.count == 1 { return OCKSimpleTaskViewController(query: eventQuery, store: store) }
        return OCKGridTaskViewController(query: eventQuery, store: store)
    }

    private func startWatchingTasks() {
        lock.withLock {
            guard watcher == nil else { return }
            var taskQuery = OCKTaskQuery(dateInterval: DateInterval.ockDay(containing: date, calendar: calendar))
            taskQuery.excludesTasksWithNoEvents = true
            let tasks = store.anyTasks(matching: taskQuery)
            watcher = Task { [weak self] in
                do {
                    for try await list in tasks {
                        guard let self else { return }
                        let wanted = Set(list.filter { self.isShown($0) }.map(\.id))
                        let shown = Set(self.lock.withLock { self._taskIDs })
                        if wanted != shown { try await self.rebuild(live: true) }
                    }
                } catch {}
            }
        }
    }

    private func isShown(_ task: any OCKAnyTask) -> Bool {
        tasksDelegate?.dailyTasksPageViewController(self, shouldShowTask: task) ?? true
    }

    /// Yields after any card or the calendar changed, or the cards were rebuilt.
    public func updates() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let sources = [broadcast.stream(), weekCalendar.updates()] + taskViewControllers.map { $0.updates() }
        let relays = sources.map { source in
            Task {
                for await _ in source { continuation.yield() }
            }
        }
        continuation.onTermination = { _ in relays.forEach { $0.cancel() } }
        return stream
    }

    /// The calendar and the cards, as nodes.
    open func render() -> [HTMLNode] {
        let (ids, controllers, kept, cache, calendarCard) = lock.withLock { (_taskIDs, _taskViewControllers, _cards, _cardCache, _calendarCard) }
        // Each card carries an id (``cardAnchor(forTaskID:)``): a form can return to it.
        let cards = controllers.enumerated().map { index, controller -> HTMLNode in
            let card: (key: _CardKey?, html: String?) = kept.indices.contains(index) ? kept[index] : (nil, nil)
            // Markup the cache rendered from these nodes before (escaped then).
            if let html = card.html { return .unsafeRawHTML(html) }
            var node = controller.renderNode()
            if ids.indices.contains(index), var element = node.element {
                element.setAttribute("id", Self.cardAnchor(forTaskID: ids[index]))
                node = .element(element)
            }
            guard let key = card.key, let cache else { return node }
            let html = node.render(.compact)
            cache.store(html, for: key)
            return .unsafeRawHTML(html)
        }
        let content: HTMLNode =
            cards.isEmpty
            ? .element("p", [.class("ock-empty-page")], [.text(emptyMessage)])
            : .element("div", [.class("ock-card-list")], cards)
        var week: HTMLNode
        if let html = calendarCard.html {
            week = .unsafeRawHTML(html)
        } else {
            week = weekCalendar.renderNode()
            if let key = calendarCard.key, let cache {
                let html = week.render(.compact)
                cache.store(html, for: key)
                week = .unsafeRawHTML(html)
            }
        }
        return [week, content]
    }

    /// The id of a task's card on the page ("task-limber-up"): letters, digits and dashes, so
    /// it is safe in a URL's fragment.
    public static func cardAnchor(forTaskID id: String) -> String {
        "task-" + OCKTaskPlan.slug(id, fallback: "card")
    }

    /// Stops following the store.
    open func stopSynchronizing() {
        lock.withLock {
            watcher?.cancel()
            watcher = nil
            weekCalendar.stopSynchronizing()
            for controller in _taskViewControllers { controller.stopSynchronizing() }
        }
    }
}

/// Task controllers that can show events read by someone else (the page reads them once for
/// every card).
protocol _TaskEventsPriming {
    func prime(events: [OCKAnyEvent], ifQueryIs query: OCKEventQuery)
}

extension OCKTaskViewController: _TaskEventsPriming {
    func prime(events: [OCKAnyEvent], ifQueryIs query: OCKEventQuery) {
        // A card a delegate made for other events reads its own.
        guard self.query == query else { return }
        prime(with: OCKTaskEvents(events: events))
    }
}
