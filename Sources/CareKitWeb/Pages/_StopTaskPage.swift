import CareKitUI

/// "Stop": asks for the task's last day; what was recorded stays in its history.
struct _StopTaskPage {
    let taskID: String
    let title: String
    /// The last day as typed (`YYYY-MM-DD`).
    var lastDay: String
    /// Why the last stop did not happen, in words.
    var problem: String?
    let csrfToken: String

    var pageTitle: String { loc("Stop {task}", ["task": title]) }

    var main: [HTMLNode] {
        var fields: [HTMLNode] = [
            _WebShell.csrfField(csrfToken),
            .element("p", [], [.text(loc("{task} happens for the last time on the day you choose. Everything you recorded stays in its history, and you can plan it again later.", ["task": title]))])
        ]
        var input = [HTMLAttribute("type", "date"), HTMLAttribute("name", "until"), .id("stop-until"), HTMLAttribute("value", lastDay), .flag("autofocus")]
        if problem != nil { input += [.aria("invalid", "true"), .aria("describedby", "stop-error")] }
        fields.append(
            .element(
                "div", [.class(problem == nil ? "ock-question" : "ock-question ock-invalid")],
                [
                    .element("label", [HTMLAttribute("for", "stop-until"), .class("ock-question-prompt")], [.text(loc("Last day"))]),
                    .element("input", input)
                ] + (problem.map { [.element("p", [.class("ock-form-error ck-field-error"), .role("alert"), .id("stop-error")], [.text($0)])] } ?? [])))
        fields.append(
            .element(
                "div", [.class("ock-form-buttons")],
                [
                    .element("button", [.class("ock-button ock-labeled-button ock-primary"), HTMLAttribute("type", "submit")], [.text(pageTitle)]),
                    .element("a", [.class("ock-button ock-secondary-link"), HTMLAttribute("href", OCKWebRoute.task(taskID).path)], [.text(loc("Cancel"))])
                ]))
        return _PageHeading.nodes(title: pageTitle) + [
            .element(
                "div", [.class("ock-card-list")],
                [
                    .element("form", [.class("ock-card ock-survey-form ck-stop-form"), HTMLAttribute("method", "post"), HTMLAttribute("action", OCKWebRoute.stopTask(taskID).path)], fields)
                ])
        ]
    }
}
