import Foundation

/// A clinician's time-based one-time password: the shared secret, and the last time step a
/// code was taken at (codes of that step or earlier are refused).
public struct SyncSecondFactor: Hashable, Sendable {
    public var secret: Data
    public var lastStep: Int64

    public init(secret: Data, lastStep: Int64) {
        self.secret = secret
        self.lastStep = lastStep
    }
}
