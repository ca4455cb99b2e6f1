import CareKitHTTP
import CareKitSyncProtocol
import Foundation

/// Requests that name no clinician in the audit trail (docs/deploy.md, "The audit trail"):
/// refused device and FHIR requests, and FHIR reads by a token, each with the parsed client
/// address only.
extension SyncService {
    /// Appends a line about a request made with (or refused for) a device token; a failure to
    /// write it is logged, and the request answered as it would be.
    func auditRequest(
        _ request: HTTPRequest, patient: SyncPatient?, _ action: String, address: String, log: @Sendable (String) -> Void
    ) {
        let actor = patient == nil ? "client without a valid device token" : "device token of \(patient?.name ?? "")"
        let line = SyncAuditEntry(date: clock(), clinician: nil, clinicianEmail: actor, patient: patient?.id, action: action, address: address)
        do { try storage.appendAudit(line) } catch {
            log("carekit sync-server: could not audit \(request.method) \(request.path) from \(address): \(error)")
        }
    }

    /// The reason of a reply's problem document, or "no reason".
    static func reason(of reply: Reply) -> String {
        (try? JSONDecoder().decode(OCKSyncProblem.self, from: reply.body).reason) ?? "no reason"
    }
}
