import Foundation

/// What the server did with a push.
public struct OCKSyncPushResult: Codable, Hashable, Sendable {
    /// Versions stored.
    public var stored: Int
    /// Versions it had already (sent again after a cut).
    public var alreadyPresent: Int

    public init(stored: Int, alreadyPresent: Int) {
        self.stored = stored
        self.alreadyPresent = alreadyPresent
    }
}
