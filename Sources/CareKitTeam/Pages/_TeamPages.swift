import CareKit
import CareKitHTTP
import CareKitStore
import CareKitSyncServer
import CareKitUI
import CareKitWeb
import Foundation

/// The dashboard's pages: server-rendered, escaped by the node builder, plain forms that work
/// without JavaScript.
enum _TeamPages {
    /// The dashboard's rules on top of the patient app's stylesheet (CareKitUI's tokens and the
    /// web app's forms and buttons): cards, a dense triage table, severity in colour and words,
    /// the app's dark appearance, and a phone layout where the table's rows become cards.
    static let css = """
        .team-bar{display:flex;justify-content:space-between;align-items:center;gap:.5rem 1rem;flex-wrap:wrap}
        .team-bar>*{min-width:0;max-width:100%}.team-bar p{margin:0}
        .team-header{position:sticky;top:0;z-index:5;margin:-24px -16px 16px;padding:10px 16px;background:var(--ock-color-secondary-custom-grouped-background);border-bottom:.5px solid var(--ock-color-separator)}
        .team-header a,.team-page a{color:var(--ock-tint,var(--ock-color-custom-blue))}
        .team-page h1{font-size:1.875rem;line-height:1.15;font-weight:800;letter-spacing:-.02em;margin:4px 0 12px}
        .team-page h2{font-size:1.25rem;font-weight:700;margin:24px 0 8px}
        .team-card{background:var(--ock-color-secondary-custom-grouped-background);border-radius:var(--ock-appearance-corner-radius1);box-shadow:0 1px 3px rgb(0 0 0 / .08);padding:12px 16px;margin:0 0 16px}
        .team-page button,.team-page input[type=submit]{font:inherit;font-weight:600;border-radius:10px;padding:8px 14px;min-height:44px;cursor:pointer;border:1.5px solid var(--ock-tint,var(--ock-color-custom-blue));background:var(--ock-tint,var(--ock-color-custom-blue));color:var(--ock-color-custom-background)}
        .team-page .team-quiet-button{background:transparent;color:var(--ock-tint,var(--ock-color-custom-blue))}
        .team-page input,.team-page select,.team-page textarea{font:inherit;color:var(--ock-color-label);background:var(--ock-color-secondary-custom-grouped-background);border:1px solid var(--ock-color-separator);border-radius:8px;padding:8px 10px;min-height:44px;max-width:100%;box-sizing:border-box}
        .team-page input[type=checkbox]{min-height:0}
        .team-table{border-collapse:collapse;width:100%;font-size:.9375rem;background:var(--ock-color-secondary-custom-grouped-background);border-radius:var(--ock-appearance-corner-radius1);overflow:hidden}
        .team-table th,.team-table td{text-align:start;padding:8px 10px;border-bottom:.5px solid var(--ock-color-separator);vertical-align:top;overflow-wrap:anywhere}
        .team-table caption{caption-side:top;text-align:start;padding:0 0 6px}
        .team-triage thead th{overflow-wrap:normal}
        .team-table thead th{font-size:.8125rem;color:var(--ock-color-secondary-label);font-weight:600;background:var(--ock-color-tertiary-custom-grouped-background)}
        .team-table ul{margin:0;padding:0;list-style:none;display:flex;flex-direction:column;gap:6px}
        .team-rings{display:flex;flex-wrap:wrap;gap:.2rem}.team-week{color:var(--ock-color-secondary-label);font-size:.8125rem}
        .team-severity{display:inline-block;font-size:.8125rem;font-weight:700;padding:2px 8px;border-radius:6px;border-inline-start:4px solid;white-space:nowrap;color:var(--ock-color-label)}
        .team-severity-high{border-color:var(--ock-color-custom-red);background:color-mix(in srgb,var(--ock-color-custom-red) 16%,transparent)}
        .team-severity-medium{border-color:var(--ock-color-custom-orange);background:color-mix(in srgb,var(--ock-color-custom-orange) 16%,transparent)}
        .team-severity-low{border-color:var(--ock-color-custom-gray);background:color-mix(in srgb,var(--ock-color-custom-gray) 16%,transparent)}
        .team-severity-none{color:var(--ock-color-secondary-label)}
        .team-since,.team-muted{color:var(--ock-color-secondary-label);font-size:.8125rem}
        .team-ack summary{cursor:pointer;color:var(--ock-tint,var(--ock-color-custom-blue));font-size:.8125rem;font-weight:600;min-height:24px}
        .team-ack form{display:flex;flex-wrap:wrap;gap:6px;align-items:end;margin-top:4px}
        .team-alerts{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:6px}
        .team-alert{color:var(--ock-color-label)}.team-error{color:var(--ock-color-custom-red);font-weight:bold}
        .team-form label{display:block;margin:.5rem 0}.team-events{padding-inline-start:20px}.team-events li{margin:.5rem 0}
        .team-tabs{display:flex;gap:.4rem 1rem;flex-wrap:wrap;margin:.5rem 0 1rem}.team-tabs a[aria-current]{font-weight:bold}
        .team-readonly{margin:0 0 1rem;padding:.5rem;border-inline-start:4px solid var(--ock-color-custom-gray)}
        .team-confirm{border-inline-start:4px solid var(--ock-color-custom-orange)}
        .team-page{overflow-wrap:break-word}
        @media (max-width:640px){
          .team-triage thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
          .team-triage,.team-triage caption,.team-triage tbody,.team-triage tr,.team-triage td,.team-triage tbody th{display:block;width:auto}
          .team-triage tbody th{border:0;padding:3px 12px}
          .team-triage tr{border-bottom:.5px solid var(--ock-color-separator);padding:8px 0}
          .team-triage td{border:0;padding:3px 12px}
          .team-triage td[data-label]::before{content:attr(data-label) ": ";font-weight:600;color:var(--ock-color-secondary-label);font-size:.8125rem}
        }
        """

    static func document(_ title: String, _ body: [HTMLNode], pageCSS: String = "") -> String {
        OCKHTMLDocument(
            title: title, body: [.element("div", [.class("team-page")], body)],
            additionalCSS: OCKWebApplication.pageStyleSheet + "\n" + css + (pageCSS.isEmpty || pageCSS == OCKWebApplication.pageStyleSheet ? "" : "\n" + pageCSS)
        ).render()
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
            "header", [.class("team-bar team-header")],
            [
                .element(
                    "p", [], [link("/team", "Patients"), .text(" · signed in as \(clinician.email) · "), link("/team/second-factor", "Two-step sign-in")]),
                .element(
                    "form", [HTMLAttribute("method", "post"), HTMLAttribute("action", "/team/logout")],
                    [
                        csrfField(csrf), .element("button", [HTMLAttribute("type", "submit"), .class("team-quiet-button")], [.text("Sign out")])
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
        let sorts = [
            ("alerts", "Severity (most urgent first)"), ("name", "Name"), ("adherence", "Adherence (lowest first)"), ("sync", "Last contact (oldest first)")
        ]
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
        let back = "/team" + listQuery(sort: sort, onlyAlerts: onlyAlerts, search: search, stale: stale, page: paging.page)
        let rows: [HTMLNode] = overviews.map { overview in
            let week = overview.weekFraction.map { OCKNumberFormat.percent($0) } ?? "Nothing planned"
            let top = overview.top
            let acknowledged: HTMLNode =
                overview.acknowledged == 0
                ? .empty : .element("li", [.class("team-muted")], [.text(overview.acknowledged == 1 ? "1 alert acknowledged" : "\(overview.acknowledged) alerts acknowledged")])
            func cell(_ label: String, _ children: [HTMLNode]) -> HTMLNode { .element("td", [HTMLAttribute("data-label", label)], children) }
            return .element(
                "tr", [HTMLAttribute("data-patient", String(overview.patient.id))],
                [
                    cell("Severity", [severityBadge(top?.severity)]),
                    .element("th", [HTMLAttribute("scope", "row")], [link("/team/patients/\(overview.patient.id)", overview.patient.name)]),
                    cell(
                        "What fired",
                        overview.alerts.isEmpty && overview.acknowledged == 0
                            ? [.text("None")]
                            : [
                                .element(
                                    "ul", [.class("team-alerts")],
                                    overview.alerts.map { alertItem($0, patient: overview.patient, csrf: csrf, back: back, showsSeverity: $0.severity != top?.severity, stale: stale) }
                                        + [acknowledged])
                            ]),
                    cell("Since", [.text(top.map { moment($0.since, calendar: calendar) } ?? "—")]),
                    cell(
                        "Last 7 days",
                        [
                            .container("div", [.class("team-rings")], overview.days.map { ringNode($0.adherence, day: $0.day) }),
                            .element("span", [.class("team-week")], [.text(week)])
                        ]),
                    cell("Last contact", [.text(overview.lastContact.map { moment($0, calendar: calendar) } ?? "Never")]),
                    cell("Last new data", [.text(overview.lastData.map { moment($0, calendar: calendar) } ?? "None yet")])
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
                    "table", [.class("team-table team-triage")],
                    [
                        .element("caption", [.class("team-muted")], [.text("Most urgent first: out of range, then missed medication, then no data; the most recent first among equals.")]),
                        .element(
                            "thead", [],
                            [
                                .element(
                                    "tr", [],
                                    ["Severity", "Patient", "What fired", "Since", "Last 7 days", "Last contact", "Last new data"].map {
                                        .element("th", [HTMLAttribute("scope", "col")], [.text($0)])
                                    })
                            ]),
                        .element("tbody", [], rows)
                    ]))
            body.append(pageLinks(paging, sort: sort, onlyAlerts: onlyAlerts, search: search, stale: stale))
        }
        return document("Patients — CareKit care team", body)
    }

    /// The severity in words and colour; "No alerts" for none.
    static func severityBadge(_ severity: _TeamAlert.Severity?) -> HTMLNode {
        guard let severity else { return .element("span", [.class("team-severity team-severity-none")], [.text("No alerts")]) }
        return .element("span", [.class(severity.cssClass)], [.text(severity.word)])
    }

    /// One alert: what fired, and a form to acknowledge it with a note (a disclosure that
    /// works without JavaScript).
    static func alertItem(_ alert: _TeamAlert, patient: SyncPatient, csrf: String, back: String, showsSeverity: Bool, stale: Int? = nil) -> HTMLNode {
        .element(
            "li", [.class("team-alert"), HTMLAttribute("data-alert", alert.key)],
            (showsSeverity ? [severityBadge(alert.severity), .text(" ")] : []) + [
                .text(alert.text),
                .element(
                    "details", [.class("team-ack")],
                    [
                        .element("summary", [], [.text("Acknowledge")]),
                        .element(
                            "form", [HTMLAttribute("method", "post"), HTMLAttribute("action", "/team/patients/\(patient.id)/alerts/acknowledge")],
                            [
                                csrfField(csrf),
                                .element("input", [HTMLAttribute("type", "hidden"), HTMLAttribute("name", "alert"), HTMLAttribute("value", alert.key)]),
                                .element("input", [HTMLAttribute("type", "hidden"), HTMLAttribute("name", "back"), HTMLAttribute("value", back)]),
                                stale.map { .element("input", [HTMLAttribute("type", "hidden"), HTMLAttribute("name", "stale"), HTMLAttribute("value", String($0))]) } ?? .empty,
                                .element(
                                    "label", [],
                                    [
                                        .text("Note "),
                                        .element(
                                            "input",
                                            [HTMLAttribute("name", "note"), HTMLAttribute("maxlength", "500"), HTMLAttribute("placeholder", "Called the patient; recheck tomorrow")])
                                    ]),
                                .element("button", [HTMLAttribute("type", "submit")], [.text("Acknowledge")])
                            ])
                    ])
            ])
    }

    static func patientDay(
        patient: SyncPatient, day: Date, events: [OCKAnyEvent], others: [String: [OCKAnyEvent]] = [:], alerts: [_TeamAlert] = [], tasks: [OCKTask], notes: [String: [OCKNote]] = [:], notice: String?,
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
            if event.outcome != nil {
                let values = readings(event)
                parts.append(.element("div", [.class("team-done")], [.text(values.isEmpty ? "Done" : "Done: " + values)] + recorded(event, calendar: calendar)))
                for other in others[event.id] ?? [] {
                    parts.append(
                        .element(
                            "div", [.class("team-done team-other-reading")],
                            [.text("Also recorded on another device: " + readings(other))] + recorded(other, calendar: calendar)))
                }
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
            alerts.isEmpty
                ? .empty
                : .element(
                    "section", [.class("team-card"), .aria("label", "Alerts")],
                    [
                        .element(
                            "ul", [.class("team-alerts")],
                            alerts.map { alertItem($0, patient: patient, csrf: csrf, back: base, showsSeverity: true) })
                    ]),
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

    /// An outcome's values, each flagged against the target range its task defines for it.
    static func readings(_ event: OCKAnyEvent) -> String {
        (event.outcome?.values ?? []).map { value -> String in
            let position = event.scheduleEvent.element.targetRangePosition(of: value)
            return value.description + (position == .above ? " (above target)" : position == .below ? " (below target)" : "")
        }.joined(separator: ", ")
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
                        .element("button", [HTMLAttribute("type", "submit"), .class("team-quiet-button")], [.text("Stop \(title)…")])
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

    /// The confirm step before a task is stopped (a form, so it works without JavaScript).
    static func confirmStop(patient: SyncPatient, task: OCKTask, lastDay: String, lastDayText: String, clinician: SyncClinician, csrf: String) -> String {
        let title = task.title ?? task.id
        let base = "/team/patients/\(patient.id)"
        let body: [HTMLNode] = [
            header(clinician, csrf: csrf),
            .element("h1", [], [.text("Stop \(title) for \(patient.name)?")]),
            .element(
                "div", [.class("team-card team-confirm")],
                [
                    .element(
                        "p", [],
                        [
                            .text(
                                "\(title)'s last events will be those of \(lastDayText); from the day after, \(patient.name)'s devices no longer show it (after their next sync). Everything recorded for it stays in the history and the report."
                            )
                        ]),
                    .element(
                        "form", [.class("team-bar"), HTMLAttribute("method", "post"), HTMLAttribute("action", base + "/tasks/\(URLEncoding.encode(task.id))/stop")],
                        [
                            csrfField(csrf),
                            .element("input", [HTMLAttribute("type", "hidden"), HTMLAttribute("name", "last-day"), HTMLAttribute("value", lastDay)]),
                            .element("input", [HTMLAttribute("type", "hidden"), HTMLAttribute("name", "confirm"), HTMLAttribute("value", "yes")]),
                            .element("button", [HTMLAttribute("type", "submit")], [.text("Yes, stop \(title) after \(lastDayText)")]),
                            link(base, "No, keep \(title)")
                        ])
                ])
        ]
        return document("Stop \(title)? — CareKit care team", body)
    }

    /// A refusal as a page.
    static func message(_ title: String, _ text: String, link target: (String, String)? = nil) -> String {
        var body: [HTMLNode] = [.element("h1", [], [.text(title)]), .element("p", [], [.text(text)])]
        if let target { body.append(.element("p", [], [link(target.0, target.1)])) }
        return document(title, body)
    }
}
