import Testing

@testable import CareKitUI

@Suite("Buttons and forms")
struct FormActionTests {
    @Test("A button with an action is a submit button inside a form with hidden fields, in order")
    func form() {
        let button = OCKLabeledButton(title: "Mark as Completed")
        button.action = OCKFormAction(method: .post, url: "/events/abc/complete", fields: ["csrf": "t", "value": "1"])
        #expect(
            button.render().render(.compact) == """
                <form class="ock-form" method="post" action="/events/abc/complete">\
                <input type="hidden" name="csrf" value="t"><input type="hidden" name="value" value="1">\
                <button class="ock-button ock-labeled-button" type="submit" aria-pressed="false">\
                <span class="ock-label ock-text-body">Mark as Completed</span></button></form>
                """)
    }

    @Test("Without an action a button is an inert type=button")
    func inert() {
        let button = OCKCheckmarkButton()
        let html = button.render().render(.compact)
        #expect(html.hasPrefix("<button class=\"ock-button ock-checkmark-button\" type=\"button\" aria-pressed=\"false\" aria-label=\"Mark as completed\">"))
        #expect(!html.contains("<form"))
    }

    @Test("Selected and disabled states")
    func states() {
        let button = OCKLabeledButton()
        button.isSelected = true
        button.isEnabled = false
        let html = button.render().render(.compact)
        #expect(html.contains("ock-selected"))
        #expect(html.contains("aria-pressed=\"true\""))
        #expect(html.contains(" disabled>"))
        #expect(html.contains(">Completed</span>"))
    }

    @Test("GET actions and adding fields")
    func getAction() {
        let action = OCKFormAction(method: .get, url: "/care").adding("date", "2024-03-06")
        let button = OCKButton(title: "Go")
        button.action = action
        #expect(button.render().render(.compact).hasPrefix("<form class=\"ock-form\" method=\"get\" action=\"/care\"><input type=\"hidden\" name=\"date\" value=\"2024-03-06\">"))
        #expect(action.safeURL == "/care")
    }

    @Test("Log buttons and log items are not toggles")
    func nonToggles() {
        let log = Fixtures.buttonLog()
        let html = log.html
        #expect(html.contains("<span class=\"ock-label ock-text-body\">Log</span>"))
        #expect(html.occurrences(of: "aria-pressed") == 0)
    }

    @Test("Checklist rows can be inserted, updated and removed")
    func checklistItems() {
        let view = OCKChecklistTaskView()
        view.appendItem(withTitle: "B")
        view.insertItem(withTitle: "A", at: -5)
        view.insertItem(withTitle: "C", at: 99)
        #expect(view.items.map { $0.label.text ?? "" } == ["A", "B", "C"])
        view.updateItem(at: 1, withTitle: "B2")
        #expect(view.updateItem(at: 7, withTitle: "X") == nil)
        #expect(view.removeItem(at: 0)?.label.text == "A")
        #expect(view.removeItem(at: 10) == nil)
        #expect(view.items.map { $0.label.text ?? "" } == ["B2", "C"])
        view.clearItems()
        #expect(view.items.isEmpty)
        #expect(!view.html.contains("<ul"))
    }

    @Test("Custom content inserted into the content stack renders in place")
    func customContent() {
        let view = Fixtures.instructions()
        view.contentStackView.insertArrangedSubview(OCKHTMLView(.element("p", [.class("mine")], ["Mine"])), at: 1)
        let html = view.html
        guard let header = html.range(of: "</header>"), let mine = html.range(of: "class=\"mine\""),
            let button = html.range(of: "<button")
        else {
            Issue.record("missing parts")
            return
        }
        #expect(header.upperBound < mine.lowerBound && mine.upperBound < button.lowerBound)
    }

    @Test("Hidden views and empty labels render nothing")
    func hiddenViews() {
        let view = Fixtures.instructions()
        view.instructionsLabel.text = ""
        view.separatorView.isHidden = true
        let html = view.html
        #expect(!html.contains("ock-instructions\""))
        #expect(!html.contains("ock-separator"))
        view.isHidden = true
        #expect(view.html.isEmpty)
    }
}
