import Foundation

/// A store that can be emptied.
public protocol OCKAnyResettableStore: AnyObject, Sendable {
    /// Removes everything from the store.
    func reset() throws
}

/// A query a custom task store can read. Its initializer turns CareKit's own `OCKTaskQuery`
/// into it, so type-erased callers and the event machinery can reach any store.
public protocol OCKAnyTaskQuery: Sendable {
    init(_ query: OCKTaskQuery)
}

extension OCKTaskQuery: OCKAnyTaskQuery {
    public init(_ query: OCKTaskQuery) { self = query }
}

/// A store of patients, care plans, contacts, tasks and outcomes of its own types.
public typealias OCKStoreProtocol = OCKPatientStore & OCKCarePlanStore & OCKContactStore & OCKEventStore

/// A store of patients, care plans, contacts, tasks and outcomes of any types.
public typealias OCKAnyStoreProtocol = OCKAnyPatientStore & OCKAnyCarePlanStore & OCKAnyContactStore & OCKAnyEventStore

extension DispatchQueue {
    /// Where completion handlers run when no queue is given: a background queue, so callers
    /// work in a process without a running main queue (a server, a command-line tool). It is
    /// the store's own concurrent queue rather than a global one, so callbacks keep running
    /// even when every thread of Swift's cooperative pool is busy.
    public static var ockDefault: DispatchQueue { _ockCallbackQueue }
}

private let _ockCallbackQueue = DispatchQueue(label: "CareKitStore.callbacks", qos: .userInitiated, attributes: .concurrent)

/// Bridges a completion-handler call to async/await.
func _ockAwait<T: Sendable>(_ body: (@escaping OCKResultClosure<T>) -> Void) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        body { continuation.resume(with: $0) }
    }
}

/// Adapts a completion for one item to a call that returns a list.
func _ockFirst<T>(_ completion: OCKResultClosure<T>?, _ emptyReason: String) -> OCKResultClosure<[T]>? {
    guard let completion else { return nil }
    return { result in
        completion(result.flatMap { list in
            list.first.map { .success($0) } ?? .failure(.invalidValue(reason: emptyReason))
        })
    }
}

/// Downcasts type-erased items for a typed store, or reports which were of the wrong type.
func _ockCast<Item, Typed>(_ items: [Item], to type: Typed.Type, noun: String, kind: _WriteKind, callbackQueue: DispatchQueue, completion: OCKResultClosure<[Item]>?) -> [Typed]? {
    let typed = items.compactMap { $0 as? Typed }
    if typed.count == items.count { return typed }
    let reason = "Not all \(noun) were of the type this store holds (\(Typed.self)); nothing was written."
    callbackQueue.async { completion?(.failure(kind.error(reason))) }
    return nil
}
