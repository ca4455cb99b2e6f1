import Foundation

/// What kind of operation a transaction performs, to choose the error case.
enum _WriteKind: Sendable {
    case fetch, add, update, delete

    func error(_ reason: String) -> OCKStoreError {
        switch self {
        case .fetch: return .fetchFailed(reason: reason)
        case .add: return .addFailed(reason: reason)
        case .update: return .updateFailed(reason: reason)
        case .delete: return .deleteFailed(reason: reason)
        }
    }
}
