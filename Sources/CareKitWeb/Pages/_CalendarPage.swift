import CareKitUI

/// The calendar page: the feed's address to subscribe to from a phone's or computer's
/// calendar (which then reminds without the app), and a way to replace the address.
struct _CalendarPage {
    let httpURL: String
    let webcalURL: String
    /// Whether the server answers this machine only (a phone cannot subscribe then).
    let isLocalOnly: Bool
    /// Whether the address was just replaced.
    let replaced: Bool
    let csrfToken: String

    var title: String { loc("Calendar") }

    var main: [HTMLNode] {
        var intro: [HTMLNode] = [
            .element("p", [], [.text(loc("Subscribe to your care plan in your calendar app: it shows every task at its time and reminds you, even when this app is closed."))]),
            .element(
                "p", [.class("ck-calendar-actions")],
                [
                    .element("a", [HTMLAttribute("href", webcalURL), .class("ock-button ock-labeled-button ck-subscribe")], [.text(loc("Subscribe"))])
                ]),
            .element(
                "label", [.class("ck-calendar-address")],
                [
                    .text(loc("The calendar's address")),
                    .element("input", [HTMLAttribute("type", "text"), HTMLAttribute("readonly", "readonly"), HTMLAttribute("value", httpURL), .id("ck-calendar-url")])
                ]),
            .element("p", [.class("ock-hint")], [.text(loc("Anyone who has this address can read your plan. Keep it to yourself and your calendar app."))])
        ]
        if isLocalOnly {
            intro.append(.element("p", [.class("ock-hint")], [.text(loc("This app answers this computer only, so a phone cannot reach the address. A calendar on this computer can."))]))
        }
        if replaced {
            intro.insert(
                .element(
                    "p", [.class("ck-page-notice"), .role("status")],
                    [.text(loc("The address was replaced: calendars subscribed to the old one no longer get your plan. Subscribe again with the new one."))]), at: 0)
        }
        let replace = HTMLNode.element(
            "form", [HTMLAttribute("method", "post"), HTMLAttribute("action", OCKWebRoute.replaceCalendarSecret.path), .class("ck-calendar-replace")],
            [
                _WebShell.csrfField(csrfToken),
                .element("p", [], [.text(loc("If the address got into the wrong hands, replace it. The old one stops working at once."))]),
                .element("button", [HTMLAttribute("type", "submit"), .class("ck-secondary-button")], [.text(loc("Replace the address"))])
            ])
        return _PageHeading.nodes(title: title) + [
            .element("section", [.class("ock-card ck-calendar"), .aria("label", loc("Calendar subscription"))], intro + [replace])
        ]
    }
}
