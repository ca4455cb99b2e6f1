import CareKit
import CareKitStore
import CareKitUI
import Foundation

/// A contact's page: the contact card with call, message and e-mail links, and, when the app
/// makes reports, a form that sends the care report for a range of days.
struct _ContactPage {
    let contact: any OCKAnyContact
    /// The contact card, rendered by CareKit's detailed contact controller.
    let card: HTMLNode
    /// The days the report form proposes (the last week), or nil without reports.
    let reportDays: (from: String, to: String)?
    /// Where "All contacts" leads.
    let listPath: String

    var title: String { OCKContactFormatting.name(contact.name) }

    var main: [HTMLNode] {
        var content: [HTMLNode] = [card]
        if let reportDays {
            func day(_ label: String, _ name: String, _ value: String) -> HTMLNode {
                .element("label", [], [.text(label), .element("input", [HTMLAttribute("type", "date"), HTMLAttribute("name", name), HTMLAttribute("value", value), .flag("required")])])
            }
            func button(_ format: String, _ title: String, _ style: String) -> HTMLNode {
                .element("button", [.class("ock-button \(style)"), HTMLAttribute("type", "submit"), HTMLAttribute("name", "format"), HTMLAttribute("value", format)], [.text(title)])
            }
            content.append(
                .element(
                    "form", [.class("ock-card ck-report-form"), HTMLAttribute("method", "get"), HTMLAttribute("action", OCKWebRoute.report.path)],
                    [
                        .element("h2", [.class("ck-card-heading")], [.text(loc("Send report"))]),
                        .element("p", [.class("ock-text-subheadline")], [.text(loc("A summary of your care plan for {contact}: tasks completed and measurements recorded.", ["contact": title]))]),
                        .element("input", [HTMLAttribute("type", "hidden"), HTMLAttribute("name", "contact"), HTMLAttribute("value", contact.id)]),
                        .element("div", [.class("ck-report-range")], [day(loc("From") + " ", "from", reportDays.from), day(loc("To") + " ", "to", reportDays.to)]),
                        .element("div", [.class("ck-report-buttons")], [button("pdf", loc("Download PDF"), "ock-labeled-button"), button("html", loc("View report"), "ck-secondary-button")])
                    ]))
        }
        content.append(
            .element(
                "p", [.class("ck-plan-links")],
                [
                    .element("a", [HTMLAttribute("href", OCKWebRoute.editContact(contact.id).path), .class("ock-button ock-secondary-link")], [.text(loc("Edit contact"))]),
                    .element("a", [HTMLAttribute("href", OCKWebRoute.removeContact(contact.id).path), .class("ock-button ock-secondary-link")], [.text(loc("Remove contact"))])
                ]))
        content.append(.element("p", [], [.element("a", [HTMLAttribute("href", listPath), .class("ck-back")], [.text(loc("All contacts"))])]))
        return _PageHeading.nodes(title: title) + [.element("div", [.class("ock-card-list")], content)]
    }
}
