import CareKit
import CareKitHTTP
import CareKitLocalization
import CareKitStore
import CareKitSyncServer
import CareKitUI
import CareKitWeb
import Foundation

/// The dashboard's pages: server-rendered, escaped by the node builder, plain forms that work
/// without JavaScript.
enum _TeamPages {
    /// A page in the patient app's frame (``_TeamFrame``): with `clinician`, who is signed in,
    /// Sign out and the sections, `section` marked as the current one.
    static func document(_ title: String, _ body: [HTMLNode], clinician: SyncClinician? = nil, csrf: String = "", section: String? = nil) -> String {
        _TeamFrame.shell(clinician, csrf: csrf).document(title: title, activeTab: section, main: [.element("div", [.class("team-page")], body)])
    }

    /// The links between a patient's pages, the current one marked.
    static func patientNav(_ links: [(href: String, text: String, isCurrent: Bool)]) -> HTMLNode {
        .element(
            "nav", [.class("team-tabs"), .aria("label", loc("This patient"))],
            links.map { link in
                .element("a", [HTMLAttribute("href", link.href)] + (link.isCurrent ? [.aria("current", "page")] : []), [.text(link.text)])
            })
    }

    /// One of a patient's pages: the app's page shown read-only, or a form of the dashboard.
    static func patientPage(
        patient: SyncPatient, title: String, links: [(href: String, text: String, isCurrent: Bool)], main: [HTMLNode],
        readOnly: Bool = true, clinician: SyncClinician, csrf: String
    ) -> String {
        var body: [HTMLNode] = [.element("h1", [], [.text(patient.name)]), patientNav(links)]
        if readOnly {
            body.append(
                .element(
                    "p", [.class("team-readonly"), .role("note")],
                    [.text(loc("As {patient} sees it in their app, as of their last sync. Read-only: only the patient records here.", ["patient": patient.name]))]))
        }
        body.append(.element("div", [.class("team-app-page")], main))
        return document(loc("{patient}, {page}", ["patient": patient.name, "page": title]), body, clinician: clinician, csrf: csrf)
    }

    static func link(_ href: String, _ text: String) -> HTMLNode {
        .element("a", [HTMLAttribute("href", href)], [.text(text)])
    }

    /// The sign-in form, with the reason of the last refusal.
    static func login(csrf: String, email: String, message: String?) -> String {
        var body: [HTMLNode] = [.element("h1", [], [.text(loc("Care team sign-in"))])]
        if let message { body.append(.element("p", [.class("team-error"), .role("alert")], [.text(message)])) }
        body.append(
            .element(
                "form", [.class("team-form"), HTMLAttribute("method", "post"), HTMLAttribute("action", TeamRoute.signIn.path)],
                [
                    _WebShell.csrfField(csrf),
                    .element(
                        "label", [],
                        [
                            .text(loc("E-mail address") + " "),
                            .element(
                                "input",
                                [
                                    HTMLAttribute("type", "email"), HTMLAttribute("name", "email"), HTMLAttribute("value", email),
                                    HTMLAttribute("autocomplete", "username"), HTMLAttribute("dir", "ltr"), .flag("required")
                                ])
                        ]),
                    .element(
                        "label", [],
                        [
                            .text(loc("Password") + " "),
                            .element(
                                "input",
                                [
                                    HTMLAttribute("type", "password"), HTMLAttribute("name", "password"), HTMLAttribute("autocomplete", "current-password"), .flag("required")
                                ])
                        ]),
                    .element("button", [HTMLAttribute("type", "submit")], [.text(loc("Sign in"))])
                ]))
        return document(loc("Sign in"), body)
    }

    static func ring(_ adherence: OCKAdherence, day: Date, calendar: Calendar) -> HTMLNode {
        let state: OCKCompletionState
        switch adherence {
        case .noTasks, .noEvents: state = .empty
        case .progress(let fraction): state = fraction <= 0 ? .zero : .progress(fraction)
        }
        let ring = OCKCompletionRingView(state: state)
        ring.diameter = 28
        ring.centerText = OCKLocalization.number(calendar.component(.day, from: day))
        ring.accessibilityLabel = "\(_TeamFormat.day(day, calendar: calendar)): \(state.accessibilityDescription)"
        return ring.makeNode()
    }

    static func patientList(
        _ overviews: [_PatientOverview], paging: Paging, clinician: SyncClinician, csrf: String, calendar: Calendar,
        sort: String, onlyAlerts: Bool, search: String, stale: Int?
    ) -> String {
        let sorts = [
            ("alerts", loc("Severity (most urgent first)")), ("name", loc("Name")), ("adherence", loc("Adherence (lowest first)")), ("sync", loc("Last contact (oldest first)"))
        ]
        let filter: HTMLNode = .element(
            "form", [.class("team-bar"), HTMLAttribute("method", "get"), HTMLAttribute("action", TeamRoute.patients.path)],
            [
                .element(
                    "label", [], [.text(loc("Name contains") + " "), .element("input", [HTMLAttribute("type", "search"), HTMLAttribute("name", "q"), HTMLAttribute("value", search)])]),
                .element(
                    "label", [],
                    [
                        .text(loc("Sort by") + " "),
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
                                + (onlyAlerts ? [.flag("checked")] : [])), .text(" " + loc("Only patients with alerts"))
                    ]),
                .element("button", [HTMLAttribute("type", "submit")], [.text(loc("Show"))])
            ])
        // Most patients' rings of a day look alike (complete, 0 %, nothing planned): each
        // different ring is built and rendered once per page, by the renderer that escapes.
        struct Ring: Hashable {
            var adherence: OCKAdherence
            var day: Date
        }
        var rings: [Ring: HTMLNode] = [:]
        func ringNode(_ adherence: OCKAdherence, day: Date) -> HTMLNode {
            let key = Ring(adherence: adherence, day: day)
            if let node = rings[key] { return node }
            let node = HTMLNode.unsafeRawHTML(ring(adherence, day: day, calendar: calendar).render(.compact))
            rings[key] = node
            return node
        }
        let back = TeamRoute.patients.path + listQuery(sort: sort, onlyAlerts: onlyAlerts, search: search, stale: stale, page: paging.page)
        let form = AlertForm(csrf: csrf, back: back, stale: stale)
        let rows: [HTMLNode] = overviews.map { overview in
            let week = overview.weekFraction.map { OCKLocalization.percent($0) } ?? loc("Nothing planned")
            let top = overview.top
            let acknowledged: HTMLNode =
                overview.acknowledged == 0
                ? .empty : .element("li", [.class("team-muted")], [.text(loc("{count} alerts acknowledged", count: overview.acknowledged))])
            func cell(_ label: String, _ children: [HTMLNode]) -> HTMLNode { .element("td", [HTMLAttribute("data-label", label)], children) }
            return .element(
                "tr", [HTMLAttribute("data-patient", String(overview.patient.id))],
                [
                    cell(loc("Severity"), [severityBadge(top?.severity)]),
                    .element("th", [HTMLAttribute("scope", "row")], [link(TeamRoute.patient(String(overview.patient.id)).path, overview.patient.name)]),
                    cell(
                        loc("What fired"),
                        overview.alerts.isEmpty && overview.acknowledged == 0
                            ? [.text(loc("None"))]
                            : [
                                .element(
                                    "ul", [.class("team-alerts")],
                                    overview.alerts.map {
                                        alertItem(
                                            $0, patient: overview.patient, csrf: csrf, back: back, showsSeverity: $0.severity != top?.severity, stale: stale,
                                            calendar: calendar, form: form)
                                    }
                                        + [acknowledged])
                            ]),
                    cell(loc("Since"), [.text(top.map { _TeamFormat.moment($0.since, calendar: calendar) } ?? "—")]),
                    cell(
                        loc("Last 7 days"),
                        [
                            .container("div", [.class("team-rings")], overview.days.map { ringNode($0.adherence, day: $0.day) }),
                            .element("span", [.class("team-week")], [.text(week)])
                        ]),
                    cell(loc("Last contact"), [.text(overview.lastContact.map { _TeamFormat.moment($0, calendar: calendar) } ?? loc("Never"))]),
                    cell(loc("Last new data"), [.text(overview.lastData.map { _TeamFormat.moment($0, calendar: calendar) } ?? loc("None yet"))])
                ])
        }
        var body: [HTMLNode] = [.element("h1", [], [.text(loc("Your patients"))]), filter]
        if overviews.isEmpty {
            body.append(
                .element(
                    "p", [],
                    [
                        .text(
                            onlyAlerts || !search.isEmpty
                                ? loc("No patient matches.") : loc("No patients are assigned to you yet; an administrator assigns them with carekit sync-server assign."))
                    ]))
        } else {
            body.append(
                .element(
                    "table", [.class("team-table team-triage")],
                    [
                        .element(
                            "caption", [.class("team-muted")], [.text(loc("Most urgent first: out of range, then missed medication, then no data; the most recent first among equals."))]),
                        .element(
                            "thead", [],
                            [
                                .element(
                                    "tr", [],
                                    [loc("Severity"), loc("Patient"), loc("What fired"), loc("Since"), loc("Last 7 days"), loc("Last contact"), loc("Last new data")].map {
                                        .element("th", [HTMLAttribute("scope", "col")], [.text($0)])
                                    })
                            ]),
                        .element("tbody", [], rows)
                    ]))
            body.append(pageLinks(paging, sort: sort, onlyAlerts: onlyAlerts, search: search, stale: stale))
        }
        return document(loc("Patients"), body, clinician: clinician, csrf: csrf, section: _TeamFrame.patientsSection)
    }

    /// The severity in words and colour; "No alerts" for none.
    static func severityBadge(_ severity: _TeamAlert.Severity?) -> HTMLNode {
        guard let severity else { return .element("span", [.class("team-severity team-severity-none")], [.text(loc("No alerts"))]) }
        return .element("span", [.class(severity.cssClass)], [.text(severity.word)])
    }

    /// One alert: what fired, and a form to acknowledge it with a note (a disclosure that
    /// works without JavaScript). `form`: the page's shared parts of the form, made once for
    /// all its alerts (made here when nil).
    static func alertItem(
        _ alert: _TeamAlert, patient: SyncPatient, csrf: String, back: String, showsSeverity: Bool, stale: Int? = nil, calendar: Calendar,
        form: AlertForm? = nil
    ) -> HTMLNode {
        let form = form ?? AlertForm(csrf: csrf, back: back, stale: stale)
        return .element(
            "li", [.class("team-alert"), HTMLAttribute("data-alert", alert.key)],
            (showsSeverity ? [severityBadge(alert.severity), .text(" ")] : []) + [
                .text(alert.text(calendar: calendar)),
                .element(
                    "details", [.class("team-ack")],
                    [
                        form.summary,
                        .element(
                            "form", [HTMLAttribute("method", "post"), HTMLAttribute("action", TeamRoute.acknowledgeAlert(String(patient.id)).path)],
                            [form.head, .element("input", [HTMLAttribute("type", "hidden"), HTMLAttribute("name", "alert"), HTMLAttribute("value", alert.key)]), form.tail])
                    ])
            ])
    }

    /// What every alert's acknowledgment form on a page shares (the disclosure's summary, the
    /// CSRF field, where to go back to, the note and the button), rendered once for the page by
    /// the renderer that escapes: the list shows hundreds of alerts, and building and writing
    /// these nodes for each was most of the page's cost. The bytes are those of the nodes.
    struct AlertForm {
        let summary: HTMLNode
        let head: HTMLNode
        let tail: HTMLNode

        init(csrf: String, back: String, stale: Int?) {
            func once(_ nodes: [HTMLNode]) -> HTMLNode { .unsafeRawHTML(nodes.map { $0.render(.compact) }.joined()) }
            summary = once([.element("summary", [], [.text(loc("Acknowledge"))])])
            head = once([_WebShell.csrfField(csrf)])
            tail = once([
                .element("input", [HTMLAttribute("type", "hidden"), HTMLAttribute("name", "back"), HTMLAttribute("value", back)]),
                stale.map { .element("input", [HTMLAttribute("type", "hidden"), HTMLAttribute("name", "stale"), HTMLAttribute("value", String($0))]) } ?? .empty,
                .element(
                    "label", [],
                    [
                        .text(loc("Note") + " "),
                        .element(
                            "input",
                            [HTMLAttribute("name", "note"), HTMLAttribute("maxlength", "500"), HTMLAttribute("placeholder", loc("Called the patient; recheck tomorrow"))])
                    ]),
                .element("button", [HTMLAttribute("type", "submit")], [.text(loc("Acknowledge"))])
            ])
        }
    }

    static func patientDay(
        patient: SyncPatient, day: Date, events: [OCKAnyEvent], others: [String: [OCKAnyEvent]] = [:], alerts: [_TeamAlert] = [], tasks: [OCKTask], notes: [String: [OCKNote]] = [:], notice: String?,
        audit: [SyncAuditEntry], links: [(href: String, text: String, isCurrent: Bool)], clinician: SyncClinician, csrf: String, calendar: Calendar
    ) -> String {
        // The days as links and forms carry them (YYYY-MM-DD), and as the reader reads them.
        let dayText = OCKDayCodec.string(from: day, calendar: calendar)
        let (previousDay, nextDay) = (calendar.date(byAdding: .day, value: -1, to: day) ?? day, calendar.date(byAdding: .day, value: 1, to: day) ?? day)
        let (previous, next) = (OCKDayCodec.string(from: previousDay, calendar: calendar), OCKDayCodec.string(from: nextDay, calendar: calendar))
        let shownDay = _TeamFormat.day(day, calendar: calendar)
        let base = TeamRoute.patient(String(patient.id)).path
        let items: [HTMLNode] = events.map { event in
            let task = event.task
            let time = event.scheduleEvent.element.duration == .allDay ? loc("All day") : _TeamFormat.time(event.scheduleEvent.start, calendar: calendar)
            var parts: [HTMLNode] = [.element("strong", [], [.text(task.title ?? task.id)]), .text(" · \(time)")]
            if let instructions = task.instructions, !instructions.isEmpty { parts.append(.element("div", [], [.text(instructions)])) }
            if event.outcome != nil {
                let values = readings(event, calendar: calendar)
                parts.append(
                    .element("div", [.class("team-done")], [.text(values.isEmpty ? loc("Done") : loc("Done: {values}", ["values": values]))] + recorded(event, calendar: calendar)))
                for other in others[event.id] ?? [] {
                    parts.append(
                        .element(
                            "div", [.class("team-done team-other-reading")],
                            [.text(loc("Also recorded on another device: {values}", ["values": readings(other, calendar: calendar)]))] + recorded(other, calendar: calendar)))
                }
            } else {
                parts.append(.element("div", [.class("team-not-done")], [.text(loc("Not done"))]))
            }
            return .element("li", [HTMLAttribute("data-event", event.id)], parts)
        }
        let trail: [HTMLNode] = audit.map { entry in
            .element(
                "tr", [],
                [
                    .element("td", [], [.text(_TeamFormat.moment(entry.date, calendar: calendar))]),
                    .element("td", [], [.text(entry.clinicianEmail)]),
                    .element("td", [], [.text(entry.action)]),
                    .element("td", [], [.text(entry.address)])
                ])
        }
        let body: [HTMLNode] = [
            .element("h1", [], [.text(patient.name)]),
            patientNav(links),
            .element(
                "nav", [.class("team-bar")],
                [
                    link(TeamRoute.patient(String(patient.id)).path(query: [("date", previous)]), loc("← {day}", ["day": _TeamFormat.day(previousDay, calendar: calendar)])),
                    .element("h2", [], [.text(shownDay)]),
                    link(TeamRoute.patient(String(patient.id)).path(query: [("date", next)]), loc("{day} →", ["day": _TeamFormat.day(nextDay, calendar: calendar)]))
                ]),
            notice.map { .element("p", [.class("team-notice"), .role("status")], [.text($0)]) } ?? .empty,
            alerts.isEmpty
                ? .empty
                : .element(
                    "section", [.class("team-card"), .aria("label", loc("Alerts"))],
                    [
                        .element(
                            "ul", [.class("team-alerts")],
                            alerts.map { alertItem($0, patient: patient, csrf: csrf, back: base, showsSeverity: true, calendar: calendar) })
                    ]),
            items.isEmpty ? .element("p", [], [.text(loc("Nothing was planned for this day."))]) : .element("ul", [.class("team-events")], items),
            .element("h2", [], [.text(loc("Change the plan"))]),
            tasks.isEmpty
                ? .element("p", [], [.text(loc("No task is planned on this day."))])
                : .element("ul", [.class("team-plan")], tasks.map { planForms($0, notes: notes[$0.id] ?? [], patient: patient, csrf: csrf, day: dayText) }),
            .element("h2", [], [.text(loc("Who looked at this patient's data"))]),
            OCKLocalization.language == .english ? .empty : .element("p", [.class("team-muted")], [.text(loc("The audit trail is kept in English: it is the clinic's legal record."))]),
            .element(
                "table", [.class("team-table team-audit")],
                [
                    .element(
                        "thead", [], [.element("tr", [], [loc("When"), loc("Who"), loc("What"), loc("From")].map { .element("th", [HTMLAttribute("scope", "col")], [.text($0)]) })]),
                    .element("tbody", [], trail)
                ])
        ]
        return document(loc("{patient}, {page}", ["patient": patient.name, "page": shownDay]), body, clinician: clinician, csrf: csrf)
    }

    /// An outcome's values, each flagged against the target range its task defines for it.
    static func readings(_ event: OCKAnyEvent, calendar: Calendar) -> String {
        (event.outcome?.values ?? []).map { value -> String in
            let reading = _TeamFormat.reading(value, calendar: calendar)
            switch event.scheduleEvent.element.targetRangePosition(of: value) {
            case .above: return loc("{value} (above target)", ["value": reading])
            case .below: return loc("{value} (below target)", ["value": reading])
            default: return reading
            }
        }.joined(separator: ", ")
    }

    /// " · marked 18:30", with " · ◷ 8 h 30 min late" (or early) by the rule of the patient's
    /// app and report (``OCKScheduleEvent/recordingTiming(of:)``); the day too when it was
    /// marked on another day.
    static func recorded(_ event: OCKAnyEvent, calendar: Calendar) -> [HTMLNode] {
        guard let date = event.firstRecordedDate else { return [] }
        let sameDay = calendar.isDate(date, inSameDayAs: event.scheduleEvent.start)
        let when = sameDay ? _TeamFormat.time(date, calendar: calendar) : _TeamFormat.moment(date, calendar: calendar)
        var nodes: [HTMLNode] = [.text(" · " + loc("marked {time}", ["time": when]))]
        if let mark = OCKEventFormatter(calendar: calendar).recordingMark(of: event) {
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
            let quoted = loc("“{note}”", ["note": note.content ?? ""])
            return .element("li", [], [.text(quoted + (byline.isEmpty ? "" : " — " + byline))])
        }
        return .element(
            "div", [.class("team-notes")], [.element("p", [], [.text(loc("Notes sent:"))]), .element("ul", [.aria("label", loc("Notes sent"))], items)])
    }

    static func planForms(_ task: OCKTask, notes: [OCKNote], patient: SyncPatient, csrf: String, day: String) -> HTMLNode {
        let (id, title) = (String(patient.id), task.title ?? task.id)
        return .element(
            "li", [HTMLAttribute("data-task", task.id)],
            [
                .element("strong", [], [.text(title)]),
                .element(
                    "form", [.class("team-form"), HTMLAttribute("method", "post"), HTMLAttribute("action", TeamRoute.instructions(id, task: task.id).path)],
                    [
                        _WebShell.csrfField(csrf),
                        .element(
                            "label", [],
                            [
                                .text(loc("Instructions for {task}", ["task": title]) + " "),
                                .element(
                                    "input",
                                    [
                                        HTMLAttribute("name", "instructions"), HTMLAttribute("value", task.instructions ?? ""), HTMLAttribute("maxlength", "1000")
                                    ])
                            ]),
                        .element("button", [HTMLAttribute("type", "submit")], [.text(loc("Save instructions"))])
                    ]),
                .element(
                    "form", [.class("team-form"), HTMLAttribute("method", "post"), HTMLAttribute("action", TeamRoute.stopTask(id, task: task.id).path)],
                    [
                        _WebShell.csrfField(csrf),
                        .element(
                            "label", [],
                            [
                                .text(loc("Last day of {task}", ["task": title]) + " "),
                                .element(
                                    "input",
                                    [
                                        HTMLAttribute("type", "date"), HTMLAttribute("name", "last-day"), HTMLAttribute("value", day), .flag("required")
                                    ])
                            ]),
                        .element("button", [HTMLAttribute("type", "submit"), .class("team-quiet-button")], [.text(loc("Stop {task}…", ["task": title]))])
                    ]),
                .element("p", [], [link(TeamRoute.schedule(id, task: task.id).path, loc("Change the schedule of {task}", ["task": title]))]),
                sentNotes(notes),
                .element(
                    "form", [.class("team-form"), HTMLAttribute("method", "post"), HTMLAttribute("action", TeamRoute.note(id, task: task.id).path)],
                    [
                        _WebShell.csrfField(csrf),
                        .element(
                            "label", [],
                            [
                                .text(loc("Note to the patient about {task}", ["task": title]) + " "),
                                .element("textarea", [HTMLAttribute("name", "note"), HTMLAttribute("maxlength", "2000"), HTMLAttribute("rows", "2"), .flag("required")])
                            ]),
                        .element("button", [HTMLAttribute("type", "submit")], [.text(loc("Send the note"))])
                    ])
            ])
    }

    /// The confirm step before a task is stopped (a form, so it works without JavaScript).
    static func confirmStop(patient: SyncPatient, task: OCKTask, lastDay: String, lastDayText: String, clinician: SyncClinician, csrf: String) -> String {
        let title = task.title ?? task.id
        let id = String(patient.id)
        let body: [HTMLNode] = [
            .element("h1", [], [.text(loc("Stop {task} for {patient}?", ["task": title, "patient": patient.name]))]),
            .element(
                "div", [.class("team-card team-confirm")],
                [
                    .element(
                        "p", [],
                        [
                            .text(
                                loc(
                                    "{task}'s last events will be those of {day}; from the day after, {patient}'s devices no longer show it (after their next sync). Everything recorded for it stays in the history and the report.",
                                    ["task": title, "day": lastDayText, "patient": patient.name]))
                        ]),
                    .element(
                        "form", [.class("team-bar"), HTMLAttribute("method", "post"), HTMLAttribute("action", TeamRoute.stopTask(id, task: task.id).path)],
                        [
                            _WebShell.csrfField(csrf),
                            .element("input", [HTMLAttribute("type", "hidden"), HTMLAttribute("name", "last-day"), HTMLAttribute("value", lastDay)]),
                            .element("input", [HTMLAttribute("type", "hidden"), HTMLAttribute("name", "confirm"), HTMLAttribute("value", "yes")]),
                            .element("button", [HTMLAttribute("type", "submit")], [.text(loc("Yes, stop {task} after {day}", ["task": title, "day": lastDayText]))]),
                            link(TeamRoute.patient(id).path, loc("No, keep {task}", ["task": title]))
                        ])
                ])
        ]
        return document(loc("Stop {task}?", ["task": title]), body, clinician: clinician, csrf: csrf)
    }

    /// A refusal as a page: the app's error page, its way back `link` (text, path), else the
    /// patient list.
    static func message(_ title: String, _ text: String, link target: (String, String)? = nil) -> String {
        _TeamFrame.shell(nil, csrf: "").errorDocument(title, text, link: target.map { (text: $0.0, path: $0.1) })
    }

    /// The dashboard's language: the languages, each named in itself, and "as my browser".
    static func languagePage(chosen: OCKLanguage?, returnPath: String, csrf: String) -> String {
        let form = HTMLNode.element(
            "form", [HTMLAttribute("method", "post"), HTMLAttribute("action", TeamRoute.language.path), .class("ck-settings-form")],
            [
                _WebShell.csrfField(csrf),
                .element("input", [HTMLAttribute("type", "hidden"), HTMLAttribute("name", "return"), HTMLAttribute("value", returnPath)]),
                _LanguageChoices.fieldset(legend: loc("The language of the dashboard"), asBrowser: loc("As my browser"), chosen: chosen),
                .element("p", [.class("ock-hint")], [.text(loc("Kept in this browser. The audit trail stays in English."))]),
                .element("button", [HTMLAttribute("type", "submit")], [.text(loc("Save"))])
            ])
        return document(loc("Language"), [.element("h1", [], [.text(loc("Language"))]), .element("section", [.class("team-card")], [form])])
    }
}
