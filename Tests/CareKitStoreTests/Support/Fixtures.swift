import CareKitStore
import Foundation
import Testing

/// The JSON written by Apple CareKit itself, shared by every worktree of the project.
enum Fixtures {
    /// Where the fixtures live: `shared/fixtures/carekit-json` beside this checkout (as in every
    /// worktree and CI clone of the project), else `$CAREKIT_FIXTURES`, else `/work/shared`.
    /// Tests that need them are skipped when none exists.
    static let root: URL = {
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent()  // Support
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()  // the package
        var candidates = [checkout.deletingLastPathComponent().appendingPathComponent("shared/fixtures/carekit-json", isDirectory: true)]
        if let configured = ProcessInfo.processInfo.environment["CAREKIT_FIXTURES"], !configured.isEmpty {
            candidates.append(URL(fileURLWithPath: configured, isDirectory: true))
        }
        candidates.append(URL(fileURLWithPath: "/work/shared/fixtures/carekit-json", isDirectory: true))
        return candidates.first { isFolder($0) } ?? candidates[candidates.count - 1]
    }()

    private static func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
    static let folders = ["deferredToDate", "iso8601", "compact", "compat-carekit3"]

    static var available: Bool { isFolder(root) }

    static let missingMessage: Comment = "CareKit JSON fixtures not found (shared/fixtures/carekit-json beside the checkout, $CAREKIT_FIXTURES or /work/shared); these tests are skipped."

    /// Every `NAME.json` that has a `NAME.expect.json` sidecar, in every folder.
    static var all: [FixtureFile] {
        guard available else { return [] }
        return folders.flatMap { folder -> [FixtureFile] in
            let directory = root.appendingPathComponent(folder, isDirectory: true)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return
                names
                .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".expect.json") && names.contains($0.replacingOccurrences(of: ".json", with: ".expect.json")) }
                .map { FixtureFile(folder: folder, name: String($0.dropLast(".json".count))) }
        }
        .sorted { ($0.folder, $0.name) < ($1.folder, $1.name) }
    }

    /// The JSON files in a folder that have no sidecar (only `decode-results.json` is expected).
    static func filesWithoutSidecar(in folder: String) -> [String] {
        let directory = root.appendingPathComponent(folder, isDirectory: true)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".expect.json") && !names.contains($0.replacingOccurrences(of: ".json", with: ".expect.json")) }
    }
}

/// One fixture and its sidecar.
struct FixtureFile: Hashable, Sendable, CustomTestStringConvertible {
    let folder: String
    let name: String

    var url: URL { Fixtures.root.appendingPathComponent(folder).appendingPathComponent("\(name).json") }
    var sidecarURL: URL { Fixtures.root.appendingPathComponent(folder).appendingPathComponent("\(name).expect.json") }
    var testDescription: String { "\(folder)/\(name)" }
    var usesISO8601: Bool { folder == "iso8601" }
    var isCareKit3: Bool { folder == "compat-carekit3" }

    func data() throws -> Data { try Data(contentsOf: url) }
    func sidecar() throws -> JSONValue { try JSONValue.parse(Data(contentsOf: sidecarURL)) }

    /// The decoder CareKit's data needs: plain (dates as seconds since 2001), or ISO 8601.
    var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        if usesISO8601 { decoder.dateDecodingStrategy = .iso8601 }
        return decoder
    }

    /// The encoder CareKit used for the folder.
    var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        if usesISO8601 { encoder.dateEncodingStrategy = .iso8601 }
        return encoder
    }

    /// The model type of the fixture, from its name.
    var kind: FixtureKind? { FixtureKind.forName(name) }
}

/// The watch peer's internal message, re-declared as CareKit declares it.
struct WatchPeerPayload: Codable, Equatable, Sendable {
    var knowledgeVector: OCKRevisionRecord.KnowledgeVector
    var revisions: [OCKRevisionRecord]
}

/// How to decode, summarise and re-encode one kind of fixture.
struct FixtureKind: Sendable {
    let typeName: String
    /// Decodes the fixture and builds its sidecar summary.
    let summarize: @Sendable (Data, JSONDecoder) throws -> JSONValue
    /// Decodes, re-encodes and decodes again: whether both decodes are equal, and our JSON.
    let roundTrip: @Sendable (Data, JSONDecoder, JSONEncoder) throws -> (equal: Bool, encoded: Data)

    static func of<T: Codable & Equatable & Sendable>(_ type: T.Type, _ summary: @escaping @Sendable (T) -> JSONValue) -> FixtureKind {
        FixtureKind(
            typeName: String(describing: type),
            summarize: { data, decoder in summary(try decoder.decode(T.self, from: data)) },
            roundTrip: { data, decoder, encoder in
                let first = try decoder.decode(T.self, from: data)
                let encoded = try encoder.encode(first)
                let second = try decoder.decode(T.self, from: encoded)
                return (first == second, encoded)
            })
    }

    static func forName(_ fullName: String) -> FixtureKind? {
        let name = fullName.hasSuffix("-carekit3") ? String(fullName.dropLast("-carekit3".count)) : fullName
        if name.hasPrefix("entity-") { return .of(OCKEntity.self, Sidecar.entity) }
        if name.hasPrefix("patient-") { return .of(OCKPatient.self, Sidecar.patient) }
        if name.hasPrefix("revision-record") { return .of(OCKRevisionRecord.self, Sidecar.revisionRecord) }
        switch name {
        case "task": return .of(OCKTask.self, Sidecar.task)
        case "healthkit-task": return .of(OCKHealthKitTask.self, Sidecar.healthKitTask)
        case "outcome": return .of(OCKOutcome.self, Sidecar.outcome)
        case "careplan": return .of(OCKCarePlan.self, Sidecar.carePlan)
        case "contact": return .of(OCKContact.self, Sidecar.contact)
        case "schedule-element": return .of(OCKScheduleElement.self, Sidecar.element)
        case "schedule": return .of(OCKSchedule.self, Sidecar.schedule)
        case "knowledge-vector": return .of(OCKRevisionRecord.KnowledgeVector.self, Sidecar.knowledgeVector)
        case "watch-peer-payload":
            return .of(WatchPeerPayload.self) { payload in
                .object(["knowledgeVector": Sidecar.knowledgeVector(payload.knowledgeVector), "revisions": .array(payload.revisions.map(Sidecar.revisionRecord))])
            }
        case "semantic-version": return .of(OCKSemanticVersion.self, Sidecar.semanticVersion)
        // The generator wrote these two sidecars as one-element arrays.
        case "note": return .of(OCKNote.self) { .array([Sidecar.note($0)]) }
        case "labeled-value": return .of(OCKLabeledValue.self) { .array([Sidecar.labeledValue($0)]) }
        case "postal-address": return .of(OCKPostalAddress.self, Sidecar.address)
        default: return nil
        }
    }
}
