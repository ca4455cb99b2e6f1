import CareKitHTTP
import CareKitUI
import Foundation

/// What every page of the app wears: the header with the app's title and tabs, the main
/// content, the toast for messages, the stylesheet, the icon and the script. The care team's
/// dashboard (CareKitTeam) wears it too, with its own title, sections and header items, and
/// without the script and the manifest.
package struct _WebShell: Sendable {
    /// One link of the header's navigation.
    package struct Section: Sendable {
        /// Its title: a key of the shell's ``strings``, translated when a page is made.
        package var title: String
        package var path: String
        /// What a page passes as `activeTab` to mark it as the current one.
        package var id: String

        package init(title: String, path: String, id: String) {
            self.title = title
            self.path = path
            self.id = id
        }
    }

    /// The site's name: the header's title and the end of every page's title.
    let title: String
    /// The stylesheet's and the icon's addresses, with their fingerprints.
    let stylesheetURL: String
    let iconURL: String?
    /// Where the header's title leads.
    var homePath = OCKWebRoute.home.path
    /// The script every page runs (and the toast it speaks through); nil: pages without script.
    var scriptURL: String? = OCKWebRoute.asset(.script).path
    /// The web app manifest; nil: none.
    var manifestURL: String? = OCKWebRoute.manifest.path
    /// The header's navigation (the app's tabs), in order.
    var sections: [Section]
    /// The table the sections', the footer links' and the way back's titles are keys of.
    var strings = OCKStringTable.careKitWeb
    /// What the header shows after the title: a site's own (who is signed in, Sign out).
    package var headerItems: [HTMLNode] = []
    /// Links under every page (title, path): the calendar subscription when the app has one.
    package var footerLinks: [(title: String, path: String)] = []
    /// The page's own skip links, before "Skip to content".
    var skipLinks: [OCKWebSkipLink] = []
    /// The report's page, linked from the header of every page when the app makes reports.
    var reportPath: String?
    /// An error page's way back (its title a key of ``strings``).
    var backLink = (title: "Back to the app", path: OCKWebRoute.home.path)
    /// A class of the main content besides the app's own (a site's layout).
    var mainClass: String?
    /// The `activeTab` of the report's page (its header link is then the current page).
    static let reportTab = "report"
    /// The name of the field that carries a browser's CSRF token in every form of the app, and
    /// of the care team's dashboard.
    package static let csrfFieldName = WebSecurity.csrfField

    /// The hidden field that carries a browser's CSRF token in a form.
    package static func csrfField(_ token: String) -> HTMLNode {
        .element("input", [HTMLAttribute("type", "hidden"), HTMLAttribute("name", csrfFieldName), HTMLAttribute("value", token)])
    }

    /// The app's frame: its title and tabs.
    init(application: OCKWebApplication, stylesheetURL: String, iconURL: String) {
        self.title = application.title
        self.stylesheetURL = stylesheetURL
        self.iconURL = iconURL
        self.sections = application.tabs.map { Section(title: $0.title, path: OCKWebRoute.tab($0.path).path, id: $0.path) }
        backLink.title = loc.key("Back to the app")
    }

    /// Another site's frame (the care team's dashboard): its name, where its title leads, its
    /// sections (titles that are keys of `strings`), and its way back from an error; pages
    /// without script or manifest.
    package init(
        title: String, homePath: String, stylesheetURL: String, iconURL: String?, sections: [Section], strings: OCKStringTable,
        backLink: (title: String, path: String), mainClass: String?
    ) {
        self.title = title
        self.homePath = homePath
        self.stylesheetURL = stylesheetURL
        self.iconURL = iconURL
        self.sections = sections
        self.strings = strings
        self.backLink = backLink
        self.mainClass = mainClass
        scriptURL = nil
        manifestURL = nil
    }

    /// The passcode lock as every page of an unlocked browser shows it: Lock now in the header,
    /// and the page leaving for the lock page after the minutes without use (by itself without
    /// JavaScript, `<noscript>`'s refresh; with it, the script's timer, restarted by each tap).
    struct Lock: Sendable {
        var idleMinutes: Int
        /// The page's own address, to come back to once unlocked.
        var returnPath: String
        /// The token of Lock now's form (a cached page's placeholder, like its other forms').
        var csrfToken: String

        /// When the page leaves: a moment after the server locks the browser, so that the
        /// lock page finds it locked.
        var seconds: Int { idleMinutes * 60 + 2 }
        var lockPath: String { OCKWebRoute.lock.path(query: [("return", returnPath)]) }
    }

    /// The lock of the page being made; nil without a passcode.
    @TaskLocal static var lock: Lock?

    /// The tab a page opened from `returnPath` belongs to: the tab of that address ("/symptoms?date=…"
    /// → "symptoms"), the first tab for the home page; nil for anything else.
    func tab(returning returnPath: String) -> String? {
        let path = returnPath.split(separator: "#", maxSplits: 1).first.map(String.init) ?? ""
        let bare = (path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? "")
        if bare == homePath { return sections.first?.id }
        return sections.first { $0.path == bare }?.id
    }

    /// A full page. `generation` (the store's change count when the page was made) marks a
    /// page that follows the store live: the script listens for changes after it.
    package func document(title: String, activeTab: String?, main: [HTMLNode], generation: Int? = nil) -> String {
        page(title: title, activeTab: activeTab, main: main, generation: generation).render(.compact)
    }

    /// The bytes of ``document(title:activeTab:main:generation:)``, for a response body.
    func documentUTF8(title: String, activeTab: String?, main: [HTMLNode], generation: Int? = nil) -> [UInt8] {
        page(title: title, activeTab: activeTab, main: main, generation: generation).renderUTF8(.compact)
    }

    /// The lock page: the app's name over `main`, nothing else (no tabs, links or script).
    func lockDocument(title: String, main: [HTMLNode]) -> String {
        page(title: title, activeTab: nil, main: main, generation: nil, bare: true).render(.compact)
    }

    private func page(title: String, activeTab: String?, main: [HTMLNode], generation: Int?, bare: Bool = false) -> OCKHTMLDocument {
        let lock = bare ? nil : Self.lock
        let tabs: [HTMLNode] = sections.map { section in
            var attributes = [HTMLAttribute("href", section.path), .class("ck-tab")]
            if section.id == activeTab { attributes.append(.aria("current", "page")) }
            return .element("li", [], [.element("a", attributes, [.text(strings(section.title))])])
        }
        let header = HTMLNode.element(
            "header", [.class("ck-app-header")],
            bare
                ? [.element("span", [.class("ck-app-title")], [.text(self.title)])]
                : [
                    .element("a", [.class("ck-app-title"), HTMLAttribute("href", homePath)], [.text(self.title)]),
                    // Before the tabs, so that going back from a page's cards to a tab crosses no more stops.
                    reportPath.map { path in
                        .element("a", [.class("ck-report-link"), HTMLAttribute("href", path)] + (activeTab == Self.reportTab ? [.aria("current", "page")] : []), [.text(loc("Report"))])
                    } ?? .empty,
                    .fragment(headerItems),
                    lock.map(Self.lockNow) ?? .empty,
                    tabs.isEmpty ? .empty : .element("nav", [.aria("label", loc("Sections"))], [.element("ul", [.class("ck-tabs")], tabs)])
                ])
        var mainAttributes = generation.map { [HTMLAttribute("data-ck-live", OCKWebRoute.liveChanges.path), HTMLAttribute("data-ck-generation", String($0))] } ?? []
        if let lock { mainAttributes.append(HTMLAttribute("data-ck-lock-after", String(lock.seconds))) }
        var head: [HTMLNode] = []
        if let iconURL { head.append(.element("link", [HTMLAttribute("rel", "icon"), HTMLAttribute("type", "image/svg+xml"), HTMLAttribute("href", iconURL)])) }
        // With credentials: in token mode the manifest is behind the access cookie too.
        if let manifestURL { head.append(.element("link", [HTMLAttribute("rel", "manifest"), HTMLAttribute("href", manifestURL), HTMLAttribute("crossorigin", "use-credentials")])) }
        if let lock {
            head.append(.element("noscript", [], [.element("meta", [HTMLAttribute("http-equiv", "refresh"), HTMLAttribute("content", "\(lock.seconds); url=\(lock.lockPath)")])]))
        }
        let mainClasses = "ock-page-content ck-main" + (mainClass.map { " " + $0 } ?? "")
        let content = HTMLNode.element("main", [.id("ck-main"), .class(mainClasses), HTMLAttribute("tabindex", "-1")] + mainAttributes, main)
        var page = OCKHTMLDocument(
            title: "\(title) · \(self.title)", colorScheme: .automatic,
            body: bare
                ? [header, content]
                : [
                    .fragment(skipLinks.map { .element("a", [.class("ck-skip-link"), HTMLAttribute("href", "#" + $0.anchor)], [.text($0.title)]) }),
                    .element("a", [.class("ck-skip-link"), HTMLAttribute("href", "#ck-main")], [.text(loc("Skip to content"))]),
                    header,
                    content,
                    footerLinks.isEmpty
                        ? .empty
                        : .element(
                            "footer", [.class("ck-footer")],
                            footerLinks.map { link in
                                .element("a", [HTMLAttribute("href", link.path)], [.text(strings(link.title))])
                            }),
                    scriptURL.map { script in
                        .fragment([
                            .element("div", [.id("ck-toast"), .class("ck-toast"), .role("status"), .aria("live", "polite"), HTMLAttribute("data-ck-strings", Self.scriptWords)], []),
                            .element("script", [HTMLAttribute("src", script), .flag("defer")], [])
                        ])
                    } ?? .empty
                ],
            head: head,
            wrapsContentInMain: false)
        page.stylesheetURL = stylesheetURL
        return page
    }

    /// Lock now: a form (no script needed) that locks this browser and comes back here once unlocked.
    private static func lockNow(_ lock: Lock) -> HTMLNode {
        .element(
            "form", [HTMLAttribute("method", "post"), HTMLAttribute("action", OCKWebRoute.lock.path), .class("ck-lock-form")],
            _FormFields.hidden(csrfToken: lock.csrfToken, returnPath: lock.returnPath) + [
                .element("button", [HTMLAttribute("type", "submit"), .class("ck-lock-button")], [.text(loc("Lock now"))])
            ])
    }

    /// The words the script says (its toasts), in the current language, as a JSON object the
    /// script reads from the toast: the script itself has none.
    static var scriptWords: String {
        let words = [
            "failed": loc("That did not work ({status})."),
            "offlineRefused": loc("A change made offline was not saved: {reason}"),
            "offlineSent": loc("Sent what you did offline."),
            "unreachable": loc("The app could not be reached. Your change was not saved."),
            "queued": loc("Saved on this device: it will be sent when the app can be reached.")
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(words)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// A page that says what went wrong, in words, with a way back.
    func errorPage(_ status: Int, _ title: String, _ message: String) -> HTTPResponse {
        .html(errorDocument(title, message), status: status)
    }

    /// The document of ``errorPage(_:_:_:)``; `link` (its text already in the reader's
    /// language) in place of the shell's way back.
    package func errorDocument(_ title: String, _ message: String, link: (text: String, path: String)? = nil) -> String {
        let back = link ?? (strings(backLink.title), backLink.path)
        let main: [HTMLNode] =
            _PageHeading.nodes(title: title) + [
                .element(
                    "div", [.class("ock-card ck-error"), .role("alert")],
                    [
                        .element("p", [], [.text(message)]),
                        .element("p", [], [.element("a", [HTMLAttribute("href", back.path)], [.text(back.text)])])
                    ])
            ]
        return document(title: title, activeTab: nil, main: main)
    }
}

/// The heading of a page: its title, and a subtitle and a notice when it has them.
package enum _PageHeading {
    package static func nodes(title: String, subtitle: String? = nil, notice: String? = nil) -> [HTMLNode] {
        var heading: [HTMLNode] = [.element("h1", [.class("ck-page-title")], [.text(title)])]
        if let subtitle { heading.append(.element("p", [.class("ck-page-subtitle")], [.text(subtitle)])) }
        if let notice { heading.append(.element("p", [.class("ck-page-notice"), .role("note")], [.text(notice)])) }
        return [.element("div", [.class("ck-page-heading")], heading)]
    }
}
