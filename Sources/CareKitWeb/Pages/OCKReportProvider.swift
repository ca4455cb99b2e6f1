import CareKit
import CareKitStore
import Foundation

/// Makes the document behind "Send report".
public protocol OCKReportProvider: Sendable {
    /// The report for the days of `interval`, optionally addressed to a contact, from any store
    /// the app serves (an `OCKStore`, a coordinator, a custom store).
    func document(store: any OCKAnyStoreProtocol, interval: DateInterval, formatter: OCKEventFormatter, recipient: (any OCKAnyContact)?) async throws -> OCKDocument
}

/// The ready-made care report (``OCKCareReport``).
public struct OCKStandardReport: OCKReportProvider {
    public var title: String

    /// The default title (a key of CareKitWeb's table: the report is titled in the reader's language).
    static let defaultTitle = loc.key("Care report")

    public init(title: String = "Care report") {
        self.title = title
    }

    public func document(store: any OCKAnyStoreProtocol, interval: DateInterval, formatter: OCKEventFormatter, recipient: (any OCKAnyContact)?) async throws -> OCKDocument {
        try await OCKCareReport.document(store: store, interval: interval, formatter: formatter, title: loc(title))
    }
}
