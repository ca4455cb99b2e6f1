import CareKitStore
import Foundation

/// What every CareKit entity carries and FHIR has no element for — effective and created dates,
/// group, tags, userInfo, asset, source, remote id, time zone, notes — as the CareKit entity
/// extension, written once for every kind of entity.
enum _EntityMetadata {
    /// `userInfo` keys the mapping writes elsewhere (the LOINC code, kept FHIR members).
    static let mappedKeys: Set = [OCKFHIRVocabulary.loincUserInfoKey, OCKFHIRVocabulary.passthroughUserInfoKey]

    static func make(_ entity: some OCKVersionedObjectCompatible, extra: [FHIRExtension] = []) -> FHIRExtension {
        let zone = entity.timezone
        var parts = extra
        parts += FHIRExtension.instant("effectiveDate", entity.effectiveDate, in: zone)
        if let created = entity.createdDate { parts += FHIRExtension.instant("createdDate", created, in: zone) }
        parts.append(.code("timeZone", zone.identifier))
        if let group = entity.groupIdentifier.nonEmpty { parts.append(.string("groupIdentifier", group)) }
        for tag in entity.tags ?? [] where !tag.isEmpty { parts.append(.string("tag", tag)) }
        for (key, value) in (entity.userInfo ?? [:]).sorted(by: { $0.key < $1.key }) where !mappedKeys.contains(key) && !key.isEmpty {
            var entry: [FHIRExtension] = [.string("key", key)]
            if !value.isEmpty { entry.append(.string("value", value)) }
            parts.append(.complex("userInfo", entry))
        }
        if let asset = entity.asset.nonEmpty { parts.append(.string("asset", asset)) }
        if let source = entity.source.nonEmpty { parts.append(.string("source", source)) }
        if let remote = entity.remoteID.nonEmpty { parts.append(.string("remoteID", remote)) }
        for note in entity.notes ?? [] {
            let fields: [FHIRExtension] = [
                note.author.nonEmpty.map { .string("author", $0) }, note.title.nonEmpty.map { .string("title", $0) },
                note.content.nonEmpty.map { .string("content", $0) }
            ].compactMap { $0 }
            parts.append(.complex("note", fields.isEmpty ? [.boolean("empty", true)] : fields))
        }
        return .complex(OCKFHIRVocabulary.entity, parts)
    }

    /// Puts the extension's fields into `entity` (the effective date only when it has one). An
    /// entity of a resource written elsewhere (no extension) gets the source "FHIR", as in CareKit.
    static func apply(_ metadata: FHIRExtension?, to entity: inout some OCKVersionedObjectCompatible, timeZone fallback: TimeZone) {
        guard let metadata else {
            entity.source = entity.source ?? "FHIR"
            return
        }
        if let zone = metadata.part("timeZone")?.textValue.flatMap(TimeZone.init(identifier:)) { entity.timezone = zone }
        let zone = entity.timezone
        func date(_ name: String) -> Date? { metadata.date(name, timeZone: zone) }
        if let effective = date("effectiveDate") { entity.effectiveDate = effective }
        if let created = date("createdDate") { entity.createdDate = created }
        entity.groupIdentifier = metadata.part("groupIdentifier")?.textValue ?? entity.groupIdentifier
        let tags = metadata.parts("tag").compactMap(\.textValue)
        if !tags.isEmpty { entity.tags = tags }
        for entry in metadata.parts("userInfo") {
            guard let key = entry.part("key")?.textValue, !_EntityMetadata.mappedKeys.contains(key) else { continue }
            entity.userInfo = (entity.userInfo ?? [:]).merging([key: entry.part("value")?.textValue ?? ""]) { _, new in new }
        }
        entity.asset = metadata.part("asset")?.textValue ?? entity.asset
        entity.source = metadata.part("source")?.textValue ?? entity.source
        entity.remoteID = metadata.part("remoteID")?.textValue ?? entity.remoteID
        let notes = metadata.parts("note").map { note in
            OCKNote(author: note.part("author")?.textValue, title: note.part("title")?.textValue, content: note.part("content")?.textValue)
        }
        if !notes.isEmpty { entity.notes = notes }
    }

    /// The version number and write time of a version, as FHIR's `meta`.
    static func meta(version: Int, of entity: some OCKVersionedObjectCompatible) -> FHIRMeta {
        let written = entity.updatedDate ?? entity.createdDate ?? entity.effectiveDate
        return FHIRMeta(versionId: String(version), lastUpdated: FHIRDateTime.string(written, in: entity.timezone))
    }

    /// Keeps the members of a resource the mapping did not use (and the extensions it does not
    /// know) in `userInfo`, as JSON.
    static func keep(_ members: [String: FHIRJSON], in entity: inout some OCKVersionedObjectCompatible) {
        guard !members.isEmpty else { return }
        entity.userInfo = (entity.userInfo ?? [:]).merging([OCKFHIRVocabulary.passthroughUserInfoKey: FHIRJSON.object(members).compactText]) { _, new in new }
    }

    /// The members kept by ``keep(_:in:)``.
    static func kept(in entity: some OCKVersionedObjectCompatible) -> [String: FHIRJSON] {
        entity.userInfo?[OCKFHIRVocabulary.passthroughUserInfoKey].flatMap(FHIRJSON.parse)?.objectValue ?? [:]
    }

    /// The extensions of `all` that are not this mapping's (to keep), and the members to keep.
    static func foreign(_ extensions: [FHIRExtension]?) -> [FHIRJSON] {
        (extensions ?? []).filter { !$0.url.hasPrefix(OCKFHIRVocabulary.base) && $0.url != OCKFHIRVocabulary.timeZoneCode }
            .compactMap { try? FHIRJSON.convert($0, to: FHIRJSON.self) }
    }
}

/// Version numbers: FHIR's `meta.versionId` is a version's depth in the store's history (1 for
/// the first version, one more for each version after it: the store's own sequence).
enum _Versions {
    static func depths(_ versions: [some OCKVersionedObjectCompatible]) -> [UUID: Int] {
        OCKVersionGraph.depths(of: versions.map { ($0.uuid, $0.previousVersionUUIDs) })
    }

    /// The current version of each id — the deepest, then the latest effective — with its
    /// depth; ids whose current version is a tombstone are left out (deleted).
    static func current<Entity: OCKVersionedObjectCompatible>(_ versions: [Entity]) -> [(entity: Entity, version: Int)] {
        let depths = depths(versions)
        return Dictionary(grouping: versions, by: \.id).sorted { $0.key < $1.key }.compactMap { _, all in
            let tip = all.max { lhs, rhs in
                (depths[lhs.uuid] ?? 0, lhs.effectiveDate, lhs.uuid.uuidString) < (depths[rhs.uuid] ?? 0, rhs.effectiveDate, rhs.uuid.uuidString)
            }
            guard let tip, tip.deletedDate == nil else { return nil }
            return (tip, depths[tip.uuid] ?? 1)
        }
    }
}
