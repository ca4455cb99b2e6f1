import Foundation

/// The audit trail written out (`carekit sync-server audit export`): one JSON object a line,
/// either the line as stored with its hashes, or an HL7 FHIR R4 `AuditEvent`.
public enum SyncAuditExport: String, Sendable, CaseIterable {
    /// `{"id", "time", "clinician", "patient", "actor", "action", "address", "previous", "hash"}`.
    case jsonLines = "jsonl"
    /// FHIR R4 `AuditEvent` resources, one a line (NDJSON, as FHIR bulk data writes them).
    case fhir

    /// Every line of the trail in order, a page at a time, each given to `write` as one line
    /// of JSON with its newline.
    public func write(_ storage: any SyncStorage, to write: (Data) throws -> Void) throws -> Int {
        var after: Int64 = 0
        var count = 0
        while true {
            let page = try storage.auditEntries(after: after, limit: 1_000)
            guard let last = page.last else { return count }
            for entry in page {
                var line = try line(entry)
                line.append(0x0A)
                try write(line)
                count += 1
            }
            after = last.id ?? after
        }
    }

    /// One line's JSON.
    public func line(_ entry: SyncAuditEntry) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        switch self {
        case .jsonLines:
            return try encoder.encode(
                Line(
                    id: entry.id ?? 0, time: Self.time(entry.date), clinician: entry.clinician, patient: entry.patient, actor: entry.clinicianEmail,
                    action: entry.action, address: entry.address, previous: _Hex.string(entry.previousHash ?? Data()), hash: _Hex.string(entry.hash ?? Data())))
        case .fhir:
            return try encoder.encode(Self.auditEvent(entry))
        }
    }

    /// The time as FHIR's `instant` and RFC 3339 write it, in UTC, to the millisecond.
    static func time(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    struct Line: Encodable {
        var id: Int64
        var time: String
        var clinician: Int64?
        var patient: Int64?
        var actor, action, address, previous, hash: String
    }

    // MARK: FHIR R4 AuditEvent

    struct Coding: Encodable {
        var system: String
        var code: String
        var display: String?
    }

    struct Identifier: Encodable {
        var system: String
        var value: String
    }

    struct Reference: Encodable {
        var identifier: Identifier?
        var display: String?
    }

    struct Network: Encodable {
        var address: String
        /// 2: an IP address.
        var type: String
    }

    struct Agent: Encodable {
        var who: Reference
        var requestor: Bool
        var network: Network?
    }

    struct Source: Encodable {
        var observer: Reference
    }

    struct Entity: Encodable {
        var what: Reference
        var type: Coding
    }

    struct Extension: Encodable {
        var url: String
        var valueString: String
    }

    struct AuditEvent: Encodable {
        var resourceType = "AuditEvent"
        var id: String
        var type: Coding
        var action: String
        var recorded: String
        var outcome = "0"
        var outcomeDesc: String
        var agent: [Agent]
        var source: Source
        var entity: [Entity]?
        var `extension`: [Extension]
    }

    static let patientSystem = "urn:carekit:sync-server:patient"
    static let clinicianSystem = "urn:carekit:sync-server:clinician"

    /// R (read) for a page viewed, E (execute) for an administrator's act, U (update) for a
    /// change to a plan.
    static func auditEvent(_ entry: SyncAuditEntry) -> AuditEvent {
        let administrator = entry.address == "local" && entry.clinicianEmail.hasPrefix("administrator")
        let action = entry.action.hasPrefix("viewed") ? "R" : administrator ? "E" : "U"
        let type =
            administrator
            ? Coding(system: "http://dicom.nema.org/resources/ontology/DCM", code: "110136", display: "Security Roles Changed")
            : Coding(system: "http://terminology.hl7.org/CodeSystem/audit-event-type", code: "rest", display: "RESTful Operation")
        var entities: [Entity] = []
        if let patient = entry.patient {
            entities.append(
                Entity(
                    what: Reference(identifier: Identifier(system: patientSystem, value: String(patient))),
                    type: Coding(system: "http://terminology.hl7.org/CodeSystem/audit-entity-type", code: "1", display: "Person")))
        }
        if administrator, let clinician = entry.clinician {
            entities.append(
                Entity(
                    what: Reference(identifier: Identifier(system: clinicianSystem, value: String(clinician))),
                    type: Coding(system: "http://terminology.hl7.org/CodeSystem/audit-entity-type", code: "1", display: "Person")))
        }
        let who =
            administrator
            ? Reference(display: entry.clinicianEmail)
            : Reference(identifier: entry.clinician.map { Identifier(system: clinicianSystem, value: String($0)) }, display: entry.clinicianEmail)
        let network = administrator || entry.address.isEmpty ? nil : Network(address: entry.address, type: "2")
        return AuditEvent(
            id: "carekit-audit-\(entry.id ?? 0)", type: type, action: action, recorded: time(entry.date), outcomeDesc: entry.action,
            agent: [Agent(who: who, requestor: true, network: network)], source: Source(observer: Reference(display: "CareKit sync server")),
            entity: entities.isEmpty ? nil : entities,
            extension: [
                Extension(url: "urn:carekit:audit:previous-hash", valueString: _Hex.string(entry.previousHash ?? Data())),
                Extension(url: "urn:carekit:audit:hash", valueString: _Hex.string(entry.hash ?? Data()))
            ])
    }
}
