import CareKitStore
import CareKitUI
import Foundation
import Synchronization

/// Task cards rendered before, kept so that a daily page rendered again does not build the
/// cards whose content did not change (``OCKDailyTasksPageViewController/cardCache``).
///
/// A card is found only under a key made of everything it shows: its kind, each event's task
/// version and occurrence, the event's outcome (its id, its version when the store numbers
/// versions, and its values) and where the event stands now (due now, overdue: asked of the
/// page's actions, which answer by the app's clock), the language, the units, the calendar,
/// time zone and locale, and what the page's actions put in its forms and links
/// (``OCKActionProvider/cardCacheKey``). A write, an undo, another process's write, a new task
/// version, a new day or minute that moves an event's mark, or another language each make a
/// new key, so a kept card never shows old data: the page reads the store on every render and
/// looks its cards up by what it read. Keys no page asks for any more age out, the least
/// recently used first, beyond ``capacity``.
///
/// Only CareKit's own cards with their default synchronizers are kept, and only while nothing
/// else touched their views: a subclass or another synchronizer may show anything.
public final class OCKCardCache: Sendable {
    /// How many cards are kept at most.
    public let capacity: Int
    private let state = Mutex<_State>(_State())

    private struct _State {
        var cards: [_CardKey: (html: String, lastUse: UInt64)] = [:]
        var clock: UInt64 = 0
        var hits = 0
        var misses = 0
    }

    /// A cache of at most `capacity` cards (about 1–3 KB each).
    public init(capacity: Int = 512) {
        self.capacity = max(capacity, 1)
    }

    /// The cards kept now.
    public var count: Int { state.withLock { $0.cards.count } }

    /// The bytes of the cards' markup kept now (their keys add about 200 bytes a card).
    public var markupBytes: Int { state.withLock { $0.cards.values.reduce(0) { $0 + $1.html.utf8.count } } }

    /// Cards found and cards rendered since the cache was made.
    public var statistics: (hits: Int, misses: Int) { state.withLock { ($0.hits, $0.misses) } }

    /// Forgets every card.
    public func removeAll() {
        state.withLock { $0.cards.removeAll() }
    }

    func html(for key: _CardKey) -> String? {
        state.withLock { state in
            state.clock += 1
            guard let found = state.cards[key] else {
                state.misses += 1
                return nil
            }
            state.hits += 1
            state.cards[key] = (found.html, state.clock)
            return found.html
        }
    }

    func store(_ html: String, for key: _CardKey) {
        state.withLock { state in
            state.clock += 1
            if state.cards[key] == nil, state.cards.count >= capacity {
                // The least recently used quarter goes: one sort per capacity / 4 new cards.
                let old = state.cards.sorted { $0.value.lastUse < $1.value.lastUse }.prefix(max(capacity / 4, 1))
                for (key, _) in old { state.cards[key] = nil }
            }
            state.cards[key] = (html, state.clock)
        }
    }
}

/// The kinds of card a cache keeps: CareKit's own, with their default synchronizers.
enum _CardKind: UInt8, Hashable, Sendable {
    case simple, grid, buttonLog, survey
    /// The daily page's week calendar (``OCKWeekCalendarViewController``).
    case weekCalendar

    /// The kind of `controller`, when it is exactly one of CareKit's cards with its default
    /// synchronizer, shows `query`'s events and has not made its view yet; nil otherwise.
    static func of(_ controller: any OCKAnyTaskViewController, query: OCKEventQuery) -> _CardKind? {
        // The exact class first (a comparison, where a cast walks the class's metadata), so a
        // subclass is never taken for CareKit's card.
        let object = controller as AnyObject
        switch ObjectIdentifier(type(of: object)) {
        case ObjectIdentifier(OCKSimpleTaskViewController.self):
            return unsafeDowncast(object, to: OCKSimpleTaskViewController.self).isUntouched(OCKSimpleTaskViewSynchronizer.self, query: query) ? .simple : nil
        case ObjectIdentifier(OCKGridTaskViewController.self):
            return unsafeDowncast(object, to: OCKGridTaskViewController.self).isUntouched(OCKGridTaskViewSynchronizer.self, query: query) ? .grid : nil
        case ObjectIdentifier(OCKButtonLogTaskViewController.self):
            return unsafeDowncast(object, to: OCKButtonLogTaskViewController.self).isUntouched(OCKButtonLogTaskViewSynchronizer.self, query: query) ? .buttonLog : nil
        case ObjectIdentifier(OCKSurveyTaskViewController.self):
            return unsafeDowncast(object, to: OCKSurveyTaskViewController.self).isUntouched(OCKSurveyTaskViewSynchronizer.self, query: query) ? .survey : nil
        default:
            return nil
        }
    }
}

extension OCKWeekCalendarViewController {
    /// The key of this calendar showing `days`, when it is exactly CareKit's with its own
    /// synchronizer and its view has not been made; nil otherwise.
    func cardKey(page: _CardKey.Page, days: [OCKDayProgress], calendar: Calendar) -> _CardKey? {
        let synchronizer = viewSynchronizer
        guard type(of: self) == OCKWeekCalendarViewController.self, type(of: synchronizer) == OCKWeekCalendarViewSynchronizer.self, !isViewLoaded else { return nil }
        return _CardKey(
            page: page, kind: .weekCalendar, taskID: "", events: [], days: days,
            dates: [synchronizer.weekOfDate, synchronizer.selectedDate, calendar.startOfDay(for: synchronizer.today)])
    }
}

extension OCKTaskViewController {
    /// Whether this controller has exactly `Synchronizer`, follows `query`, and its view has not
    /// been made (so nothing customised it).
    fileprivate func isUntouched<Synchronizer>(_: Synchronizer.Type, query: OCKEventQuery) -> Bool {
        type(of: viewSynchronizer) == Synchronizer.self && self.query == query && !isViewLoaded
    }
}

/// What a kept card is found by: everything it shows.
struct _CardKey: Hashable, Sendable {
    /// What every card of a page shares: language, units, calendar, the actions' key.
    let page: Page
    let kind: _CardKind
    /// The task whose card it is (its id makes the card's anchor).
    let taskID: String
    let events: [Event]
    /// The week calendar's days with their progress, and its week, selected day and today.
    var days: [OCKDayProgress] = []
    var dates: [Date] = []

    /// The text of a page's part of the keys, hashed once per page rather than per card.
    struct Page: Hashable, Sendable {
        let text: String
        private let hash: Int

        init(_ text: String) {
            self.text = text
            hash = text.hashValue
        }

        static func == (lhs: Page, rhs: Page) -> Bool { lhs.hash == rhs.hash && lhs.text == rhs.text }
        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }

    struct Event: Hashable, Sendable {
        let task: UUID
        let occurrence: Int
        let outcomeID: String?
        /// The outcome's version, when the store's outcomes have one.
        let outcomeUUID: UUID?
        let values: [OCKOutcomeValue]
        let timing: OCKEventTiming?

        init(_ event: OCKAnyEvent, timing: OCKEventTiming?) {
            task = event.task.uuid
            occurrence = event.scheduleEvent.occurrence
            outcomeID = event.outcome?.id
            outcomeUUID = (event.outcome as? OCKOutcome)?.uuid
            values = event.outcome?.values ?? []
            self.timing = timing
        }
    }

    /// The part of every key of a page made with `actions` and `formatter`, or nil when the
    /// actions do not say what their forms and links depend on (their cards are not kept).
    static func page(actions: (any OCKActionProvider)?, formatter: OCKEventFormatter) -> Page? {
        guard let actions, let key = actions.cardCacheKey else { return nil }
        let calendar = formatter.calendar
        let units = OCKMeasurementUnits.displaySystem.map { "\($0)" } ?? "-"
        let formatterUnits = formatter.measurementSystem.map { "\($0)" } ?? "-"
        let text = [
            OCKLocalization.language.tag, formatter.locale.identifier, "\(calendar.identifier)", calendar.timeZone.identifier,
            calendar.locale?.identifier ?? "-", String(calendar.firstWeekday), String(calendar.minimumDaysInFirstWeek), units, formatterUnits, key
        ].joined(separator: "\u{1F}")
        return Page(text)
    }
}
