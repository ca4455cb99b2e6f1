import Foundation

/// Which care plans to fetch.
public struct OCKCarePlanQuery: OCKQueryProtocol {
    /// Match plans of these patients (by id, version uuid or remote id).
    public var patientIDs: [String] = []
    public var patientUUIDs: [UUID] = []
    public var patientRemoteIDs: [String?] = []

    public var ids: [String] = []
    public var uuids: [UUID] = []
    public var groupIdentifiers: [String?] = []
    public var tags: [String] = []
    public var remoteIDs: [String?] = []
    public var dateInterval: DateInterval?
    public var limit: Int?
    public var offset: Int = 0

    /// How to order care plans.
    public enum SortDescriptor: Hashable, Sendable {
        case title(ascending: Bool)
        case effectiveDate(ascending: Bool)
    }

    /// The order of results; ties are broken by creation date, newest first.
    public var sortDescriptors: [SortDescriptor] = []

    /// A query with no filters: every version of every care plan.
    public init() {}
}
