import CareKit
import CareKitHTTP
import CareKitStore
import CareKitUI
import Foundation

/// What a page is built from.
public struct OCKWebPageContext: Sendable {
    /// The store: an `OCKStore`, a coordinator, or a custom store.
    public let store: any OCKAnyStoreProtocol & OCKObservableStore
    /// The request.
    public let request: HTTPRequest
    /// The page's own address (`.tab(path)`), for forms that show it again with other fields.
    public let route: OCKWebRoute
    /// The day the page shows (`?date=YYYY-MM-DD`, else today).
    public let date: Date
    /// Today.
    public let today: Date
    /// The app's calendar (and time zone).
    public let calendar: Calendar
    /// Formats text for the cards.
    public let formatter: OCKEventFormatter
    /// Where card buttons lead.
    public let actions: any OCKActionProvider
    /// The CSRF token of this browser, for forms a page builds itself.
    public let csrfToken: String
    /// The path of the page (with its query), to return to after a form.
    public let returnPath: String
    /// The app.
    public let application: OCKWebApplication
    /// What the page's own links start with before its route (empty in the app; a care team's
    /// dashboard serves the tabs under `/team/patients/{id}`).
    public let pathPrefix: String
    /// Whether the page is read by someone who may not change it (a care team's dashboard): no
    /// way to the plan editor, no reminders, every card's control disabled.
    public let isReadOnly: Bool
    /// Where the daily pages keep their cards between renders (nil: every card is built).
    public var cardCache: OCKCardCache?

    /// A context for building a tab's page.
    public init(
        store: any OCKAnyStoreProtocol & OCKObservableStore, request: HTTPRequest, route: OCKWebRoute, date: Date, today: Date,
        calendar: Calendar, formatter: OCKEventFormatter, actions: any OCKActionProvider, csrfToken: String, returnPath: String,
        application: OCKWebApplication, pathPrefix: String = "", isReadOnly: Bool = false
    ) {
        self.store = store
        self.request = request
        self.route = route
        self.date = date
        self.today = today
        self.calendar = calendar
        self.formatter = formatter
        self.actions = actions
        self.csrfToken = csrfToken
        self.returnPath = returnPath
        self.application = application
        self.pathPrefix = pathPrefix
        self.isReadOnly = isReadOnly
    }

    /// The page's own address with a query, under ``pathPrefix``.
    public func pagePath(query: [(String, String)] = []) -> String {
        pathPrefix + route.path(query: query)
    }
}
