import CareKit
import CareKitHTTP
import CareKitUI

/// The report in the app (`GET /report`, linked from every page): the days to cover, the PDF
/// to download and the printable page, and the report itself.
struct _ReportPage {
    let document: OCKDocument
    /// The days shown, `YYYY-MM-DD`.
    let from: String
    let to: String
    /// The days in words ("From … to …").
    let range: String
    /// Whether the store has the patient's name; without it the page says where to add it.
    let hasPatientName: Bool

    var title: String { document.title }

    /// The report as PDF or printable HTML for the same days.
    private func path(_ format: String) -> String {
        OCKWebRoute.report.path(query: [("from", from), ("to", to), ("format", format)])
    }

    var main: [HTMLNode] {
        func day(_ label: String, _ name: String, _ value: String) -> HTMLNode {
            .element(
                "label", [],
                [.text(label + " "), .element("input", [HTMLAttribute("type", "date"), HTMLAttribute("name", name), HTMLAttribute("value", value), .flag("required")])])
        }
        var content: [HTMLNode] = []
        if !hasPatientName {
            content.append(
                .element(
                    "p", [.class("ck-page-notice ck-report-no-name"), .role("note")],
                    [
                        .text(loc("Name not recorded.") + " "),
                        .element("a", [HTMLAttribute("href", OCKWebRoute.aboutYou.path(query: [("return", OCKWebRoute.report.path)]))], [.text(loc("Add your name"))])
                    ]))
        }
        content.append(
            .element(
                "form", [.class("ock-card ck-report-form"), HTMLAttribute("method", "get"), HTMLAttribute("action", OCKWebRoute.report.path)],
                [
                    .element("h2", [.class("ck-card-heading")], [.text(loc("Days in the report"))]),
                    .element("div", [.class("ck-report-range")], [day(loc("From"), "from", from), day(loc("To"), "to", to)]),
                    .element(
                        "div", [.class("ck-report-buttons")],
                        [
                            .element("button", [.class("ock-button ock-labeled-button"), HTMLAttribute("type", "submit")], [.text(loc("Show these days"))]),
                            .element("a", [.class("ock-button ock-secondary-link ck-report-pdf"), HTMLAttribute("href", path("pdf"))], [.text(loc("Download PDF"))]),
                            .element("a", [.class("ock-button ock-secondary-link"), HTMLAttribute("href", path("html"))], [.text(loc("Printable page"))])
                        ])
                ]))
        content.append(.element("section", [.class("ock-card ck-report-view"), .aria("label", title)], [document.htmlArticle(includesTitle: false)]))
        return _PageHeading.nodes(title: title, subtitle: range) + [.element("div", [.class("ock-card-list")], content)]
    }
}
