import CareKitHTTP

/// Every address of the care team's dashboard, spelled once, in one row of its table
/// (CareKitHTTP's ``HTTPRouteTable``, as the patient app's `OCKWebRoute`): ``path`` writes it
/// (the pages link and post with it) and the router reads it back with the same row.
/// `SyncTeamDashboard.answer(_:_:)` switches over it, so a route without a handler does not
/// compile. Ids are the patient's number and the task's id, as text: one that is not a number
/// or not the clinician's is answered as a patient that does not exist, past the sign-in guard.
enum TeamRoute: Hashable, Sendable {
    /// `GET /team`: the patient list (`?sort=`, `?alerts=1`, `?q=`, `?stale=`, `?page=`).
    case patients
    /// `GET|POST /team/login`: the sign-in form, and signing in.
    case signIn
    /// `GET|POST /team/login/code`: the second step of signing in.
    case secondStep
    /// `POST /team/logout`: signing out.
    case signOut
    /// `GET|POST /team/second-factor`: setting up two-step sign-in.
    case secondFactor
    /// `GET|POST /team/language`: the dashboard's language, kept in this browser.
    case language
    /// `GET /team/assets/{file}`: the stylesheet and the icon.
    case asset(TeamAsset)
    /// `GET /team/patients/{id}?date=`: a patient's day, plan and audit trail.
    case patient(String)
    /// `GET /team/patients/{id}/{tab}?date=`: the patient's Care Card, Symptom Tracker or
    /// Insights, read-only, as the app shows them.
    case patientTab(String, tab: String)
    /// `POST /team/patients/{id}/alerts/acknowledge`: an alert seen, with a note.
    case acknowledgeAlert(String)
    /// `GET|POST /team/patients/{id}/tasks/new`: the form that adds a task.
    case newTask(String)
    /// `GET|POST /team/patients/{id}/tasks/{task}/schedule`: a task's schedule as the same form.
    case schedule(String, task: String)
    /// `POST /team/patients/{id}/tasks/{task}/instructions`: new instructions from now on.
    case instructions(String, task: String)
    /// `POST /team/patients/{id}/tasks/{task}/stop`: the task's last day (asked to confirm first).
    case stopTask(String, task: String)
    /// `POST /team/patients/{id}/tasks/{task}/notes`: a note to the patient about the task.
    case note(String, task: String)

    /// The patient app's pages a clinician reads, in the app's order.
    static let patientTabs = ["care-card", "symptoms", "insights"]

    /// The path, each id percent-encoded.
    var path: String { Self.table.path(of: self) ?? "/team" }

    /// The path with a query.
    func path(query: [(String, String)]) -> String {
        query.isEmpty ? path : path + "?" + URLEncoding.query(query)
    }

    /// Every address of the dashboard, one row each: the one place where its paths are written.
    static let table = HTTPRouteTable<TeamRoute>([
        HTTPRoute(["GET"], "/team", .patients),
        HTTPRoute(["GET", "POST"], "/team/login", .signIn),
        HTTPRoute(["GET", "POST"], "/team/login/code", .secondStep),
        HTTPRoute(["POST"], "/team/logout", .signOut),
        HTTPRoute(["GET", "POST"], "/team/second-factor", .secondFactor),
        HTTPRoute(["GET", "POST"], "/team/language", .language),
        HTTPRoute(["GET"], "/team/assets/{file}", { TeamAsset(rawValue: $0).map(TeamRoute.asset) }) { if case .asset(let asset) = $0 { asset.rawValue } else { nil } },
        HTTPRoute(["GET"], "/team/patients/{id}", TeamRoute.patient) { if case .patient(let id) = $0 { id } else { nil } },
        HTTPRoute(["GET"], "/team/patients/{id}/{tab}", { id, tab in patientTabs.contains(tab) ? .patientTab(id, tab: tab) : nil }) {
            if case .patientTab(let id, let tab) = $0 { (id, tab) } else { nil }
        },
        HTTPRoute(["POST"], "/team/patients/{id}/alerts/acknowledge", TeamRoute.acknowledgeAlert) { if case .acknowledgeAlert(let id) = $0 { id } else { nil } },
        HTTPRoute(["GET", "POST"], "/team/patients/{id}/tasks/new", TeamRoute.newTask) { if case .newTask(let id) = $0 { id } else { nil } },
        HTTPRoute(["GET", "POST"], "/team/patients/{id}/tasks/{task}/schedule", TeamRoute.schedule) { if case .schedule(let id, let task) = $0 { (id, task) } else { nil } },
        HTTPRoute(["POST"], "/team/patients/{id}/tasks/{task}/instructions", TeamRoute.instructions) { if case .instructions(let id, let task) = $0 { (id, task) } else { nil } },
        HTTPRoute(["POST"], "/team/patients/{id}/tasks/{task}/stop", TeamRoute.stopTask) { if case .stopTask(let id, let task) = $0 { (id, task) } else { nil } },
        HTTPRoute(["POST"], "/team/patients/{id}/tasks/{task}/notes", TeamRoute.note) { if case .note(let id, let task) = $0 { (id, task) } else { nil } }
    ])
}

/// The files the dashboard's pages link to.
enum TeamAsset: String, Hashable, Sendable, CaseIterable {
    /// CareKitUI's stylesheet, the app's rules and the dashboard's, in one file.
    case stylesheet = "team.css"
    /// The dashboard's icon.
    case icon = "favicon.svg"
}
