import CareKitSyncServer
import CareKitSyncTestSupport
import CareKitUI
import CareKitWeb
import Foundation
import Testing

@testable import CareKitTeam

/// The list renders the parts every alert's acknowledgment form shares once per page; each
/// alert's markup must still be what its nodes give, escaping included.
@Suite("Team dashboard: an alert's acknowledgment form")
struct TeamAlertFormTests {
    /// The alert's markup built node by node, as the list wrote it before the shared parts.
    static func byNodes(_ alert: _TeamAlert, patient: SyncPatient, csrf: String, back: String, stale: Int?) -> String {
        HTMLNode.element(
            "li", [.class("team-alert"), HTMLAttribute("data-alert", alert.key)],
            [
                .text(alert.text(calendar: SyncFixtures.calendar)),
                .element(
                    "details", [.class("team-ack")],
                    [
                        .element("summary", [], [.text("Acknowledge")]),
                        .element(
                            "form", [HTMLAttribute("method", "post"), HTMLAttribute("action", "/team/patients/\(patient.id)/alerts/acknowledge")],
                            [
                                .element("input", [HTMLAttribute("type", "hidden"), HTMLAttribute("name", "csrf"), HTMLAttribute("value", csrf)]),
                                .element("input", [HTMLAttribute("type", "hidden"), HTMLAttribute("name", "alert"), HTMLAttribute("value", alert.key)]),
                                .element("input", [HTMLAttribute("type", "hidden"), HTMLAttribute("name", "back"), HTMLAttribute("value", back)]),
                                stale.map { .element("input", [HTMLAttribute("type", "hidden"), HTMLAttribute("name", "stale"), HTMLAttribute("value", String($0))]) } ?? .empty,
                                .element(
                                    "label", [],
                                    [
                                        .text("Note "),
                                        .element(
                                            "input",
                                            [
                                                HTMLAttribute("name", "note"), HTMLAttribute("maxlength", "500"),
                                                HTMLAttribute("placeholder", "Called the patient; recheck tomorrow")
                                            ])
                                    ]),
                                .element("button", [HTMLAttribute("type", "submit")], [.text("Acknowledge")])
                            ])
                    ])
            ]
        ).render(.compact)
    }

    @Test("With the page's shared parts an alert's markup is byte for byte its nodes', for any back link and with or without the stale rule", arguments: [nil, 3])
    func sharedPartsRenderAsNodes(stale: Int?) {
        let patient = SyncPatient(id: 7, name: "Ada <Lovelace>", created: SyncFixtures.date(1))
        let back = #"/team?q=a"b<c>&sort=name&page=2"#
        let csrf = String(repeating: "ab", count: 32)
        let alerts = [
            _TeamAlert(severity: .noData, key: "never", words: .neverSynchronized, since: patient.created),
            _TeamAlert(severity: .noData, key: #"quiet:"<&>"#, words: .noNewData(days: 4, lastSync: SyncFixtures.date(2)), since: SyncFixtures.date(1))
        ]
        let form = _TeamPages.AlertForm(csrf: csrf, back: back, stale: stale)
        for alert in alerts {
            let shared = _TeamPages.alertItem(
                alert, patient: patient, csrf: csrf, back: back, showsSeverity: false, stale: stale, calendar: SyncFixtures.calendar, form: form)
            #expect(shared.render(.compact) == Self.byNodes(alert, patient: patient, csrf: csrf, back: back, stale: stale))
        }
        #expect(Self.byNodes(alerts[1], patient: patient, csrf: csrf, back: back, stale: stale).contains("&quot;b&lt;c&gt;&amp;sort"), "the back link escaped")
    }
}
