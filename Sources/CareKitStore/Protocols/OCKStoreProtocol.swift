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

/// Runs async work and delivers its result, as an `OCKStoreError`, on a queue: the bridge
/// from the async requirements to CareKit's completion-handler forms.
func _deliver<T: Sendable>(_ callbackQueue: DispatchQueue, _ completion: OCKResultClosure<T>?, _ work: @escaping @Sendable () async throws -> T) {
    _Concurrency.Task {
        let result: Result<T, OCKStoreError>
        do {
            result = .success(try await work())
        } catch {
            result = .failure(error as? OCKStoreError ?? .fetchFailed(reason: "\(error)"))
        }
        guard let completion else { return }
        callbackQueue.async { completion(result) }
    }
}

/// The first item of a write's result, or a failure when the store returned nothing.
func _ockFirst<T>(_ items: [T], _ entity: OCKEntity.EntityType, _ kind: _WriteKind) throws(OCKStoreError) -> T {
    guard let first = items.first else {
        switch kind {
        case .add: throw .invalidValue(reason: loc("Adding the {noun} returned nothing.", ["noun": entity.noun]))
        case .update: throw .invalidValue(reason: loc("Updating the {noun} returned nothing.", ["noun": entity.noun]))
        case .delete, .fetch: throw .invalidValue(reason: loc("Deleting the {noun} returned nothing.", ["noun": entity.noun]))
        }
    }
    return first
}

/// The first item a fetch by id found, or a failure saying nothing was found.
func _ockFound<T>(_ items: [T], _ entity: OCKEntity.EntityType, id: String) throws(OCKStoreError) -> T {
    guard let first = items.first else { throw .fetchFailed(reason: loc("No {noun} with id '{id}' exists.", ["noun": entity.noun, "id": id])) }
    return first
}

/// Downcasts type-erased items for a typed store, or says they are of the wrong type.
func _ockCast<Item, Typed>(_ items: [Item], to type: Typed.Type, entity: OCKEntity.EntityType, kind: _WriteKind) throws(OCKStoreError) -> [Typed] {
    let typed = items.compactMap { $0 as? Typed }
    guard typed.count == items.count else {
        throw kind.error(loc("Not all {nouns} were of the type this store holds ({type}); nothing was written.", ["nouns": entity.nouns, "type": "\(Typed.self)"]))
    }
    return typed
}
