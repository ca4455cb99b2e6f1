import Foundation
import Testing

@testable import CareKitUI

@Suite("Contacts and links")
struct ContactAndLinkTests {
    @Test(
        "Phone numbers as people write them still dial",
        arguments: [
            ("(555) 555-0100", "5555550100"),
            ("555.555.0100", "5555550100"),
            ("+1 (555) 555-0100", "+15555550100"),
            ("+44 (0)20 7946-0958", "+442079460958"),
            ("555-0100 x123", "5550100"),
            ("555 0100 ext. 4", "5550100"),
            ("  +49 30 1234567  ", "+49301234567"),
            ("1+2", "12")
        ])
    func phoneNumbers(_ input: String, _ dialled: String) {
        #expect(OCKSafeURL.telephone(input) == "tel:" + dialled)
        #expect(OCKSafeURL.sms(input) == "sms:" + dialled)
    }

    @Test("Numbers without digits give no link", arguments: ["", "call me", "+", "javascript:alert(1)"])
    func noDigits(_ input: String) {
        #expect(OCKSafeURL.telephone(input) == nil)
    }

    @Test("E-mail addresses cannot add headers")
    func email() {
        #expect(OCKSafeURL.email("care@example.com") == "mailto:care@example.com")
        #expect(OCKSafeURL.email("a@b.com?bcc=evil@x.com") == nil)
        #expect(OCKSafeURL.email("a?b&c=d@example.com") == "mailto:a%3Fb%26c%3Dd@example.com")
        #expect(OCKSafeURL.email("not-an-address") == nil)
        #expect(OCKSafeURL.email("a b@c.com") == nil)
        #expect(OCKSafeURL.email("a@b@c") == nil)
    }

    @Test(
        "Only safe schemes are allowed",
        arguments: [
            ("https://example.com", true), ("http://x", true), ("/relative/path?q=1", true), ("#anchor", true),
            ("mailto:a@b.c", true), ("tel:123", true), ("sms:123", true), ("maps:?q=x", true), ("geo:1,2", true),
            ("javascript:alert(1)", false), ("JAVASCRIPT:alert(1)", false), ("  javascript:alert(1)", false),
            ("java\nscript:alert(1)", false), ("data:text/html,x", false), ("vbscript:x", false), ("file:///etc/passwd", false),
            ("", false), ("\u{0}javascript:x", false)
        ])
    func schemes(_ url: String, _ allowed: Bool) {
        #expect((OCKSafeURL.sanitize(url) != nil) == allowed)
    }

    @Test("Detailed contact buttons are tel:, sms:, mailto: and map links")
    func detailedContact() {
        let html = Fixtures.detailedContact().html
        #expect(html.contains("href=\"tel:5555550150\""))
        #expect(html.contains("href=\"sms:5555550151\""))
        #expect(html.contains("href=\"mailto:m.reiff@example.com\""))
        #expect(html.contains("href=\"https://maps.apple.com/?q=1%20Infinite%20Loop%0ACupertino%2C%20CA%2095014\""))
    }

    @Test("Buttons without a usable destination are left out")
    func missingDestinations() {
        let view = OCKDetailedContactView()
        view.headerView.titleLabel.text = "Nobody"
        #expect(!view.html.contains("ock-contact-buttons"))
        #expect(!view.html.contains("<a "))
        view.emailButton.destination = "javascript:alert(1)"
        view.callButton.destination = "no digits"
        #expect(!view.html.contains("<a "))
        view.callButton.destination = "911"
        #expect(view.html.occurrences(of: "<a ") == 1)
    }

    @Test("A contact without an image shows a monogram of the name")
    func monogram() {
        #expect(Fixtures.simpleContact().html.contains("<span class=\"ock-monogram\" aria-hidden=\"true\">LT</span>"))
        #expect(OCKImageView.monogram(for: "Lexi Torres") == "LT")
        #expect(OCKImageView.monogram(for: "  cher ") == "C")
        #expect(OCKImageView.monogram(for: "Dr. María José García") == "DG")
        #expect(OCKImageView.monogram(for: "123 !!") == nil)
        let withImage = Fixtures.simpleContact()
        withImage.headerView.iconImageView.image = OCKImage(url: "/lexi.jpg")
        #expect(!withImage.html.contains("ock-monogram"))
    }

    @Test("Link items build safe hrefs or none")
    func linkItems() {
        #expect(OCKLinkItem.website("apple.com", title: "").href == "https://apple.com")
        #expect(OCKLinkItem.website("http://apple.com", title: "").href == "http://apple.com")
        #expect(OCKLinkItem.website("javascript:alert(1)", title: "").href == nil)
        #expect(OCKLinkItem.url(URL(string: "javascript:alert(1)")!, title: "", symbol: "link").href == nil)
        #expect(OCKLinkItem.appStore(id: "id123", title: "").href == "https://apps.apple.com/app/id123")
        #expect(OCKLinkItem.location("37.5", "-122.25", title: "A & B").href == "https://maps.apple.com/?ll=37.5,-122.25&q=A%20%26%20B")
        #expect(OCKLinkItem.location("north", "0", title: "").href == nil)
        #expect(OCKLinkItem.location("91", "0", title: "").href == nil)
        #expect(OCKLinkItem.location("nan", "0", title: "").href == nil)
        #expect(OCKLinkItem.call(phoneNumber: "(555) 555-0100", title: "").href == "tel:5555550100")
        #expect(OCKLinkItem.message(phoneNumber: "555", title: "").href == "sms:555")
        #expect(OCKLinkItem.email(recipient: "a@b.c", title: "").href == "mailto:a@b.c")
    }

    @Test("Unusable links render as unavailable rows, never as links")
    func unavailableLinks() {
        let view = OCKLinkView(title: "Bad", links: [.website("javascript:alert(1)", title: "<b>Bad</b>")])
        let html = view.html
        #expect(!html.contains("<a "))
        #expect(!html.contains("javascript:"))
        #expect(html.contains("aria-disabled=\"true\""))
        #expect(html.contains("&lt;b&gt;Bad&lt;/b&gt;"))
    }

    @Test("External web links open safely in a new tab")
    func externalLinks() {
        let html = OCKLinkView(links: [.website("https://example.com", title: "Site")]).html
        #expect(html.contains("target=\"_blank\" rel=\"noopener noreferrer\""))
        let phone = OCKLinkView(links: [.call(phoneNumber: "1", title: "Call")]).html
        #expect(!phone.contains("target="))
    }
}
