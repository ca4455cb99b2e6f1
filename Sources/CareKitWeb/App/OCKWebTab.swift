import CareKit
import CareKitHTTP
import CareKitStore
import CareKitUI
import Foundation

/// One section of the app.
public struct OCKWebTab: Sendable {
    /// The URL path of the tab, without the slash ("care-card").
    public var path: String
    /// The tab's title.
    public var title: String
    /// Builds the tab's page for a request.
    public var makePage: @Sendable (OCKWebPageContext) async throws -> OCKWebPage

    public init(path: String, title: String, makePage: @escaping @Sendable (OCKWebPageContext) async throws -> OCKWebPage) {
        self.path = path
        self.title = title
        self.makePage = makePage
    }
}
