import Foundation
import Testing

@testable import CareKitUI

/// Hostile strings must show as text wherever a caller can put a string.
@Suite("Escaping hostile input")
struct EscapingTests {
    static let hostile = [
        "<script>alert(1)</script>",
        "\"><img src=x onerror=alert(1)>",
        "' onmouseover='alert(1)",
        "</textarea></style></script><svg onload=alert(1)>",
        "&lt;already escaped&gt;",
        "javascript:alert(1)"
    ]

    /// Every text-bearing property of every view, set to `value`.
    static func views(_ value: String) -> [OCKView] {
        let instructions = OCKInstructionsTaskView()
        instructions.headerView.titleLabel.text = value
        instructions.headerView.detailLabel.text = value
        instructions.instructionsLabel.text = value
        instructions.completionButton.label.text = value
        instructions.completionButton.accessibilityLabel = value
        instructions.completionButton.action = OCKFormAction(url: "/a", fields: [value: value])
        instructions.identifier = value
        instructions.additionalClasses = [value]

        let checklist = OCKChecklistTaskView()
        checklist.headerView.titleLabel.text = value
        checklist.appendItem(withTitle: value)

        let grid = OCKGridTaskView()
        grid.appendItem(withTitle: value)

        let log = OCKButtonLogTaskView()
        log.appendItem(withTitle: value, detail: value)

        let progress = OCKNumericProgressTaskView()
        progress.headerView.titleLabel.text = value
        progress.progressLabel.text = value
        progress.goalLabel.text = value
        progress.fractionCompleted = 0.5

        let labeled = OCKLabeledValueTaskView()
        labeled.status = .complete(value, value)

        let links = OCKLinkView(
            title: value, detail: value,
            links: [
                .website(value, title: value), .call(phoneNumber: value, title: value),
                .email(recipient: value, title: value), .location(value, value, title: value)
            ])

        let featured = OCKFeaturedContentView(imageURL: value, title: value, url: value)
        let detail = OCKDetailView(title: value, body: value, image: OCKImage(url: value))
        detail.imageView.accessibilityLabel = value

        let chart = OCKCartesianChartView(type: .bar)
        chart.headerView.titleLabel.text = value
        var series = OCKDataSeries(values: [1, 2], title: value)
        series.accessibilityLabels = [value, value]
        chart.graphView.dataSeries = [series]
        chart.graphView.horizontalAxisMarkers = [value, value]
        chart.graphView.chartIdentifier = value
        chart.graphView.accessibilityDescription = value

        let contact = OCKDetailedContactView()
        contact.headerView.titleLabel.text = value
        contact.headerView.disclosureURL = value
        contact.instructionsLabel.text = value
        contact.callButton.destination = value + "5550100"
        contact.emailButton.destination = value
        contact.addressButton.detailLabel.text = value

        let week = OCKWeekCalendarView(weekOfDate: Fixtures.wednesday, calendar: Fixtures.calendar)
        week.accessibilityLabel = value
        week.completionRingButtons[0].accessibleDate = value

        let message = OCKMessageItem(title: value, text: value, messageType: .alert)
        let custom = OCKHTMLView(.element("p", [HTMLAttribute("title", value)], [.text(value)]))
        return [instructions, checklist, grid, log, progress, labeled, links, featured, detail, chart, contact, week, message, custom]
    }

    static let dangerousTags: Set<String> = ["script", "iframe", "object", "embed", "base", "meta", "link", "style", "textarea"]

    @Test("No hostile string creates an element, an attribute or a script URL", arguments: hostile)
    func neverInjected(_ value: String) {
        for view in Self.views(value) {
            let name = String(describing: type(of: view))
            for tag in MarkupScanner.startTags(view.html) {
                #expect(!Self.dangerousTags.contains(tag.name), Comment(rawValue: name + ": <" + tag.name + ">"))
                #expect(!tag.name.contains("\""), Comment(rawValue: name))
                if tag.name == "img" {
                    #expect(tag.attributes.first?.value == "ock-image", Comment(rawValue: name + ": unexpected <img>"))
                }
                for attribute in tag.attributes {
                    #expect(!attribute.name.hasPrefix("on"), Comment(rawValue: name + ": " + attribute.name))
                    #expect(!attribute.name.contains("\"") && !attribute.name.contains("'"), Comment(rawValue: name + ": " + attribute.name))
                    if ["href", "src", "action"].contains(attribute.name) {
                        let lowered = attribute.value.lowercased().filter { !$0.isWhitespace }
                        #expect(!lowered.hasPrefix("javascript:"), Comment(rawValue: name + ": " + attribute.value))
                    }
                }
            }
        }
    }

    @Test("Hostile strings do not change the markup's structure")
    func sameStructure() {
        for value in Self.hostile {
            let benign = String(repeating: "b", count: 3)
            for (hostileView, benignView) in zip(Self.views(value), Self.views(benign)) {
                let hostileTags = MarkupScanner.startTags(hostileView.html).map(\.name)
                let benignTags = MarkupScanner.startTags(benignView.html).map(\.name)
                // Links that became unavailable swap an <a> for a <span>; nothing is added.
                #expect(hostileTags.count <= benignTags.count + 2, Comment(rawValue: String(describing: type(of: hostileView))))
                #expect(
                    Set(hostileTags).subtracting(benignTags).subtracting(["a", "span", "img", "form", "input"]).isEmpty,
                    Comment(rawValue: String(describing: type(of: hostileView))))
            }
        }
    }

    @Test("A hostile title shows as the literal text")
    func literalText() {
        let view = OCKInstructionsTaskView()
        view.headerView.titleLabel.text = "<script>alert(1)</script>"
        let node = view.render(standalone: true)
        #expect(node.textContent.contains("<script>alert(1)</script>"))
        #expect(view.html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }

    @Test("Quotes cannot break out of attributes")
    func quotes() {
        let view = OCKInstructionsTaskView()
        view.headerView.titleLabel.text = "\" autofocus onfocus=\"alert(1)"
        let html = view.html
        #expect(html.contains("aria-label=\"&quot; autofocus onfocus=&quot;alert(1)\""))
        let names = MarkupScanner.startTags(html).flatMap { $0.attributes.map(\.name) }
        #expect(!names.contains("autofocus") && !names.contains("onfocus"))
    }

    @Test("javascript: form actions make the button inert")
    func inertButton() {
        let view = OCKInstructionsTaskView()
        view.completionButton.action = OCKFormAction(url: "javascript:alert(1)")
        let html = view.html
        #expect(!html.contains("<form"))
        #expect(html.contains("type=\"button\""))
    }

    @Test("A document title is escaped")
    func documentTitle() {
        let page = OCKHTMLDocument(title: "</title><script>alert(1)</script>", body: []).render()
        #expect(page.contains("<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>"))
    }

    /// Character by character, the rule of ``HTMLEscaping``.
    static func reference(_ string: String, quotes: Bool) -> String {
        var out = ""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes: out += "&quot;"
            case "'" where quotes: out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case let s where s.value < 0x20 || (0x7F...0x9F).contains(s.value): out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    @Test("Every character that escaping changes is found at every position of a long string")
    func everyPosition() {
        // The scan reads eight bytes at a time: each special character at each offset, C1
        // controls across a word's end, and non-ASCII text that needs nothing.
        let specials = ["&", "<", ">", "\"", "'", "\u{01}", "\u{1F}", "\u{7F}", "\u{85}", "\u{9F}", "\t", "\n", "é", "\u{A0}", "\u{C2}", "→"]
        for special in specials {
            for position in 0..<20 {
                let string = String(repeating: "a", count: position) + special + String(repeating: "b", count: 19 - position)
                #expect(HTMLEscaping.escapeText(string) == Self.reference(string, quotes: false), "\(special.unicodeScalars.map(\.value)) at \(position)")
                #expect(HTMLEscaping.escapeAttribute(string) == Self.reference(string, quotes: true), "\(special.unicodeScalars.map(\.value)) at \(position)")
            }
        }
    }
}
