import CareKitFHIR
import CareKitHTTP
import Foundation

/// The FHIR R4 read API of `carekit sync-server`: a patient's plan and results, read by a
/// hospital system or a research pipeline with one of the patient's device tokens.
///
/// * `GET /fhir/R4/metadata`: the CapabilityStatement (no token needed).
/// * `GET /fhir/R4/{type}/{id}`: one resource of the token's patient (Patient, CarePlan,
///   Observation, CareTeam, Practitioner, RelatedPerson, AllergyIntolerance).
/// * `GET /fhir/R4/{type}?…`: a `searchset` of any of them (`OCKFHIRSearch`: `_id`,
///   `_lastUpdated`, `identifier`, `subject`, `patient`, `status`, `date`, `code`, `category`,
///   `based-on`, `_sort`, `_count`, `_offset`, `_summary=count`), paged with `next` and
///   `previous` links. Parameters it does not support are ignored, unless the request says
///   `Prefer: handling=strict` (then 400).
///
/// A token sees only its own patient's resources: another patient's are not found, exactly
/// as ones that do not exist. Answers are `application/fhir+json`; every refusal is an
/// `OperationOutcome` with the reason.
public final class SyncFHIRAPI: Sendable {
    /// Where the API lives under the server.
    public static let basePath = "/fhir/R4"
    /// The media type of every answer.
    public static let contentType = "application/fhir+json; fhirVersion=4.0; charset=utf-8"

    private let service: SyncService
    private let replicas: _PatientReplicas
    private let clock: @Sendable () -> Date
    private let scheme: String
    private let log: @Sendable (String) -> Void
    private let trustedProxies: HTTPTrustedProxies

    /// - Parameters:
    ///   - scheme: how clients reach the server (`https` with TLS or behind a proxy), for the
    ///     absolute URLs FHIR bundles carry.
    ///   - trustedProxies: the proxies whose `X-Forwarded-For` names the client in the audit.
    ///   - log: where failures of the server's own (its storage is down) are reported.
    public init(
        service: SyncService, scheme: String, trustedProxies: HTTPTrustedProxies = .none, clock: @escaping @Sendable () -> Date = { Date() },
        log: @escaping @Sendable (String) -> Void = SyncHTTPServer.logToStandardError
    ) {
        self.service = service
        self.log = log
        self.scheme = scheme
        self.trustedProxies = trustedProxies
        self.clock = clock
        replicas = _PatientReplicas(storage: service.storage, clock: clock)
    }

    /// Adds the API's routes.
    public func addRoutes(to router: inout HTTPRouter) {
        router.add("GET", HTTPPathPattern("\(Self.basePath)/metadata")) { [self] request, _ in
            let statement = FHIRCapabilityStatement(baseURL: baseURL(request), date: clock())
            return Self.answer(200, try Self.encoder.encode(statement))
        }
        router.add("GET", HTTPPathPattern("\(Self.basePath)/{type}")) { [self] request, parameters in
            await search(request, type: parameters["type"] ?? "")
        }
        router.add("GET", HTTPPathPattern("\(Self.basePath)/{type}/{id}")) { [self] request, parameters in
            await read(request, type: parameters["type"] ?? "", id: parameters["id"] ?? "")
        }
    }

    /// The resource types a read can return.
    static let readableTypes: Set<String> = ["Patient", "CarePlan", "Observation", "CareTeam", "Practitioner", "RelatedPerson", "AllergyIntolerance"]

    func read(_ request: HTTPRequest, type: String, id: String) async -> HTTPResponse {
        guard Self.readableTypes.contains(type) else {
            return Self.outcome(404, code: "not-supported", "\(type) is not served here; \(Self.readableTypes.sorted().joined(separator: ", ")) are.")
        }
        let resources: [FHIRResource]
        switch await patientResources(request) {
        case .success(let found): resources = found
        case .failure(let refusal): return refusal.response
        }
        guard let resource = resources.first(where: { $0.resourceType == type && $0.id == id }) else {
            return Self.outcome(404, code: "not-found", "There is no \(type) with id '\(id.prefix(64))' for this token's patient.")
        }
        do {
            return Self.answer(200, try Self.encoder.encode(resource))
        } catch {
            return Self.outcome(500, code: "exception", "The resource could not be written: \(error)")
        }
    }

    func search(_ request: HTTPRequest, type: String) async -> HTTPResponse {
        let search: OCKFHIRSearch
        do {
            search = try OCKFHIRSearch(resourceType: type, query: request.query, strict: Self.isStrict(request.header("prefer")))
        } catch {
            return Self.outcome(400, code: "not-supported", error.description)
        }
        let resources: [FHIRResource]
        switch await patientResources(request) {
        case .success(let found): resources = found
        case .failure(let refusal): return refusal.response
        }
        do {
            let page = search.page(of: search.matches(in: resources), baseURL: baseURL(request), timestamp: clock())
            return Self.answer(200, try page.jsonData())
        } catch {
            return Self.outcome(500, code: "exception", "The searchset could not be written: \(error)")
        }
    }

    /// Whether a `Prefer` header asks for strict handling of search parameters (FHIR's
    /// default, and `handling=lenient`, ignore the ones a server does not support).
    static func isStrict(_ prefer: String?) -> Bool {
        guard let prefer else { return false }
        let preferences = prefer.split(separator: ",").flatMap { $0.split(separator: ";") }.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        return preferences.contains("handling=strict") && !preferences.contains("handling=lenient")
    }

    /// A refusal ready to send.
    struct Refusal: Error {
        let response: HTTPResponse
    }

    /// The resources of the patient whose device token the request carries; the read, or its
    /// refusal for the token, is audited.
    private func patientResources(_ request: HTTPRequest) async -> Result<[FHIRResource], Refusal> {
        let address = trustedProxies.clientAddress(of: request)
        let asked = request.query.isEmpty ? request.path : request.path + "?" + URLEncoding.query(request.query)
        switch service.authenticate(request.header("authorization")) {
        case .failure(let reply):
            let reason = SyncService.reason(of: reply)
            if reply.status >= 500 { log("carekit sync-server: GET \(request.path) answered \(reply.status): \(reason)") }
            if reply.status == 401 { service.auditRequest(request, patient: nil, "refused FHIR GET \(asked.prefix(300)): \(reason)", address: address, log: log) }
            var response = Self.outcome(reply.status, code: reply.status == 401 ? "login" : "transient", reason)
            response.headers += reply.headers
            return .failure(Refusal(response: response))
        case .success(let token):
            let patient = token.patient
            service.auditRequest(request, patient: patient, "FHIR read GET \(asked.prefix(300))", address: address, log: log)
            do {
                return .success(try await replicas.resources(of: patient))
            } catch {
                let reason = "The patient's data could not be read: \(SyncService.describe(error))"
                log("carekit sync-server: GET \(request.path) answered 503: \(reason)")
                return .failure(Refusal(response: Self.outcome(503, code: "transient", reason)))
            }
        }
    }

    private func baseURL(_ request: HTTPRequest) -> String {
        let host = request.header("host").flatMap { $0.isEmpty ? nil : $0 } ?? "localhost"
        return "\(scheme)://\(host)\(Self.basePath)"
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    static func answer(_ status: Int, _ body: Data) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", contentType)], body: .data(body))
    }

    /// An `OperationOutcome` with one error issue.
    static func outcome(_ status: Int, code: String, _ diagnostics: String) -> HTTPResponse {
        let outcome = OperationOutcome(issue: [.init(severity: "error", code: code, diagnostics: diagnostics)])
        return answer(status, (try? encoder.encode(outcome)) ?? Data(#"{"resourceType":"OperationOutcome","issue":[]}"#.utf8))
    }

    struct OperationOutcome: Encodable {
        struct Issue: Encodable {
            var severity: String
            var code: String
            var diagnostics: String
        }
        var resourceType = "OperationOutcome"
        var issue: [Issue]
    }
}
