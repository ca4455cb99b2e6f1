import Foundation

/// What the care team's dashboard kept of a patient's overview (CareKitTeam's
/// Patients/_OverviewHorizon.swift): the patient's latest revision when it was computed, and
/// its JSON, which only the dashboard reads. Kept in storage so that a server that starts
/// again, or another server on the same database, shows the patient list without computing
/// every patient's overview from their revisions; one that names an older revision than the
/// patient's latest is computed again.
public struct SyncKeptOverview: Hashable, Sendable {
    /// The patient's latest revision (its sequence) the overview was computed at.
    public var revision: Int64
    /// UTF-8 JSON (PostgreSQL keeps it as `text`).
    public var json: Data

    public init(revision: Int64, json: Data) {
        self.revision = revision
        self.json = json
    }
}
