import Foundation

/// Why a store operation failed. Every case carries a reason written for a person to act on, in
/// the language of the task that made the error (``OCKLocalization/language``: a request's or a
/// command's), English by default.
public enum OCKStoreError: LocalizedError, Hashable, Sendable {
    /// A read failed.
    case fetchFailed(reason: String)
    /// An add failed; nothing was written.
    case addFailed(reason: String)
    /// An update failed; nothing was written.
    case updateFailed(reason: String)
    /// A delete failed; nothing was written.
    case deleteFailed(reason: String)
    /// Synchronizing with a remote failed.
    case remoteSynchronizationFailed(reason: String)
    /// A value given to the store breaks one of its rules; nothing was written.
    case invalidValue(reason: String)
    /// The operation took too long.
    case timedOut(reason: String)

    /// The reason without the prefix.
    public var reason: String {
        switch self {
        case .fetchFailed(let reason), .addFailed(let reason), .updateFailed(let reason),
            .deleteFailed(let reason), .remoteSynchronizationFailed(let reason),
            .invalidValue(let reason), .timedOut(let reason):
            return reason
        }
    }

    /// The same error with `sentence` added to its reason, unless the reason already ends with it.
    func appending(_ sentence: String) -> OCKStoreError {
        let reason = self.reason
        guard !reason.hasSuffix(sentence) else { return self }
        let longer = reason + " " + sentence
        switch self {
        case .fetchFailed: return .fetchFailed(reason: longer)
        case .addFailed: return .addFailed(reason: longer)
        case .updateFailed: return .updateFailed(reason: longer)
        case .deleteFailed: return .deleteFailed(reason: longer)
        case .remoteSynchronizationFailed: return .remoteSynchronizationFailed(reason: longer)
        case .invalidValue: return .invalidValue(reason: longer)
        case .timedOut: return .timedOut(reason: longer)
        }
    }

    /// The reason after what failed ("Failed to add: …"), in the current language.
    public var errorDescription: String? {
        switch self {
        case .fetchFailed(let reason): return loc("Failed to fetch: {reason}", ["reason": reason])
        case .addFailed(let reason): return loc("Failed to add: {reason}", ["reason": reason])
        case .updateFailed(let reason): return loc("Failed to update: {reason}", ["reason": reason])
        case .deleteFailed(let reason): return loc("Failed to delete: {reason}", ["reason": reason])
        case .remoteSynchronizationFailed(let reason): return loc("Synchronization failed: {reason}", ["reason": reason])
        case .invalidValue(let reason): return loc("Invalid value: {reason}", ["reason": reason])
        case .timedOut(let reason): return loc("Timed out: {reason}", ["reason": reason])
        }
    }
}

extension OCKStoreError: CustomStringConvertible {
    public var description: String { errorDescription ?? reason }
}

/// The completion handler of the callback-style store API.
public typealias OCKResultClosure<T> = @Sendable (Result<T, OCKStoreError>) -> Void
