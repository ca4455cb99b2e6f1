import CareKitUI

extension OCKCatalog {
    // MARK: Styles

    struct ZombieColors: OCKColorStyler {
        var customBlue: OCKColor { OCKColor(light: OCKColor(hex: 0xB34700), dark: OCKColor(hex: 0xFF9F45)) }
        var separator: OCKColor { .black }
        var secondaryCustomGroupedBackground: OCKColor { OCKColor(light: OCKColor(hex: 0xFFF8F0), dark: OCKColor(hex: 0x2A1F14)) }
    }

    struct ZombieAppearance: OCKAppearanceStyler {
        var cornerRadius1: Double { 4 }
        var cornerRadius2: Double { 4 }
        var shadowOpacity1: Double { 0 }
    }

    struct ZombieStyle: OCKStyler {
        var color: OCKColorStyler { ZombieColors() }
        var appearance: OCKAppearanceStyler { ZombieAppearance() }
    }

    struct CalmColors: OCKColorStyler {
        var customBlue: OCKColor { OCKColor(light: OCKColor(hex: 0x1F7A5C), dark: OCKColor(hex: 0x5FD3A8)) }
        var tertiaryCustomGroupedBackground: OCKColor { OCKColor(light: OCKColor(hex: 0xE6F4EE), dark: OCKColor(hex: 0x17362B)) }
    }

    struct CalmDimensions: OCKDimensionStyler {
        var pointSize1: Double { 19 }
        var directionalInsets1: OCKEdgeInsets { OCKEdgeInsets(all: 22) }
    }

    struct CalmStyle: OCKStyler {
        var color: OCKColorStyler { CalmColors() }
        var dimension: OCKDimensionStyler { CalmDimensions() }
    }

    /// A custom card conforming to OCKCardable.
    final class QuoteCard: OCKView, OCKCardable {
        var isCardEnabled = true
        let quote: String

        init(quote: String) {
            self.quote = quote
            super.init()
        }

        override func makeNode() -> HTMLNode {
            cardNode(
                label: "Quote of the day",
                content: [
                    .element("p", [.class("ock-label ock-text-title3")], [.text("“" + quote + "”")]),
                    .element("p", [.class("ock-label ock-text-footnote"), HTMLAttribute("style", "color:var(--ock-color-secondary-label)")], ["Quote of the day · a custom OCKCardable view"])
                ])
        }
    }

    static func styleItems() -> [Item] {
        let zombie = OCKInstructionsTaskView()
        zombie.customStyle = ZombieStyle()
        zombie.headerView.titleLabel.text = "Zombie training"
        zombie.headerView.detailLabel.text = "Custom colours and corners"
        zombie.instructionsLabel.text = "Run from the zombies for 20 minutes. The separator is black, as in the README's styling sample."
        zombie.completionButton.action = action("events/training-0/complete")

        let calm = OCKChecklistTaskView()
        calm.customStyle = CalmStyle()
        calm.headerView.titleLabel.text = "Breathing exercises"
        calm.headerView.detailLabel.text = "A second style on the same page"
        for (index, time) in ["Morning", "Evening"].enumerated() {
            let item = calm.appendItem(withTitle: time)
            item.isSelected = index == 0
            item.action = action("events/breathing-\(index)/toggle")
        }

        let nested = OCKInstructionsTaskView()
        nested.customStyle = ZombieStyle()
        nested.headerView.titleLabel.text = "Nested styles"
        nested.headerView.detailLabel.text = "Card styled, button keeps its own style"
        nested.instructionsLabel.text = "The card has the zombie style; the button below has a style of its own, so the card's does not replace it."
        nested.completionButton.customStyle = CalmStyle()
        nested.completionButton.isSelected = true
        nested.completionButton.action = action("events/nested-0/uncomplete")

        let tinted = OCKSimpleTaskView()
        tinted.tintColor = .systemPink
        tinted.headerView.titleLabel.text = "Tint colour"
        tinted.headerView.detailLabel.text = "tintColor = .systemPink"
        tinted.completionButton.isSelected = true

        let custom = OCKInstructionsTaskView()
        custom.headerView.titleLabel.text = "Custom content"
        custom.headerView.detailLabel.text = "Added to contentStackView"
        custom.instructionsLabel.text = "Views added to the content stack take the card's spacing and style."
        let note = OCKHTMLView(
            .element(
                "p", [.class("ock-label ock-text-footnote"), HTMLAttribute("style", "padding:10px 12px;border-radius:10px;background:var(--ock-color-tertiary-custom-grouped-background)")],
                [
                    .element("strong", [], ["Note: "]), "this box is an OCKHTMLView inserted before the button."
                ]))
        custom.contentStackView.insertArrangedSubview(note, at: 3)

        return [
            Item(caption: "customStyle = ZombieStyle()", view: zombie),
            Item(caption: "customStyle = CalmStyle()", view: calm),
            Item(caption: "A child with its own custom style keeps it", view: nested),
            Item(caption: "Tint colour on one card", view: tinted),
            Item(caption: "Custom content in contentStackView", view: custom),
            Item(caption: "A custom card conforming to OCKCardable", view: QuoteCard(quote: "Small steps every day add up."))
        ]
    }

    // MARK: Hostile content

    static func hostileItems() -> [Item] {
        let hostile = OCKInstructionsTaskView()
        hostile.headerView.titleLabel.text = "<script>alert(1)</script>"
        hostile.headerView.detailLabel.text = "\"quotes\" & 'apostrophes' <b>not bold</b>"
        hostile.instructionsLabel.text = "<img src=x onerror=alert(1)> stays text, too."
        hostile.completionButton.label.text = "</button><script>alert(2)</script>"
        hostile.completionButton.action = OCKFormAction(url: "/catalog/events/x\"><script>alert(3)</script>", fields: ["id": "\" onmouseover=\"alert(4)"])
        hostile.identifier = "hostile-card"

        let links = OCKLinkView(
            title: "Links that are refused", detail: "javascript: and friends",
            links: [
                .website("javascript:alert(1)", title: "A javascript: website"),
                .call(phoneNumber: "call me maybe", title: "A phone number without digits"),
                .email(recipient: "not-an-address", title: "An invalid e-mail address"),
                .location("north", "-122", title: "A broken coordinate")
            ])
        links.instructionsLabel.text = "These render as plain, unavailable rows — never as links."
        return [
            Item(caption: "A title of <script>alert(1)</script> shows as text", view: hostile),
            Item(caption: "Unsafe or unusable links are not links", view: links)
        ]
    }
}
