import CareKitStore
import CareKitSyncProtocol
import Foundation

/// The sync protocol (docs/sync.md) without the transport: a request's bearer token and body
/// in, a status and a JSON body out. A token reads and writes its own patient's revisions and
/// nothing else; every refusal is a 4xx with a reason, and a refused push stores nothing.
public final class SyncService: Sendable {
    /// An answer: HTTP status and JSON body.
    public struct Reply: Sendable {
        public var status: Int
        public var body: Data
        /// Extra headers (`WWW-Authenticate` on a 401).
        public var headers: [(String, String)] = []

        public init(status: Int, body: Data, headers: [(String, String)] = []) {
            self.status = status
            self.body = body
            self.headers = headers
        }
    }

    public let storage: any SyncStorage
    let clock: @Sendable () -> Date
    /// How often a device token's last use, and a patient's last contact, are written: at
    /// most once an hour each, so an idle device's syncs are reads (docs/deploy.md, "People
    /// come and go"; docs/team.md, "Last contact").
    public static let tokenUseResolution: TimeInterval = 60 * 60
    /// When each patient's devices last made contact (Service/_ContactLog.swift).
    let contacts = _ContactLog()

    /// The most versions one pull page returns and one push may carry.
    public static let maximumVersionsPerRequest = 5_000
    /// The page size when a pull asks for none.
    public static let defaultPageSize = 2_000
    /// The most processes (store files) a patient's knowledge vectors may name: a patient has a
    /// handful of devices, and every pull compares vectors.
    public static let maximumProcesses = 64
    /// The most processes a pull's vector may name (a device may know ids of its own that it
    /// has not pushed yet).
    public static let maximumPullProcesses = 4 * maximumProcesses

    public init(storage: any SyncStorage, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.storage = storage
        self.clock = clock
    }

    // MARK: Accounts

    /// Adds a patient and its first device token; the token is shown once and never stored.
    public func addPatient(name: String) throws -> (patient: SyncPatient, token: String) {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= 200, !trimmed.contains(where: { $0.isNewline }) else {
            throw SyncStorageError("A patient's name must be 1 to 200 characters on one line.", isConflict: true)
        }
        let patient = try storage.addPatient(name: trimmed, created: clock())
        return (patient, try addDevice(to: patient, label: "first device"))
    }

    /// Gives a patient one more device token.
    public func addDevice(patientNamed name: String, label: String) throws -> String {
        guard let patient = try storage.patients().first(where: { $0.name == name }) else {
            throw SyncStorageError("No patient named '\(name)' on this server; `add-patient` adds one.", isConflict: true)
        }
        return try addDevice(to: patient, label: label)
    }

    /// Sets a patient's identifier in a system (their MRN at a hospital), served on their FHIR
    /// `Patient`; a second identifier in the same system replaces the first.
    public func setIdentifier(patientNamed name: String, system: String, value: String) throws -> SyncPatient {
        guard let patient = try storage.patients().first(where: { $0.name == name }) else {
            throw SyncStorageError("No patient named '\(name)' on this server; `add-patient` adds one.", isConflict: true)
        }
        let system = system.trimmingCharacters(in: .whitespaces), value = value.trimmingCharacters(in: .whitespaces)
        guard system.contains(":"), system.count <= 500, !system.contains(where: { $0.isWhitespace }) else {
            throw SyncStorageError("The identifier's system must be a URI without spaces (such as urn:oid:1.2.36.146.595.217.0.1 or https://hospital.example/mrn).", isConflict: true)
        }
        guard !value.isEmpty, value.count <= 200, !value.contains(where: { $0.isNewline }) else {
            throw SyncStorageError("The identifier must be 1 to 200 characters on one line.", isConflict: true)
        }
        try storage.setIdentifier(patient: patient.id, SyncPatientIdentifier(system: system, value: value), at: clock())
        return patient
    }

    private func addDevice(to patient: SyncPatient, label: String) throws -> String {
        guard let token = DeviceToken.generate() else {
            throw SyncStorageError("The system's random source could not be used; no token was made.")
        }
        try storage.addDeviceToken(hash: DeviceToken.hash(token), patient: patient.id, label: label, created: clock())
        return token
    }

    // MARK: Requests

    /// The token a request's `Authorization: Bearer` names (with its patient), or the 401 to send.
    enum Authentication {
        case success(SyncDeviceToken)
        case failure(Reply)
    }

    /// A device's request as far as every one is screened, or the reply that refuses it.
    enum Admission {
        /// The token, and the body's walk (its entities' slices, for a push).
        case admitted(SyncDeviceToken, _PushSlices.Reading)
        case refused(Reply)
    }

    /// Screens a pull or push in the order both take: the token (401), then the walk of the body,
    /// which refuses a duplicated key or a huge vector before anything is decoded (`nothing` ends
    /// the refusal: what was not stored); the device's contact is noted only then.
    func admit(_ authorization: String?, _ body: Data, processLimit: Int, nothing: String) -> Admission {
        let token: SyncDeviceToken
        switch authenticate(authorization) {
        case .success(let found): token = found
        case .failure(let reply): return .refused(reply)
        }
        let reading = _PushSlices.read(body, processLimit: processLimit)
        if let refusal = Self.refusal(reading, processes: processLimit, nothing: nothing) { return .refused(refusal) }
        noteContact(token)
        return .admitted(token, reading)
    }

    func authenticate(_ authorization: String?) -> Authentication {
        // The scheme's name is case-insensitive (RFC 9110): "bearer" and "BEARER" are Bearer.
        guard let authorization, authorization.count > 7, authorization.prefix(7).lowercased() == "bearer " else {
            return .failure(Self.unauthorized("Send the device token as `Authorization: Bearer TOKEN`."))
        }
        let token = String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces)
        guard DeviceToken.isWellFormed(token) else {
            return .failure(Self.unauthorized("That is not a device token (64 hex digits)."))
        }
        // Asked of storage every time: no cache outlives a revocation, whichever process
        // (the server, a `carekit sync-server revoke`, another server) made it.
        let hash = DeviceToken.hash(token)
        do {
            guard let found = try storage.deviceToken(hash: hash) else {
                return .failure(Self.unauthorized("This device token is not known here."))
            }
            guard found.revoked == nil else {
                return .failure(Self.unauthorized("This device token was revoked; ask the clinic for a new one."))
            }
            let now = clock()
            if found.lastUsed.map({ now.timeIntervalSince($0) >= Self.tokenUseResolution }) ?? true {
                try storage.noteDeviceTokenUse(hash: hash, at: now)
            }
            return .success(found)
        } catch {
            return .failure(Self.unavailable(error))
        }
    }

    /// `POST /sync/v1/pull`.
    public func pull(authorization: String?, body: Data) -> Reply {
        let token: SyncDeviceToken
        switch admit(authorization, body, processLimit: Self.maximumPullProcesses, nothing: "") {
        case .admitted(let found, _): token = found
        case .refused(let reply): return reply
        }
        let patient = token.patient
        let request: OCKSyncPullRequest
        do {
            request = try JSONDecoder().decode(OCKSyncPullRequest.self, from: body)
        } catch {
            return Self.problem(400, "The body is not a pull request: \(Self.describe(error))")
        }
        var cursor: SyncCursor?
        if let text = request.cursor {
            guard let parsed = SyncCursor(text) else { return Self.problem(400, "'\(text.prefix(40))' is not a cursor this server gave.") }
            cursor = parsed
        }
        let limit = min(max(request.limit ?? Self.defaultPageSize, 1), Self.maximumVersionsPerRequest)
        do {
            let page = try storage.pull(patient: patient.id, since: request.knowledgeVector, after: cursor, limit: limit)
            return Reply(status: 200, body: try Self.encode(page))
        } catch {
            return Self.unavailable(error)
        }
    }

    /// `POST /sync/v1/push`.
    public func push(authorization: String?, body: Data) -> Reply {
        let (token, reading): (SyncDeviceToken, _PushSlices.Reading)
        switch admit(authorization, body, processLimit: Self.maximumProcesses, nothing: " Nothing was stored.") {
        case .admitted(let found, let walk): (token, reading) = (found, walk)
        case .refused(let reply): return reply
        }
        let patient = token.patient
        let decoded: OCKSyncPushRequest
        do {
            decoded = try JSONDecoder().decode(OCKSyncPushRequest.self, from: body)
        } catch {
            return Self.problem(400, "The body is not a push of CareKit revisions: \(Self.describe(error)). Nothing was stored.")
        }
        let count = decoded.revisions.reduce(0) { $0 + $1.entities.count }
        guard count <= Self.maximumVersionsPerRequest else {
            return Self.problem(413, "A push may carry at most \(Self.maximumVersionsPerRequest) versions; this one has \(count). Send them in several requests. Nothing was stored.")
        }
        for (number, revision) in decoded.revisions.enumerated() where !revision.entities.isEmpty {
            let clocks = revision.knowledgeVector.processes
            // Every pull's vector covers such a revision: no device would ever pull its versions.
            if clocks.isEmpty || clocks.values.contains(where: { $0 <= 0 }) {
                return Self.problem(
                    400,
                    "Revision \(number) has \(clocks.isEmpty ? "an empty knowledge vector" : "a clock of 0 or less in its knowledge vector"): no device would ever pull its versions. Every revision needs its writer's clock, 1 or more. Nothing was stored."
                )
            }
        }
        let revisions: [SyncStoredRevision]
        do {
            revisions = try Self.rawRevisions(body, decoded: decoded, slices: reading.entities)
        } catch {
            return Self.problem(400, "\(error) Nothing was stored.")
        }
        do {
            let outcome = try storage.push(patient: patient.id, revisions: revisions, deviceKnowledge: decoded.deviceKnowledge, at: clock())
            return Reply(status: 200, body: try JSONEncoder().encode(OCKSyncPushResult(stored: outcome.stored, alreadyPresent: outcome.alreadyPresent)))
        } catch {
            return Self.unavailable(error)
        }
    }

    // MARK: JSON

    /// Each entity's JSON as the device sent it, paired with the uuid the decoded request
    /// gives it, so that fields this version does not know are kept.
    static func rawRevisions(_ body: Data, decoded: OCKSyncPushRequest, slices: [[Range<Int>]]? = nil) throws -> [SyncStoredRevision] {
        if let slices = slices ?? _PushSlices.entities(in: body), slices.count == decoded.revisions.count,
            zip(slices, decoded.revisions).allSatisfy({ $0.0.count == $0.1.entities.count })
        {
            let base = body.startIndex
            return zip(slices, decoded.revisions).map { ranges, revision in
                SyncStoredRevision(
                    knowledgeVector: revision.knowledgeVector,
                    versions: zip(ranges, revision.entities).map { range, entity in
                        SyncStoredVersion(uuid: entity.uuid, json: Data(body[(base + range.lowerBound)..<(base + range.upperBound)]))
                    })
            }
        }
        return try foundationRevisions(body, decoded: decoded)
    }

    /// ``rawRevisions(_:decoded:)`` through Foundation's JSON objects (keys sorted), for bodies
    /// the byte walk does not take (keys written with escapes).
    static func foundationRevisions(_ body: Data, decoded: OCKSyncPushRequest) throws -> [SyncStoredRevision] {
        struct Malformed: Error, CustomStringConvertible { var description: String }
        guard let root = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            let list = root["revisions"] as? [Any], list.count == decoded.revisions.count
        else {
            throw Malformed(description: "The revisions could not be read.")
        }
        var result: [SyncStoredRevision] = []
        for (raw, revision) in zip(list, decoded.revisions) {
            guard let object = raw as? [String: Any], let entities = object["entities"] as? [Any], entities.count == revision.entities.count else {
                throw Malformed(description: "A revision's entities could not be read.")
            }
            var versions: [SyncStoredVersion] = []
            for (rawEntity, entity) in zip(entities, revision.entities) {
                guard JSONSerialization.isValidJSONObject(rawEntity),
                    let json = try? JSONSerialization.data(withJSONObject: rawEntity, options: [.sortedKeys, .withoutEscapingSlashes])
                else {
                    throw Malformed(description: "Version \(entity.uuid) could not be kept as JSON.")
                }
                versions.append(SyncStoredVersion(uuid: entity.uuid, json: json))
            }
            result.append(SyncStoredRevision(knowledgeVector: revision.knowledgeVector, versions: versions))
        }
        return result
    }

    /// A pull page with every version's JSON embedded as stored.
    static func encode(_ page: SyncPullResult) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var out = Data(#"{"cursor":"#.utf8)
        out += try page.next.map { try encoder.encode($0.description) } ?? Data("null".utf8)
        out += Data(#","revisions":["#.utf8)
        var first = true
        func revision(_ versions: [Data], _ vector: OCKRevisionRecord.KnowledgeVector) throws {
            if !first { out += Data(",".utf8) }
            first = false
            out += Data(#"{"entities":["#.utf8)
            for (index, json) in versions.enumerated() {
                if index > 0 { out += Data(",".utf8) }
                out += json
            }
            out += Data(#"],"knowledgeVector":"#.utf8)
            out += try encoder.encode(vector)
            out += Data("}".utf8)
        }
        for stored in page.revisions { try revision(stored.versions.map(\.json), stored.knowledgeVector) }
        if let knowledge = page.knowledge { try revision([], knowledge) }
        out += Data("]}".utf8)
        return out
    }

    /// The 400 for a body with a key given twice in one object (Foundation would keep one of
    /// them silently), or with a vector of more than `processes` processes.
    static func refusal(_ reading: _PushSlices.Reading, processes: Int, nothing: String) -> Reply? {
        if let key = reading.duplicateKey {
            return problem(400, "The body gives the key '\(key.prefix(40))' twice in one object; which one counts would be a guess.\(nothing)")
        }
        if reading.largestVector > processes {
            return problem(
                400, "A knowledge vector in the body names more than \(processes) processes; a patient's devices use at most \(Self.maximumProcesses).\(nothing)")
        }
        return nil
    }

    static func problem(_ status: Int, _ reason: String, headers: [(String, String)] = []) -> Reply {
        let body = (try? JSONEncoder().encode(OCKSyncProblem(reason: reason))) ?? Data("{}".utf8)
        return Reply(status: status, body: body, headers: headers)
    }

    static func unauthorized(_ reason: String) -> Reply {
        problem(401, reason, headers: [("WWW-Authenticate", #"Bearer realm="carekit-sync""#)])
    }

    static func unavailable(_ error: any Error) -> Reply {
        if let storage = error as? SyncStorageError, storage.isConflict { return problem(409, storage.description) }
        return problem(503, "The server cannot reach its storage right now (\(error)); try again later. Nothing was lost.", headers: [("Retry-After", "5")])
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "'\(key.stringValue)' is missing at \(path(context))"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context), DecodingError.dataCorrupted(let context):
            return "\(context.debugDescription) at \(path(context))"
        default:
            return "\(error)"
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        return path.isEmpty ? "the top" : path
    }
}
