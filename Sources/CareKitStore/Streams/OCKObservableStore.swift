import Foundation
import Synchronization

/// What a committed write changed: which kinds of entity and, when the store knows it, which
/// tasks and which stretch of time. Streams use it to skip re-running queries whose answer
/// cannot have moved.
public struct OCKStoreChange: Hashable, Sendable {
    /// The kinds of entity the write added, updated or deleted.
    public var entityTypes: Set<OCKEntity.EntityType>

    /// The ids of the tasks whose versions or outcomes the write touched, when it touched
    /// nothing but tasks and outcomes and the store knows which; nil means any task may have
    /// changed.
    public var taskIDs: Set<String>?

    /// For a write of outcomes only: from the earliest start to the latest end of the events
    /// whose outcomes changed (every version involved). Nil means any time.
    public var eventSpan: DateInterval?

    /// Creates a change record.
    public init(entityTypes: Set<OCKEntity.EntityType>, taskIDs: Set<String>? = nil, eventSpan: DateInterval? = nil) {
        self.entityTypes = entityTypes
        self.taskIDs = taskIDs
        self.eventSpan = eventSpan
    }

    /// A change to every kind of entity (a reset, or a write from another process).
    public static let everything = OCKStoreChange(entityTypes: Set(OCKEntity.EntityType.allCases))

    /// Both changes as one (what a stream sees when it was busy during both).
    public func merged(with other: OCKStoreChange) -> OCKStoreChange {
        var taskIDs: Set<String>?
        if let mine = self.taskIDs, let theirs = other.taskIDs { taskIDs = mine.union(theirs) }
        var span: DateInterval?
        if let mine = eventSpan, let theirs = other.eventSpan {
            span = DateInterval(start: min(mine.start, theirs.start), end: max(mine.end, theirs.end))
        }
        return OCKStoreChange(entityTypes: entityTypes.union(other.entityTypes), taskIDs: taskIDs, eventSpan: span)
    }

    /// Whether the result of a query that reads what `scope` describes may differ after this
    /// change.
    public func mayAffect(_ scope: OCKQueryScope) -> Bool {
        guard !entityTypes.isDisjoint(with: scope.entityTypes) else { return false }
        if let tasks = scope.taskIDs, let changed = taskIDs, entityTypes.isSubset(of: [.task, .outcome]),
            changed.isDisjoint(with: tasks)
        {
            return false
        }
        if let interval = scope.eventInterval, let span = eventSpan, entityTypes == [.outcome] {
            // A query's events are those that end at or after its start and start before its end.
            if span.end < interval.start || span.start >= interval.end { return false }
        }
        return true
    }
}

/// What a query reads, so that changes which cannot affect its result are skipped.
public struct OCKQueryScope: Hashable, Sendable {
    /// The kinds of entity the query reads.
    public var entityTypes: Set<OCKEntity.EntityType>
    /// The only tasks whose things the query can return; nil means any task.
    public var taskIDs: Set<String>?
    /// The query's interval, when it returns only events (or outcomes of events) that end at or
    /// after its start and start before its end; nil means any time.
    public var eventInterval: DateInterval?

    /// Creates a scope.
    public init(entityTypes: Set<OCKEntity.EntityType>, taskIDs: Set<String>? = nil, eventInterval: DateInterval? = nil) {
        self.entityTypes = entityTypes
        self.taskIDs = taskIDs
        self.eventInterval = eventInterval
    }
}

/// A store that says when it changed, so its query streams re-run only after real writes.
/// `OCKStore` and `OCKStoreCoordinator` conform; a custom store can conform by owning an
/// ``OCKStoreChangeNotifier`` and calling ``OCKStoreChangeNotifier/notify(_:)`` after each write.
/// Streams of stores that do not conform re-run their query once a second instead.
public protocol OCKObservableStore: AnyObject, Sendable {
    /// Yields after each committed write. Bursts are coalesced: one element may report several
    /// writes, but no change is ever lost.
    func storeChanges() -> OCKStoreChangeStream

    /// Yields after each committed write that may affect a query reading what `scope`
    /// describes (see ``OCKStoreChange/mayAffect(_:)``); other writes do not even wake the
    /// consumer. The default yields every change, as ``storeChanges()``.
    func storeChanges(affecting scope: OCKQueryScope) -> OCKStoreChangeStream

    /// A number that grows with every change the store announces, by the time the write that
    /// made it returns: what was computed from the store at one count is still right while the
    /// count stays the same (the web app keeps pages until it moves, and tells browsers to
    /// reload when it does). Only its growth means something, not its value.
    ///
    /// The default counts what ``storeChanges()`` reports from the first time it is asked: it
    /// is exact for a store that hands out its ``OCKStoreChangeNotifier``'s
    /// ``OCKStoreChangeNotifier/changes()``, which records a change before `notify` returns
    /// (``OCKStoreChangeNotifier/changeCount`` is the same count). A store whose stream relays
    /// changes later should count them itself, as `OCKStoreCoordinator` does.
    var changeCount: Int { get }
}

extension OCKObservableStore {
    public func storeChanges(affecting scope: OCKQueryScope) -> OCKStoreChangeStream {
        storeChanges()
    }

    public var changeCount: Int {
        _ChangeCounters.shared.count(for: self)
    }
}

/// The change counts of observable stores that do not keep their own: for each, a
/// subscription to its changes, held as long as the store lives, whose records are counted.
final class _ChangeCounters: Sendable {
    static let shared = _ChangeCounters()

    private struct Entry: @unchecked Sendable {
        weak var store: AnyObject?
        let changes: OCKStoreChangeStream
    }

    private let entries = Mutex<[ObjectIdentifier: Entry]>([:])

    func count(for store: some OCKObservableStore) -> Int {
        let key = ObjectIdentifier(store)
        if let changes = entries.withLock({ $0[key].flatMap { $0.store === store ? $0.changes : nil } }) {
            return changes.recordedCount
        }
        // Subscribed outside the lock: a store's stream may ask other stores for theirs.
        let changes = store.storeChanges()
        return entries.withLock { entries in
            if let entry = entries[key], entry.store === store { return entry.changes.recordedCount }
            // Forget the stores that are gone (one may have had this one's address).
            entries = entries.filter { $0.value.store != nil }
            entries[key] = Entry(store: store, changes: changes)
            return changes.recordedCount
        }
    }
}

/// Fans change notifications out to subscribers, cheaply: a write only records what changed
/// and wakes the subscribers it may concern (found through an index by task id); each
/// subscriber does its own (coalesced) work afterwards.
public final class OCKStoreChangeNotifier: Sendable {
    private struct Subscription: @unchecked Sendable {
        /// Held weakly: a subscription lives as long as its stream is being iterated.
        weak var subscriber: _ChangeSubscriber?
        /// Nil: every change.
        var scope: OCKQueryScope?

        func wants(_ change: OCKStoreChange) -> Bool {
            scope.map(change.mayAffect) ?? true
        }
    }

    private struct Registry {
        var all: [UUID: Subscription] = [:]
        /// The subscriptions limited to each task id, and those not limited to tasks.
        var byTask: [String: Set<UUID>] = [:]
        var anyTask: Set<UUID> = []

        /// The live subscribers that may be affected by a change.
        func subscribers(for change: OCKStoreChange) -> [_ChangeSubscriber] {
            guard let taskIDs = change.taskIDs, change.entityTypes.isSubset(of: [.task, .outcome]) else {
                return all.values.filter { $0.wants(change) }.compactMap(\.subscriber)
            }
            var keys = anyTask
            for id in taskIDs { keys.formUnion(byTask[id] ?? []) }
            return keys.compactMap { all[$0] }.filter { $0.wants(change) }.compactMap(\.subscriber)
        }
    }

    private let registry = Mutex(Registry())
    private let onFirstSubscriber: (@Sendable () -> Void)?
    private let onLastSubscriber: (@Sendable () -> Void)?

    /// Creates a notifier.
    public convenience init() {
        self.init(onFirstSubscriber: nil, onLastSubscriber: nil)
    }

    init(onFirstSubscriber: (@Sendable () -> Void)?, onLastSubscriber: (@Sendable () -> Void)?) {
        self.onFirstSubscriber = onFirstSubscriber
        self.onLastSubscriber = onLastSubscriber
    }

    private let announced = Atomic<Int>(0)

    /// The number of open subscriptions.
    public var subscriberCount: Int { registry.withLock { $0.all.count } }

    /// How many changes were announced so far. It grows before ``notify(_:)`` returns, so a
    /// writer that announced its change sees the new count at once (caches key on it).
    public var changeCount: Int { announced.load(ordering: .acquiring) }

    /// Records a change and wakes the subscribers it may concern.
    /// - Complexity: O(s) for the s subscribers not limited to other tasks, a few hundred
    ///   nanoseconds each.
    public func notify(_ change: OCKStoreChange) {
        guard !change.entityTypes.isEmpty else { return }
        announced.add(1, ordering: .releasing)
        let concerned = registry.withLock { $0.subscribers(for: change) }
        for subscriber in concerned {
            subscriber.record(change)
        }
    }

    /// The changes from now on, until the consumer stops iterating.
    public func changes() -> OCKStoreChangeStream {
        changes(affecting: nil)
    }

    /// The changes from now on that may affect a query reading what `scope` describes (nil:
    /// every change), until the consumer stops iterating.
    public func changes(affecting scope: OCKQueryScope?) -> OCKStoreChangeStream {
        let (wakeups, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let key = UUID()
        let subscriber = _ChangeSubscriber(wake: wake) { [weak self] in self?.remove(key) }
        let isFirst = registry.withLock { registry in
            registry.all[key] = Subscription(subscriber: subscriber, scope: scope)
            if let tasks = scope?.taskIDs {
                for id in tasks { registry.byTask[id, default: []].insert(key) }
            } else {
                registry.anyTask.insert(key)
            }
            return registry.all.count == 1
        }
        if isFirst { onFirstSubscriber?() }
        return OCKStoreChangeStream(subscriber: subscriber, wakeups: wakeups)
    }

    private func remove(_ key: UUID) {
        let isLast = registry.withLock { registry in
            guard let removed = registry.all.removeValue(forKey: key) else { return false }
            if let tasks = removed.scope?.taskIDs {
                for id in tasks {
                    registry.byTask[id]?.remove(key)
                    if registry.byTask[id]?.isEmpty == true { registry.byTask[id] = nil }
                }
            } else {
                registry.anyTask.remove(key)
            }
            return registry.all.isEmpty
        }
        if isLast { onLastSubscriber?() }
    }
}

/// One subscription: what changed since the consumer last looked, and a wake-up signal.
final class _ChangeSubscriber: Sendable {
    private let pending = Mutex<OCKStoreChange?>(nil)
    private let recorded = Atomic<Int>(0)
    private let wake: AsyncStream<Void>.Continuation
    private let unsubscribe: @Sendable () -> Void

    init(wake: AsyncStream<Void>.Continuation, unsubscribe: @escaping @Sendable () -> Void) {
        self.wake = wake
        self.unsubscribe = unsubscribe
    }

    deinit {
        wake.finish()
        unsubscribe()
    }

    func record(_ change: OCKStoreChange) {
        recorded.add(1, ordering: .releasing)
        pending.withLock { pending in pending = pending.map { $0.merged(with: change) } ?? change }
        wake.yield()
    }

    /// How many changes were recorded since the subscription began.
    var recordedCount: Int { recorded.load(ordering: .acquiring) }

    func take() -> OCKStoreChange? {
        pending.withLock { pending in
            defer { pending = nil }
            return pending
        }
    }
}

/// The changes of an observable store, as an AsyncSequence. Each element reports everything
/// changed since the previous one. The subscription ends when iteration stops.
public struct OCKStoreChangeStream: AsyncSequence, Sendable {
    public typealias Element = OCKStoreChange
    let subscriber: _ChangeSubscriber
    let wakeups: AsyncStream<Void>

    /// How many changes reached this subscription, counted as they happen (not as they are consumed).
    var recordedCount: Int { subscriber.recordedCount }

    public struct AsyncIterator: AsyncIteratorProtocol {
        let subscriber: _ChangeSubscriber
        var wakeups: AsyncStream<Void>.Iterator

        public mutating func next() async -> OCKStoreChange? {
            while await wakeups.next() != nil {
                if let change = subscriber.take(), !change.entityTypes.isEmpty { return change }
            }
            return nil
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(subscriber: subscriber, wakeups: wakeups.makeAsyncIterator())
    }
}
