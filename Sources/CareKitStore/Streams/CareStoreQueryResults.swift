import Foundation

/// The results of a query as an AsyncSequence: the current result first, then the new result
/// after every committed write that changes it (and not after writes that don't). Cancel the
/// consuming task to stop it.
///
/// A stream re-runs exactly the fetch it mirrors, so the two always agree: same filters, same
/// limit and offset, same handling of deleted entities.
public struct CareStoreQueryResults<Result: Sendable>: AsyncSequence, Sendable {
    public typealias Element = [Result]

    private let makeStream: @Sendable () -> AsyncThrowingStream<[Result], any Error>

    /// A stream from a fetch, the kinds of entity it depends on, the tasks it is limited to
    /// (nil: any), the interval its events lie in (nil: any time; see ``OCKQueryScope``), the
    /// store's change notifications (nil: re-run once a second) and the equality that decides
    /// whether a new result is different.
    public init(
        fetch: @escaping @Sendable () async throws -> [Result],
        dependsOn kinds: Set<OCKEntity.EntityType>,
        tasks: Set<String>? = nil,
        during interval: DateInterval? = nil,
        changes: (@Sendable () -> OCKStoreChangeStream)?,
        areEqual: @escaping @Sendable ([Result], [Result]) -> Bool
    ) {
        self.init(
            fetch: fetch, scope: OCKQueryScope(entityTypes: kinds, taskIDs: tasks, eventInterval: interval),
            changes: changes, areEqual: areEqual)
    }

    /// A stream from a fetch that reads what `scope` describes.
    init(
        fetch: @escaping @Sendable () async throws -> [Result],
        scope: OCKQueryScope,
        changes: (@Sendable () -> OCKStoreChangeStream)?,
        areEqual: @escaping @Sendable ([Result], [Result]) -> Bool
    ) {
        makeStream = {
            AsyncThrowingStream<[Result], any Error>(bufferingPolicy: .bufferingNewest(1)) { continuation in
                let task = _Concurrency.Task {
                    // Subscribe before the first fetch so that no write can fall between them.
                    var changeIterator = changes?().makeAsyncIterator()
                    do {
                        var last = try await fetch()
                        continuation.yield(last)
                        while !_Concurrency.Task.isCancelled {
                            if changeIterator != nil {
                                guard let change = await changeIterator?.next() else { break }
                                guard change.mayAffect(scope) else { continue }
                            } else {
                                try await _Concurrency.Task.sleep(nanoseconds: 1_000_000_000)
                            }
                            let next = try await fetch()
                            if !areEqual(next, last) {
                                last = next
                                continuation.yield(next)
                            }
                        }
                        continuation.finish()
                    } catch is CancellationError {
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        }
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<[Result], any Error>.AsyncIterator

        public mutating func next() async throws -> [Result]? {
            try await base.next()
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: makeStream().makeAsyncIterator())
    }
}

extension CareStoreQueryResults {
    /// A stream of equatable results.
    public init(
        fetch: @escaping @Sendable () async throws -> [Result],
        dependsOn kinds: Set<OCKEntity.EntityType>,
        tasks: Set<String>? = nil,
        during interval: DateInterval? = nil,
        changes: (@Sendable () -> OCKStoreChangeStream)?
    ) where Result: Equatable {
        self.init(fetch: fetch, dependsOn: kinds, tasks: tasks, during: interval, changes: changes, areEqual: ==)
    }

    /// A stream of type-erased results, compared by their concrete values.
    public init(
        erasedFetch fetch: @escaping @Sendable () async throws -> [Result],
        dependsOn kinds: Set<OCKEntity.EntityType>,
        tasks: Set<String>? = nil,
        during interval: DateInterval? = nil,
        changes: (@Sendable () -> OCKStoreChangeStream)?
    ) {
        self.init(fetch: fetch, dependsOn: kinds, tasks: tasks, during: interval, changes: changes) { lhs, rhs in
            lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { _ockAnyEqual($0, $1) }
        }
    }
}

extension CareStoreQueryResults {
    /// The stream of a store's query that reads what `scope` describes: re-run after the
    /// store's changes that may affect it (once a second when the store does not report them).
    init(of store: AnyObject, _ scope: OCKQueryScope, fetch: @escaping @Sendable () async throws -> [Result]) where Result: Equatable {
        self.init(fetch: fetch, scope: scope, changes: _ockChanges(of: store, scope), areEqual: ==)
    }

    /// The same for type-erased results, compared by their concrete values.
    init(of store: AnyObject, _ scope: OCKQueryScope, erasedFetch fetch: @escaping @Sendable () async throws -> [Result]) {
        self.init(fetch: fetch, scope: scope, changes: _ockChanges(of: store, scope)) { lhs, rhs in
            lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { _ockAnyEqual($0, $1) }
        }
    }
}

/// The task ids a query is limited to, or nil when it may return things of any task.
func _ockTaskScope(_ ids: [String]) -> Set<String>? {
    ids.isEmpty ? nil : Set(ids)
}

/// The change notifications of a store that may affect a query reading what `scope`
/// describes, if the store offers them.
func _ockChanges(of store: AnyObject, _ scope: OCKQueryScope) -> (@Sendable () -> OCKStoreChangeStream)? {
    guard let observable = store as? any OCKObservableStore else { return nil }
    return { observable.storeChanges(affecting: scope) }
}
