import Foundation

/// Which tasks to fetch.
public struct OCKTaskQuery: OCKQueryProtocol {
    /// Match tasks of these care plans (by id, version uuid or remote id).
    public var carePlanIDs: [String] = []
    public var carePlanUUIDs: [UUID] = []
    public var carePlanRemoteIDs: [String?] = []
    /// Leave out tasks that have no event in the date interval. Applied before `limit`, so a
    /// limit still returns up to `limit` tasks.
    public var excludesTasksWithNoEvents: Bool = false

    public var ids: [String] = []
    public var uuids: [UUID] = []
    public var groupIdentifiers: [String?] = []
    public var tags: [String] = []
    public var remoteIDs: [String?] = []
    public var dateInterval: DateInterval?
    public var limit: Int?
    public var offset: Int = 0

    /// How to order tasks.
    public enum SortDescriptor: Hashable, Sendable {
        case effectiveDate(ascending: Bool)
        case groupIdentifier(ascending: Bool)
        case title(ascending: Bool)
    }

    /// The order of results; ties are broken by creation date, newest first.
    public var sortDescriptors: [SortDescriptor] = []

    /// A query with no filters: every version of every task.
    public init() {}
}
