import CareKit
import CareKitArguments
import CareKitStore
import Foundation

/// `carekit export` and `carekit import`: a store's whole history as one JSON file.
enum BackupCommands {

    static let export = Command(CommandSpec(
        "export", "A complete backup: every version of every entity (edits, deletions and their history), as JSON in CareKit's format ({\"type\", \"object\"} entities). `carekit import` restores it.",
        options: [.output, .store],
        details: """
            Without -o the JSON goes to standard output. A damaged store is exported as far as it can be
            read: what could not be read is listed, and the command exits 1.
            """), run: exportStore)

    static func exportStore(_ arguments: Arguments, _ context: CommandContext) async throws {
        let store = try context.openStore(arguments)
        let entities: [OCKEntity]
        var unreadable: [String] = []
        if store.damage != nil {
            let rescued = try await store.exportReadableVersions()
            (entities, unreadable) = (rescued.entities, rescued.unreadable)
        } else {
            entities = try await store.exportVersions()
        }
        let document = ExportDocument(format: ExportDocument.formatName, version: ExportDocument.currentVersion, exportedAt: context.now, entities: entities)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(document)
        if let path = arguments[.output], path != "-" {
            try OutputFile.write(data, to: path)
            context.output("Exported \(entities.count) entity versions to \(path).")
        } else {
            context.write(Format.terminalSafeJSON(data))
            context.output("")
        }
        if let damage = store.damage {
            let lost = unreadable.isEmpty ? "Every version was read." : unreadable.joined(separator: " ")
            throw OCKStoreError.fetchFailed(reason: "The store is damaged (SQLite's check found \(damage)) The export holds the \(entities.count) versions that could be read. \(lost) Import it into a new store with `carekit import FILE --store NEW`, or restore a backup.")
        }
    }

    static let `import` = Command(CommandSpec(
        "import", "Restores a file written by `carekit export` (or a JSON array of CareKit {\"type\", \"object\"} entities) with its whole history, in one transaction: everything or nothing. Versions the store already has are skipped, so importing a file twice adds nothing the second time. The store is created if it does not exist.",
        positionals: [Positional(name: "FILE", help: "The JSON file; \"-\" reads standard input.")], options: [.store]), run: importEntities)

    static func importEntities(_ arguments: Arguments, _ context: CommandContext) async throws {
        let path = arguments.positionals[0]
        let data: Data
        do {
            data = path == "-" ? context.io.readInput() : try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw OCKStoreError.invalidValue(reason: "Could not read \(path): \(Format.fileError(error)). Nothing was imported.")
        }
        let entities = try ExportDocument.entities(in: data, name: path)
        let store = try context.openStore(arguments, creating: true)
        let summary = try await store.importVersions(entities)
        context.output(Format.importSummary(summary))
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
                throw OCKStoreError.invalidValue(reason: "\(name) is a '\(document.format)' file, not a CareKit export. Nothing was imported.")
            }
            guard document.version <= currentVersion else {
                throw OCKStoreError.invalidValue(reason: "\(name) was written by a newer carekit (export version \(document.version); this one reads up to \(currentVersion)). Update carekit. Nothing was imported.")
            }
            return document.entities
        } catch let error as OCKStoreError {
            throw error
        } catch let error as DecodingError {
            throw OCKStoreError.invalidValue(reason: "\(name) is not a CareKit export: \(Format.decodingError(error)). Nothing was imported.")
        } catch {
            throw OCKStoreError.invalidValue(reason: "\(name) is not a CareKit export: \(error.localizedDescription). Nothing was imported.")
        }
    }
}
