import Foundation

/// Which contacts to fetch.
public struct OCKContactQuery: OCKQueryProtocol {
    /// Match contacts of these care plans (by id, version uuid or remote id).
    public var carePlanIDs: [String] = []
    public var carePlanUUIDs: [UUID] = []
    public var carePlanRemoteIDs: [String?] = []

    public var ids: [String] = []
    public var uuids: [UUID] = []
    public var groupIdentifiers: [String?] = []
    public var tags: [String] = []
    public var remoteIDs: [String?] = []
    public var dateInterval: DateInterval?
    public var limit: Int?
    public var offset: Int = 0

    /// How to order contacts.
    public enum SortDescriptor: Hashable, Sendable {
        case givenName(ascending: Bool)
        case familyName(ascending: Bool)
        case effectiveDate(ascending: Bool)
    }

    /// The order of results; ties are broken by creation date, newest first.
    public var sortDescriptors: [SortDescriptor] = []

    /// A query with no filters: every version of every contact.
    public init() {}
}
