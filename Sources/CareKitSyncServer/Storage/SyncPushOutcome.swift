import Foundation

/// What storage did with a push.
public struct SyncPushOutcome: Hashable, Sendable {
    public var stored: Int
    public var alreadyPresent: Int
}
