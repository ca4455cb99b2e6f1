import CareKit
import CareKitHTTP
import CareKitStore
import CareKitUI
import Foundation

/// A built page: its heading, its content, and what to stop once it is rendered. Pages are
/// rendered once per request (and kept until the store changes); the browser follows the store
/// through ``OCKWebRoute/liveChanges`` and fetches the page again.
public struct OCKWebPage: Sendable {
    public var title: String
    public var subtitle: String?
    public var content: @Sendable () -> [HTMLNode]
    public var stop: @Sendable () -> Void
    /// Links before the page's header to parts of its content (the daily pages' tasks), first.
    public var skipLinks: [OCKWebSkipLink] = []

    public init(
        title: String, subtitle: String? = nil, content: @escaping @Sendable () -> [HTMLNode],
        stop: @escaping @Sendable () -> Void = {}
    ) {
        self.title = title
        self.subtitle = subtitle
        self.content = content
        self.stop = stop
    }

    /// A page of views that do not change.
    public static func views(title: String, subtitle: String? = nil, _ views: [OCKView]) -> OCKWebPage {
        let nodes = views.map { $0.render(standalone: true) }
        return OCKWebPage(title: title, subtitle: subtitle, content: { nodes })
    }
}
