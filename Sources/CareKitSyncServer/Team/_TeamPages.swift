import CareKit
import CareKitHTTP
import CareKitStore
import CareKitUI
import Foundation

/// The dashboard's pages: server-rendered, escaped by the node builder, plain forms that work
/// without JavaScript.
enum _TeamPages {
    static let css = """
        .team-bar{display:flex;justify-content:space-between;align-items:center;gap:1rem;flex-wrap:wrap}
        .team-table{border-collapse:collapse;width:100%}.team-table th,.team-table td{text-align:left;padding:.4rem;border-bottom:1px solid #ccc;vertical-align:top}
        .team-rings{display:flex;flex-wrap:wrap;gap:.2rem}.team-alert{color:var(--ock-color-custom-red)}.team-error{color:var(--ock-color-custom-red);font-weight:bold}
        .team-form label{display:block;margin:.5rem 0}.team-events li{margin:.4rem 0}
        .team-tabs{display:flex;gap:.4rem 1rem;flex-wrap:wrap;margin:.5rem 0 1rem}.team-tabs a[aria-current]{font-weight:bold}
        .team-readonly{margin:0 0 1rem;padding:.5rem;border-left:4px solid #888}
        body{overflow-wrap:break-word}.team-table th,.team-table td{overflow-wrap:anywhere}
        input,select,textarea{max-width:100%;box-sizing:border-box}.team-bar>*{min-width:0;max-width:100%}
        """

    static func document(_ title: String, _ body: [HTMLNode], pageCSS: String = "") -> String {
        OCKHTMLDocument(title: title, body: body, additionalCSS: css + (pageCSS.isEmpty ? "" : "\n" + pageCSS)).render()
    }

    /// The links between a patient's pages, the current one marked.
    static func patientNav(_ links: [(href: String, text: String, isCurrent: Bool)]) -> HTMLNode {
        .element(
            "nav", [.class("team-tabs"), .aria("label", "This patient")],
            links.map { link in
                .element("a", [HTMLAttribute("href", link.href)] + (link.isCurrent ? [.aria("current", "page")] : []), [.text(link.text)])
            })
    }

    /// One of a patient's pages: the app's page shown read-only, or a form of the dashboard.
    static func patientPage(
        patient: SyncPatient, title: String, links: [(href: String, text: String, isCurrent: Bool)], main: [HTMLNode],
        readOnly: Bool = true, clinician: SyncClinician, csrf: String, pageCSS: String
    ) -> String {
        var body: [HTMLNode] = [header(clinician, csrf: csrf), .element("h1", [], [.text(patient.name)]), patientNav(links)]
        if readOnly {
            body.append(.element("p", [.class("team-readonly"), .role("note")], [.text("As \(patient.name) sees it in their app, as of their last sync. Read-only: only the patient records here.")]))
        }
        body.append(.element("div", [.class("team-app-page")], main))
        return document("\(patient.name), \(title) — CareKit care team", body, pageCSS: pageCSS)
    }

    static func csrfField(_ token: String) -> HTMLNode {
        .element("input", [HTMLAttribute("type", "hidden"), HTMLAttribute("name", "csrf"), HTMLAttribute("value", token)])
    }

    static func link(_ href: String, _ text: String) -> HTMLNode {
        .element("a", [HTMLAttribute("href", href)], [.text(text)])
    }

    /// The sign-in form, with the reason of the last refusal.
    static func login(csrf: String, email: String, message: String?) -> String {
        var body: [HTMLNode] = [.element("h1", [], [.text("Care team sign-in")])]
        if let message { body.append(.element("p", [.class("team-error"), .role("alert")], [.text(message)])) }
        body.append(
            .element(
                "form", [.class("team-form"), HTMLAttribute("method", "post"), HTMLAttribute("action", "/team/login")],
                [
                    csrfField(csrf),
                    .element(
                        "label", [],
                        [
                            .text("E-mail address "),
                            .element(
                                "input",
                                [
                                    HTMLAttribute("type", "email"), HTMLAttribute("name", "email"), HTMLAttribute("value", email),
                                    HTMLAttribute("autocomplete", "username"), .flag("required")
                                ])
                        ]),
                    .element(
                        "label", [],
                        [
                            .text("Password "),
                            .element(
                                "input",
                                [
                                    HTMLAttribute("type", "password"), HTMLAttribute("name", "password"), HTMLAttribute("autocomplete", "current-password"), .flag("required")
                                ])
                        ]),
                    .element("button", [HTMLAttribute("type", "submit")], [.text("Sign in")])
                ]))
        return document("Sign in — CareKit care team", body)
    }

    static func header(_ clinician: SyncClinician, csrf: String) -> HTMLNode {
        .element(
            "div", [.class("team-bar")],
            [
                .element("p", [], [link("/team", "Patients"), .text(" · signed in as \(clinician.email)")]),
                .element(
                    "form", [HTMLAttribute("method", "post"), HTMLAttribute("action", "/team/logout")],
                    [
                        csrfField(csrf), .element("button", [HTMLAttribute("type", "submit")], [.text("Sign out")])
                    ])
            ])
    }

    static func ring(_ adherence: OCKAdherence, day: Date, calendar: Calendar) -> HTMLNode {
        let state: OCKCompletionState
        switch adherence {
        case .noTasks, .noEvents: state = .empty
        case .progress(let fraction): state = fraction <= 0 ? .zero : .progress(fraction)
        }
        let ring = OCKCompletionRingView(state: state)
        ring.diameter = 28
        ring.centerText = String(calendar.component(.day, from: day))
        ring.accessibilityLabel = "\(OCKDayCodec.string(from: day, calendar: calendar)): \(state.accessibilityDescription)"
        return ring.makeNode()
    }

    /// When, in the server's calendar: `2025-01-02 14:05`.
    static func moment(_ date: Date, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return OCKDayCodec.string(from: date, calendar: calendar) + " " + String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    static func patientList(
        _ overviews: [_PatientOverview], paging: Paging, clinician: SyncClinician, csrf: String, calendar: Calendar,
        sort: String, onlyAlerts: Bool, search: String, stale: Int?
    ) -> String {
        let sorts = [("name", "Name"), ("adherence", "Adherence (lowest first)"), ("sync", "Last sync (oldest first)"), ("alerts", "Alerts (most first)")]
        let filter: HTMLNode = .element(
            "form", [.class("team-bar"), HTMLAttribute("method", "get"), HTMLAttribute("action", "/team")],
            [
                .element("label", [], [.text("Name contains "), .element("input", [HTMLAttribute("type", "search"), HTMLAttribute("name", "q"), HTMLAttribute("value", search)])]),
                .element(
                    "label", [],
                    [
                        .text("Sort by "),
                        .element(
                            "select", [HTMLAttribute("name", "sort")],
                            sorts.map { value, label in
                                .element("option", [HTMLAttribute("value", value)] + (value == sort ? [.flag("selected")] : []), [.text(label)])
                            })
                    ]),
                .element(
                    "label", [],
                    [
                        .element(
                            "input",
                            [HTMLAttribute("type", "checkbox"), HTMLAttribute("name", "alerts"), HTMLAttribute("value", "1")]
                                + (onlyAlerts ? [.flag("checked")] : [])), .text(" Only patients with alerts")
                    ]),
                .element("button", [HTMLAttribute("type", "submit")], [.text("Show")])
            ])
        // Most patients' rings of a day look alike (complete, 0 %, nothing planned): each
        // different ring is built and rendered once per page, by the renderer that escapes.
        var rings: [String: HTMLNode] = [:]
        func ringNode(_ adherence: OCKAdherence, day: Date) -> HTMLNode {
            let key = "\(day.timeIntervalSinceReferenceDate) \(adherence)"
            if let node = rings[key] { return node }
            let node = HTMLNode.unsafeRawHTML(ring(adherence, day: day, calendar: calendar).render(.compact))
            rings[key] = node
            return node
        }
        let rows: [HTMLNode] = overviews.map { overview in
            let week = overview.weekFraction.map { OCKNumberFormat.percent($0) } ?? "Nothing planned"
            return .element(
                "tr", [HTMLAttribute("data-patient", String(overview.patient.id))],
                [
                    .element("td", [], [link("/team/patients/\(overview.patient.id)", overview.patient.name)]),
                    .element(
                        "td", [],
                        [
                            .container("div", [.class("team-rings")], overview.days.map { ringNode($0.adherence, day: $0.day) }),
                            .element("span", [.class("team-week")], [.text(week)])
                        ]),
                    .element("td", [], [.text(overview.lastSync.map { moment($0, calendar: calendar) } ?? "Never")]),
                    .element(
                        "td", [],
                        overview.alerts.isEmpty
                            ? [.text("None")]
                            : [.element("ul", [], overview.alerts.map { .element("li", [.class("team-alert")], [.text($0)]) })])
                ])
        }
        var body: [HTMLNode] = [header(clinician, csrf: csrf), .element("h1", [], [.text("Your patients")]), filter]
        if overviews.isEmpty {
            body.append(
                .element(
                    "p", [], [.text(onlyAlerts || !search.isEmpty ? "No patient matches." : "No patients are assigned to you yet; an administrator assigns them with carekit sync-server assign.")]))
        } else {
            body.append(
                .element(
                    "table", [.class("team-table")],
                    [
                        .element("thead", [], [.element("tr", [], ["Patient", "Last 7 days", "Last sync", "Alerts"].map { .element("th", [HTMLAttribute("scope", "col")], [.text($0)]) })]),
                        .element("tbody", [], rows)
                    ]))
            body.append(pageLinks(paging, sort: sort, onlyAlerts: onlyAlerts, search: search, stale: stale))
        }
        return document("Patients — CareKit care team", body)
    }

    static func patientDay(
        patient: SyncPatient, day: Date, events: [OCKAnyEvent], tasks: [OCKTask], notes: [String: [OCKNote]] = [:], notice: String?,
        audit: [SyncAuditEntry], links: [(href: String, text: String, isCurrent: Bool)], clinician: SyncClinician, csrf: String, calendar: Calendar
    ) -> String {
        let dayText = OCKDayCodec.string(from: day, calendar: calendar)
        let previous = calendar.date(byAdding: .day, value: -1, to: day).map { OCKDayCodec.string(from: $0, calendar: calendar) } ?? dayText
        let next = calendar.date(byAdding: .day, value: 1, to: day).map { OCKDayCodec.string(from: $0, calendar: calendar) } ?? dayText
        let base = "/team/patients/\(patient.id)"
        let items: [HTMLNode] = events.map { event in
            let task = event.task
            let time = event.scheduleEvent.element.duration == .allDay ? "All day" : moment(event.scheduleEvent.start, calendar: calendar).suffix(5).description
            var parts: [HTMLNode] = [.element("strong", [], [.text(task.title ?? task.id)]), .text(" · \(time)")]
            if let instructions = task.instructions, !instructions.isEmpty { parts.append(.element("div", [], [.text(instructions)])) }
            if let outcome = event.outcome {
                let values = outcome.values.map { value -> String in
                    let position = event.scheduleEvent.element.targetRangePosition(of: value)
                    return value.description + (position == .above ? " (above target)" : position == .below ? " (below target)" : "")
                }
                parts.append(.element("div", [.class("team-done")], [.text(values.isEmpty ? "Done" : "Done: " + values.joined(separator: ", "))] + recorded(event, calendar: calendar)))
            } else {
                parts.append(.element("div", [.class("team-not-done")], [.text("Not done")]))
            }
            return .element("li", [HTMLAttribute("data-event", event.id)], parts)
        }
        let trail: [HTMLNode] = audit.map { entry in
            .element(
                "tr", [],
                [
                    .element("td", [], [.text(moment(entry.date, calendar: calendar))]),
                    .element("td", [], [.text(entry.clinicianEmail)]),
                    .element("td", [], [.text(entry.action)]),
                    .element("td", [], [.text(entry.address)])
                ])
        }
        let body: [HTMLNode] = [
            header(clinician, csrf: csrf),
            .element("h1", [], [.text(patient.name)]),
            patientNav(links),
            .element(
                "nav", [.class("team-bar")],
                [
                    link("\(base)?date=\(previous)", "← \(previous)"),
                    .element("h2", [], [.text(dayText)]),
                    link("\(base)?date=\(next)", "\(next) →")
                ]),
            notice.map { .element("p", [.class("team-notice"), .role("status")], [.text($0)]) } ?? .empty,
            items.isEmpty ? .element("p", [], [.text("Nothing was planned for this day.")]) : .element("ul", [.class("team-events")], items),
            .element("h2", [], [.text("Change the plan")]),
            tasks.isEmpty
                ? .element("p", [], [.text("No task is planned on this day.")])
                : .element("ul", [.class("team-plan")], tasks.map { planForms($0, notes: notes[$0.id] ?? [], patient: patient, csrf: csrf, day: dayText) }),
            .element("h2", [], [.text("Who looked at this patient's data")]),
            .element(
                "table", [.class("team-table team-audit")],
                [
                    .element("thead", [], [.element("tr", [], ["When", "Who", "What", "From"].map { .element("th", [HTMLAttribute("scope", "col")], [.text($0)]) })]),
                    .element("tbody", [], trail)
                ])
        ]
        return document("\(patient.name), \(dayText) — CareKit care team", body)
    }

    /// " · marked 18:30", with " · ◷ 8 h 30 min late" (or early) by the rule of the patient's
    /// app and report (``OCKScheduleEvent/recordingTiming(of:)``); the day too when it was
    /// marked on another day.
    static func recorded(_ event: OCKAnyEvent, calendar: Calendar) -> [HTMLNode] {
        guard let date = event.firstRecordedDate else { return [] }
        let when = moment(date, calendar: calendar)
        let sameDay = calendar.isDate(date, inSameDayAs: event.scheduleEvent.start)
        var nodes: [HTMLNode] = [.text(" · marked " + (sameDay ? String(when.suffix(5)) : when))]
        if let mark = OCKEventFormatter(calendar: calendar, locale: Locale(identifier: "en_US")).recordingMark(of: event) {
            nodes += [.text(" · "), .element("strong", [.class("team-mark")], [.text(mark)])]
        }
        return nodes
    }

    /// A task's two changes: its instructions from now on, and its last day.
    /// The notes already sent about a task, oldest first, each with who wrote it and when.
    static func sentNotes(_ notes: [OCKNote]) -> HTMLNode {
        let written = notes.filter { !($0.content ?? "").isEmpty }
        guard !written.isEmpty else { return .empty }
        let items: [HTMLNode] = written.map { note in
            let byline = [note.author, note.title].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
            return .element("li", [], [.text("“\(note.content ?? "")”" + (byline.isEmpty ? "" : " — " + byline))])
        }
        return .element(
            "div", [.class("team-notes")], [.element("p", [], [.text("Notes sent:")]), .element("ul", [.aria("label", "Notes sent")], items)])
    }

    static func planForms(_ task: OCKTask, notes: [OCKNote], patient: SyncPatient, csrf: String, day: String) -> HTMLNode {
        let base = "/team/patients/\(patient.id)/tasks/\(URLEncoding.encode(task.id))"
        let title = task.title ?? task.id
        return .element(
            "li", [HTMLAttribute("data-task", task.id)],
            [
                .element("strong", [], [.text(title)]),
                .element(
                    "form", [.class("team-form"), HTMLAttribute("method", "post"), HTMLAttribute("action", base + "/instructions")],
                    [
                        csrfField(csrf),
                        .element(
                            "label", [],
                            [
                                .text("Instructions for \(title) "),
                                .element(
                                    "input",
                                    [
                                        HTMLAttribute("name", "instructions"), HTMLAttribute("value", task.instructions ?? ""), HTMLAttribute("maxlength", "1000")
                                    ])
                            ]),
                        .element("button", [HTMLAttribute("type", "submit")], [.text("Save instructions")])
                    ]),
                .element(
                    "form", [.class("team-form"), HTMLAttribute("method", "post"), HTMLAttribute("action", base + "/stop")],
                    [
                        csrfField(csrf),
                        .element(
                            "label", [],
                            [
                                .text("Last day of \(title) "),
                                .element(
                                    "input",
                                    [
                                        HTMLAttribute("type", "date"), HTMLAttribute("name", "last-day"), HTMLAttribute("value", day), .flag("required")
                                    ])
                            ]),
                        .element("button", [HTMLAttribute("type", "submit")], [.text("Stop \(title)")])
                    ]),
                .element("p", [], [link(base + "/schedule", "Change the schedule of \(title)")]),
                sentNotes(notes),
                .element(
                    "form", [.class("team-form"), HTMLAttribute("method", "post"), HTMLAttribute("action", base + "/notes")],
                    [
                        csrfField(csrf),
                        .element(
                            "label", [],
                            [
                                .text("Note to the patient about \(title) "),
                                .element("textarea", [HTMLAttribute("name", "note"), HTMLAttribute("maxlength", "2000"), HTMLAttribute("rows", "2"), .flag("required")])
                            ]),
                        .element("button", [HTMLAttribute("type", "submit")], [.text("Send the note")])
                    ])
            ])
    }

    /// A refusal as a page.
    static func message(_ title: String, _ text: String, link target: (String, String)? = nil) -> String {
        var body: [HTMLNode] = [.element("h1", [], [.text(title)]), .element("p", [], [.text(text)])]
        if let target { body.append(.element("p", [], [link(target.0, target.1)])) }
        return document(title, body)
    }
}
