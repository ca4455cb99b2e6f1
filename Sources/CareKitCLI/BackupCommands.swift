import CareKit
import CareKitArguments
import CareKitFHIR
import CareKitStore
import Foundation

/// `carekit export` and `carekit import`: a store's whole history as one JSON file.
enum BackupCommands {

    static let format = Option(
        "format", value: "carekit|fhir|fhir-transaction",
        loc.key(
            "carekit (the default): the whole history in CareKit's format, which `carekit import` restores exactly. fhir: an HL7 FHIR R4 Bundle (type collection) for health systems: the patient, care plans with their tasks as activities and schedules as Timing, outcomes as Observations, contacts (docs/fhir.md). fhir-transaction: the same as a transaction Bundle to POST to a FHIR server, each resource PUT at its id."
        ))

    static let export = Command(
        CommandSpec(
            "export",
            loc.key(
                "A complete backup: every version of every entity (edits, deletions and their history), as JSON in CareKit's format ({\"type\", \"object\"} entities). `carekit import` restores it. With --format fhir, the plan and its results as a FHIR R4 Bundle."
            ),
            options: [.output, format, Encryption.encryptTo, Encryption.passphraseFile, .timezone, .store],
            details: loc.key(
                "Without -o the JSON goes to standard output. A damaged store is exported as far as it can be read: what could not be read is listed, and the command exits 1. With --encrypt-to or --passphrase-file the file is encrypted in the age format (age-encryption.org/v1), which `age -d` and `carekit import` read."
            )),
        run: exportStore)

    enum ExportFormat: String {
        case carekit, fhir
        case fhirTransaction = "fhir-transaction"
    }

    static func exportStore(_ arguments: Arguments, _ context: CommandContext) async throws {
        let text = arguments[format] ?? ExportFormat.carekit.rawValue
        guard let exportFormat = ExportFormat(rawValue: text.lowercased()) else {
            throw UsageError(loc("--format must be carekit, fhir or fhir-transaction, not '{value}'.", ["value": text]))
        }
        let store = try context.openStore(arguments)
        let entities: [OCKEntity]
        var unreadable: [String] = []
        if store.damage != nil {
            let rescued = try await store.exportReadableVersions()
            (entities, unreadable) = (rescued.entities, rescued.unreadable)
        } else {
            entities = try await store.exportVersions()
        }
        let data: Data
        let written: String
        switch exportFormat {
        case .carekit:
            let document = ExportDocument(format: ExportDocument.formatName, version: ExportDocument.currentVersion, exportedAt: context.now, entities: entities)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            data = try encoder.encode(document)
            written = loc("{count} entity versions", count: entities.count)
        case .fhir, .fhirTransaction:
            let export = OCKFHIRExporter(now: context.now).export(entities)
            let zone = context.calendar.timeZone
            data = try (exportFormat == .fhir ? export.collection(timestamp: context.now, timeZone: zone) : export.transaction(timestamp: context.now, timeZone: zone)).jsonData()
            written = loc("a FHIR Bundle of {count} resources ({types})", count: export.resources.count, ["types": Format.resourceCounts(export.resources.map(\.resourceType))])
            for note in export.notes { context.error(loc("Not written: {note}", ["note": note])) }
        }
        let (sealed, encrypted) = try Encryption.seal(data, arguments, context)
        if let path = arguments[.output], path != "-" {
            try OutputFile.write(sealed, to: path)
            context.output(encrypted ? loc("Exported {what} to {path}, encrypted.", ["what": written, "path": path]) : loc("Exported {what} to {path}.", ["what": written, "path": path]))
        } else if encrypted {
            context.io.writeOutput(sealed)
        } else {
            context.write(Format.terminalSafeJSON(data))
            context.output("")
        }
        if let damage = store.damage {
            let lost = unreadable.isEmpty ? loc("Every version was read.") : unreadable.joined(separator: " ")
            throw OCKStoreError.fetchFailed(
                reason:
                    loc(
                        "The store is damaged (SQLite's check found {damage}) The export holds the {count} versions that could be read. {lost} Import it into a new store with `carekit import FILE --store NEW`, or restore a backup.",
                        count: entities.count, ["damage": "\(damage)", "lost": lost])
            )
        }
    }

    static let `import` = Command(
        CommandSpec(
            "import",
            loc.key(
                "Restores a file written by `carekit export` (or a JSON array of CareKit {\"type\", \"object\"} entities) with its whole history, in one transaction: everything or nothing. Versions the store already has are skipped, so importing a file twice adds nothing the second time. A FHIR R4 Bundle is read too: its CarePlans' activities become tasks with schedules, its Observations outcomes on their events. The store is created if it does not exist."
            ),
            positionals: [Positional(name: "FILE", help: loc.key("The JSON file, or an age file of it; \"-\" reads standard input."))],
            options: [Encryption.identity, Encryption.passphraseFile, .timezone, .store],
            details: loc.key(
                "A FHIR resource that cannot be placed (an activity without a Timing CareKit can follow, an Observation on no event) is listed with the reason, and nothing is imported. Resources CareKit has no place for (a Condition, an Encounter) are listed as skipped. Times without a time zone are read in the patient's (--timezone, else $CAREKIT_TIMEZONE, else TZ)."
            )), run: importEntities)

    static func importEntities(_ arguments: Arguments, _ context: CommandContext) async throws {
        let path = arguments.positionals[0]
        var data: Data
        do {
            data = path == "-" ? context.io.readInput() : try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw OCKStoreError.invalidValue(reason: loc("Could not read {path}: {reason}. Nothing was imported.", ["path": path, "reason": Format.fileError(error)]))
        }
        data = try Encryption.open(data, name: path, arguments)
        if let fhir = try FHIRImport.read(data, name: path, context) {
            let store = try context.openStore(arguments, creating: true)
            let summary = try await store.importVersions(fhir.entities)
            context.output(Format.importSummary(summary))
            for note in fhir.notes { context.output(loc("Note: {note}", ["note": "\(note)"])) }
            return
        }
        let entities = try ExportDocument.entities(in: data, name: path)
        let store = try context.openStore(arguments, creating: true)
        let summary = try await store.importVersions(entities)
        context.output(Format.importSummary(summary))
    }
}

/// `carekit import` of a FHIR Bundle.
enum FHIRImport {
    /// The entities of a FHIR Bundle, or nil when the data is not FHIR (a CareKit export).
    /// Throws, listing each resource that cannot be placed, when anything cannot.
    static func read(_ data: Data, name: String, _ context: CommandContext) throws -> OCKFHIRImport? {
        guard let object = try? JSONDecoder().decode(FHIRJSON.self, from: data), let type = object["resourceType"]?.stringValue else { return nil }
        let reading: FHIRBundleReading
        do {
            reading = try FHIRBundleReading(data: data)
        } catch {
            throw OCKStoreError.invalidValue(
                reason: loc("{file} is a FHIR {type}, not a Bundle: {reason}. Nothing was imported.", ["file": name, "type": type, "reason": error.description]))
        }
        let result = OCKFHIRImporter(timeZone: context.calendar.timeZone, now: context.now).entities(from: reading)
        guard result.canBeWritten else {
            let count = result.problems.count
            let lines = result.problems.prefix(50).map { "  - \($0)" } + (count > 50 ? ["  - " + loc("and {count} more", count: count - 50)] : [])
            throw OCKStoreError.invalidValue(
                reason: loc("{file}: {count} FHIR resources cannot be placed in a CareKit store. Nothing was imported.", count: count, ["file": name]) + "\n" + lines.joined(separator: "\n"))
        }
        return result
    }
}

/// The JSON written by `carekit export`.
struct ExportDocument: Codable {
    static let formatName = "carekit-export"
    /// 1: every version of entities not deleted. 2: every version, deletions included.
    static let currentVersion = 2

    var format: String
    var version: Int
    var exportedAt: Date
    var entities: [OCKEntity]

    /// The entities of an export document (an object) or of a bare array of CareKit entities.
    static func entities(in data: Data, name: String) throws -> [OCKEntity] {
        let isDocument = data.first(where: { !(Character(Unicode.Scalar($0)).isWhitespace) }) == UInt8(ascii: "{")
        do {
            guard isDocument else { return try JSONDecoder().decode([OCKEntity].self, from: data) }
            let document = try JSONDecoder().decode(ExportDocument.self, from: data)
            guard document.format == formatName else {
                throw OCKStoreError.invalidValue(reason: loc("{file} is a '{format}' file, not a CareKit export. Nothing was imported.", ["file": name, "format": document.format]))
            }
            guard document.version <= currentVersion else {
                throw OCKStoreError.invalidValue(
                    reason: loc(
                        "{file} was written by a newer carekit (export version {version}; this one reads up to {supported}). Update carekit. Nothing was imported.",
                        ["file": name, "version": Format.digits(document.version), "supported": Format.digits(currentVersion)]))
            }
            return document.entities
        } catch let error as OCKStoreError {
            throw error
        } catch let error as DecodingError {
            throw OCKStoreError.invalidValue(reason: loc("{file} is not a CareKit export: {reason}. Nothing was imported.", ["file": name, "reason": Format.decodingError(error)]))
        } catch {
            throw OCKStoreError.invalidValue(reason: loc("{file} is not a CareKit export: {reason}. Nothing was imported.", ["file": name, "reason": error.localizedDescription]))
        }
    }
}
