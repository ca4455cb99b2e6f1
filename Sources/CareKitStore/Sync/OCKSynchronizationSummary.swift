import Foundation

/// What one synchronization did.
public struct OCKSynchronizationSummary: Hashable, Sendable {
    /// Versions pulled and stored, by kind.
    public var merged: [OCKEntity.EntityType: Int] = [:]
    /// Versions pulled that this store had already.
    public var alreadyPresent = 0
    /// Versions pulled before a version they follow (or an outcome's task version): not stored
    /// this time, and the store's knowledge was not advanced, so the next pull brings them again.
    public var waiting = 0
    /// Versions pulled that can never be stored here, with why (HealthKit tasks, a uuid that
    /// names another entity here, …).
    public var unusable: [String] = []
    /// Conflicts resolved: ids whose concurrent versions now have one successor.
    public var resolvedConflicts = 0
    /// Versions pushed to the remote (and acknowledged by it).
    public var pushed = 0
    /// Whether this store took a new process id because it turned out to be a copy or a
    /// restore of another store (the remote knew more of its old id than it had pushed): what
    /// it had not pushed was pushed again under the new id.
    public var renewedProcess = false
}
