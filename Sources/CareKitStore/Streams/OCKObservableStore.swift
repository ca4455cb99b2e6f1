import Foundation
import Synchronization

/// What a committed write changed: which kinds of entity.
public struct OCKStoreChange: Hashable, Sendable {
    /// The kinds of entity the write added, updated or deleted.
    public var entityTypes: Set<OCKEntity.EntityType>

    /// Creates a change record.
    public init(entityTypes: Set<OCKEntity.EntityType>) {
        self.entityTypes = entityTypes
    }

    /// A change to every kind of entity (a reset, or a write from another process).
    public static let everything = OCKStoreChange(entityTypes: Set(OCKEntity.EntityType.allCases))
}

/// A store that says when it changed, so its query streams re-run only after real writes.
/// `OCKStore` and `OCKStoreCoordinator` conform; a custom store can conform by owning an
/// ``OCKStoreChangeNotifier`` and calling ``OCKStoreChangeNotifier/notify(_:)`` after each write.
/// Streams of stores that do not conform re-run their query once a second instead.
public protocol OCKObservableStore: AnyObject, Sendable {
    /// Yields after each committed write. Bursts are coalesced: one element may report several
    /// writes, but no change is ever lost.
    func storeChanges() -> OCKStoreChangeStream
}

/// Fans change notifications out to subscribers, cheaply: a write only records what changed
/// and wakes each subscriber; each subscriber does its own (coalesced) work afterwards.
public final class OCKStoreChangeNotifier: Sendable {
    /// Held weakly: a subscription lives as long as its stream is being iterated.
    private let subscribers = Mutex<[UUID: _WeakSubscriber]>([:])
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
    public var subscriberCount: Int { subscribers.withLock { $0.count } }

    /// How many changes were announced so far. It grows before ``notify(_:)`` returns, so a
    /// writer that announced its change sees the new count at once (caches key on it).
    public var changeCount: Int { announced.load(ordering: .acquiring) }

    /// Records a change and wakes every subscriber.
    /// - Complexity: O(s) for s subscribers, a few hundred nanoseconds each.
    public func notify(_ change: OCKStoreChange) {
        guard !change.entityTypes.isEmpty else { return }
        announced.add(1, ordering: .releasing)
        let current = subscribers.withLock { $0.values.compactMap(\.value) }
        for subscriber in current {
            subscriber.record(change.entityTypes)
        }
    }

    /// The changes from now on, until the consumer stops iterating.
    public func changes() -> OCKStoreChangeStream {
        let (wakeups, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let key = UUID()
        let subscriber = _ChangeSubscriber(wake: wake) { [weak self] in self?.remove(key) }
        let isFirst = subscribers.withLock { list in
            list[key] = _WeakSubscriber(value: subscriber)
            return list.count == 1
        }
        if isFirst { onFirstSubscriber?() }
        return OCKStoreChangeStream(subscriber: subscriber, wakeups: wakeups)
    }

    private func remove(_ key: UUID) {
        let isLast = subscribers.withLock { list in
            guard list.removeValue(forKey: key) != nil else { return false }
            return list.isEmpty
        }
        if isLast { onLastSubscriber?() }
    }
}

struct _WeakSubscriber: @unchecked Sendable {
    weak var value: _ChangeSubscriber?
}

/// One subscription: the kinds changed since the consumer last looked, and a wake-up signal.
final class _ChangeSubscriber: Sendable {
    private let pending = Mutex<Set<OCKEntity.EntityType>>([])
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

    func record(_ kinds: Set<OCKEntity.EntityType>) {
        pending.withLock { $0.formUnion(kinds) }
        wake.yield()
    }

    func take() -> Set<OCKEntity.EntityType> {
        pending.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
    }
}

/// The changes of an observable store, as an AsyncSequence. Each element reports every kind
/// of entity changed since the previous one. The subscription ends when iteration stops.
public struct OCKStoreChangeStream: AsyncSequence, Sendable {
    public typealias Element = OCKStoreChange
    let subscriber: _ChangeSubscriber
    let wakeups: AsyncStream<Void>

    public struct AsyncIterator: AsyncIteratorProtocol {
        let subscriber: _ChangeSubscriber
        var wakeups: AsyncStream<Void>.Iterator

        public mutating func next() async -> OCKStoreChange? {
            while await wakeups.next() != nil {
                let kinds = subscriber.take()
                if !kinds.isEmpty { return OCKStoreChange(entityTypes: kinds) }
            }
            return nil
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(subscriber: subscriber, wakeups: wakeups.makeAsyncIterator())
    }
}
