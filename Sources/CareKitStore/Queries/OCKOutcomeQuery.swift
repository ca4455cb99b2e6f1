import Foundation

/// Which outcomes to fetch. With a date interval, outcomes whose event overlaps it.
public struct OCKOutcomeQuery: OCKQueryProtocol {
    /// Match outcomes of these tasks (by id, version uuid or remote id).
    public var taskIDs: [String] = []
    public var taskUUIDs: [UUID] = []
    public var taskRemoteIDs: [String?] = []

    public var ids: [String] = []
    public var uuids: [UUID] = []
    public var groupIdentifiers: [String?] = []
    public var tags: [String] = []
    public var remoteIDs: [String?] = []
    public var dateInterval: DateInterval?
    public var limit: Int?
    public var offset: Int = 0

    /// Outcomes come newest first (by creation date).

    /// A query with no filters: every version of every outcome.
    public init() {}
}
