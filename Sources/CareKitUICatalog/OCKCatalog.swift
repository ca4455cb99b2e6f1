import CareKitUI
import Foundation

/// A page that shows every CareKitUI view in its states and styles, in light and dark (after
/// CareKit's OCKCatalog app). The `carekit-catalog` command writes it to a file.
///
/// All content is fixed (dates, values, ids), so the page is the same bytes on every run.
public enum OCKCatalog {
    /// The catalog page.
    public static func document() -> OCKHTMLDocument {
        var sections: [HTMLNode] = [hero()]
        sections.append(
            section(
                id: "tasks", title: "Tasks",
                summary: "Task cards for medications, exercises and measurements. Buttons are forms: they work without JavaScript.",
                items: taskItems()))
        sections.append(
            section(
                id: "calendar", title: "Calendar and insights",
                summary: "The week calendar with one completion ring per day, and insight messages from the tutorial.",
                items: calendarItems()))
        sections.append(
            section(
                id: "charts", title: "Charts",
                summary: "Bar, line and scatter charts drawn as SVG, each with a title, a description and a data table for screen readers.",
                items: chartItems(prefix: "light")))
        sections.append(
            section(
                id: "contacts", title: "Contacts",
                summary: "Call, message, e-mail and map links. Phone numbers are cleaned up so they dial.",
                items: contactItems()))
        sections.append(
            section(
                id: "styles", title: "Custom styles",
                summary: "A custom OCKStyler on a card reaches every part of it that has no style of its own; two styles live side by side.",
                items: styleItems()))
        sections.append(
            section(
                id: "escaping", title: "Hostile content",
                summary: "Everything is escaped by construction: markup in titles shows as text, and unsafe links are not links.",
                items: hostileItems()))
        sections.append(
            .element(
                "section", [.class("catalog-section catalog-dark ock-scheme-dark"), .id("dark"), .aria("labelledby", "dark-title")],
                [
                    .element(
                        "div", [.class("catalog-section-header")],
                        [
                            .element("h2", [.id("dark-title")], ["Dark appearance"]),
                            .element("p", [], ["The same cards with the dark colour scheme, as a browser in dark mode shows them."])
                        ]),
                    .element("div", [.class("ock-card-grid")], (taskItems().prefix(6) + calendarItems() + chartItems(prefix: "dark").prefix(3)).map(\.node))
                ]))
        return OCKHTMLDocument(
            title: "CareKit Catalog", language: "en", colorScheme: .automatic,
            body: sections + [footer()], additionalCSS: catalogCSS)
    }

    // MARK: Layout

    struct Item {
        let caption: String
        let view: OCKView

        var node: HTMLNode {
            .element(
                "figure", [.class("catalog-item")],
                [
                    view.render(standalone: true),
                    .element("figcaption", [], [.text(caption)])
                ])
        }
    }

    static func section(id: String, title: String, summary: String, items: [Item]) -> HTMLNode {
        .element(
            "section", [.class("catalog-section"), .id(id), .aria("labelledby", id + "-title")],
            [
                .element(
                    "div", [.class("catalog-section-header")],
                    [
                        .element("h2", [.id(id + "-title")], [.text(title)]),
                        .element("p", [], [.text(summary)])
                    ]),
                .element("div", [.class("ock-card-grid")], items.map(\.node))
            ])
    }

    static func hero() -> HTMLNode {
        let links: [(String, String)] = [
            ("#tasks", "Tasks"), ("#calendar", "Calendar"), ("#charts", "Charts"), ("#contacts", "Contacts"),
            ("#styles", "Styles"), ("#escaping", "Escaping"), ("#dark", "Dark")
        ]
        return .element(
            "header", [.class("catalog-hero")],
            [
                .element(
                    "div", [.class("catalog-brand")],
                    [
                        .element("span", [.class("catalog-logo"), .ariaHidden], [OCKSymbol.heart.svg()]),
                        .element(
                            "div", [],
                            [
                                .element("h1", [], ["CareKit Catalog"]),
                                .element("p", [], ["Every CareKitUI view in its states and styles — accessible HTML and SVG, rendered in Swift on Linux."])
                            ])
                    ]),
                .element(
                    "nav", [.aria("label", "Sections")],
                    [
                        .element(
                            "ul", [.class("catalog-nav")],
                            links.map { href, title in
                                .element("li", [], [.element("a", [HTMLAttribute("href", href)], [.text(title)])])
                            })
                    ])
            ])
    }

    static func footer() -> HTMLNode {
        .element(
            "footer", [.class("catalog-footer")],
            [
                .element("p", [], [.text("CareKitUI " + CareKitUI.version + " · Generated by carekit-catalog · Same input, same bytes.")])
            ])
    }

    /// A calendar with fixed settings, so the catalog never depends on the machine.
    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        calendar.locale = Locale(identifier: "en_US")
        calendar.firstWeekday = 1
        return calendar
    }

    /// Wednesday, 6 March 2024, noon UTC.
    static let today = Date(timeIntervalSince1970: 1_709_726_400)

    /// A form action for the catalog's buttons (they post to a path the page does not serve).
    static func action(_ path: String) -> OCKFormAction {
        OCKFormAction(method: .post, url: "/catalog/" + path, fields: ["token": "catalog"])
    }

    /// The catalog's own rules (`Resources/catalog.css`), after CareKitUI's stylesheet.
    static let catalogCSS = String(embeddedResource: PackageResources.catalog_css)
}
