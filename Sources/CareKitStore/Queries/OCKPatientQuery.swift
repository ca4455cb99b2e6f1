import Foundation

/// Which patients to fetch.
public struct OCKPatientQuery: OCKQueryProtocol {

    public var ids: [String] = []
    public var uuids: [UUID] = []
    public var groupIdentifiers: [String?] = []
    public var tags: [String] = []
    public var remoteIDs: [String?] = []
    public var dateInterval: DateInterval?
    public var limit: Int?
    public var offset: Int = 0

    /// How to order patients.
    public enum SortDescriptor: Hashable, Sendable {
        case groupIdentifier(ascending: Bool)
        case givenName(ascending: Bool)
        case familyName(ascending: Bool)
        case effectiveDate(ascending: Bool)
    }

    /// The order of results; ties are broken by creation date, newest first.
    public var sortDescriptors: [SortDescriptor] = []

    /// A query with no filters: every version of every patient.
    public init() {}
}
