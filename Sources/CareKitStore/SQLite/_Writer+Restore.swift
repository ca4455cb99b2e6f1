import Foundation

extension _Writer {

    /// Inserts versions written elsewhere (a backup, another store) exactly as they were
    /// written: uuids, links to earlier versions, effective, created, updated and deleted dates.
    /// Each version is placed after the versions it follows, whether they are in the batch or
    /// already stored; a version whose uuid is already stored is skipped, so restoring the same
    /// file twice adds nothing the second time. Runs inside the caller's transaction.
    ///
    /// - Returns: the versions inserted, in the order they were inserted.
    static func restore<Entity: _StoredEntity>(
        _ items: [Entity], knowledge: Int64, connection: _SQLiteConnection,
        prepare: (Entity) throws -> Entity.InsertContext
    ) throws -> [Entity] {
        let lookup = try connection.prepare("SELECT row, id, seq FROM \(Entity.table) WHERE uuid = ?")
        func stored(_ uuid: UUID) throws -> (row: Int64, id: String, seq: Int)? {
            lookup.reset()
            lookup.bind(uuid, at: 1)
            defer { lookup.reset() }
            return try lookup.step() ? (lookup.int64(0), lookup.string(1), lookup.int(2)) : nil
        }
        let firstVersion = try connection.prepare("SELECT uuid FROM \(Entity.table) WHERE id = ? AND seq = 1")

        var written: [Entity] = []
        for var item in try versionOrder(items) {
            if let existing = try stored(item.uuid) {
                guard existing.id == item.id else {
                    throw OCKStoreError.invalidValue(
                        reason: loc(
                            "Version {uuid} is stored as {noun} '{stored}' but the file has it as '{id}'; a version uuid names one version of one {noun}. Nothing was imported.",
                            ["uuid": "\(item.uuid)", "noun": Entity.entityType.noun, "stored": existing.id, "id": item.id]))
                }
                continue
            }
            var previousRows: [Int64] = []
            var depth = 0
            for uuid in item.previousVersionUUIDs {
                guard let previous = try stored(uuid) else {
                    throw OCKStoreError.invalidValue(
                        reason: loc(
                            "Version {uuid} of {noun} '{id}' follows version {previous}, which is neither in the file nor in the store. Export the whole history and import that. Nothing was imported.",
                            ["uuid": "\(item.uuid)", "noun": Entity.entityType.noun, "id": item.id, "previous": "\(uuid)"]))
                }
                guard previous.id == item.id else {
                    throw OCKStoreError.invalidValue(
                        reason: loc(
                            "Version {uuid} of {noun} '{id}' follows version {previous} of another {noun} ('{other}'). Nothing was imported.",
                            ["uuid": "\(item.uuid)", "noun": Entity.entityType.noun, "id": item.id, "previous": "\(uuid)", "other": previous.id]))
                }
                previousRows.append(previous.row)
                depth = max(depth, previous.seq)
            }
            if previousRows.isEmpty {
                firstVersion.reset()
                firstVersion.bind(item.id, at: 1)
                defer { firstVersion.reset() }
                if try firstVersion.step() {
                    throw OCKStoreError.invalidValue(
                        reason: loc(
                            "The store already has a {noun} '{id}' with another history (its first version is {stored}; the file's is {uuid}). Import into an empty store, or choose another store. Nothing was imported.",
                            ["noun": Entity.entityType.noun, "id": item.id, "stored": firstVersion.string(0), "uuid": "\(item.uuid)"]))
                }
            }
            item.nextVersionUUIDs = []
            try validateText(item)
            let context = try prepare(item)
            try _Versioned.insert(item, seq: depth + 1, knowledge: knowledge, context: context, connection: connection)
            try _Versioned.link(rows: previousRows, to: item.uuid, table: Entity.table, connection: connection)
            written.append(item)
        }
        return written
    }

    /// The items ordered so that every version comes after the versions it follows (among the
    /// items), keeping the given order otherwise.
    static func versionOrder<Entity: _StoredEntity>(_ items: [Entity]) throws -> [Entity] {
        var index: [UUID: Int] = [:]
        for (position, item) in items.enumerated() {
            guard index.updateValue(position, forKey: item.uuid) == nil else {
                throw OCKStoreError.invalidValue(
                    reason: loc("The file has version {uuid} of {noun} '{id}' twice. Nothing was imported.", ["uuid": "\(item.uuid)", "noun": Entity.entityType.noun, "id": item.id]))
            }
        }
        // Kahn's algorithm over "follows" edges inside the batch; a ready list in input order.
        var waiting = [Int](repeating: 0, count: items.count)
        var followers: [[Int]] = Array(repeating: [], count: items.count)
        for (position, item) in items.enumerated() {
            for previous in Set(item.previousVersionUUIDs) {
                guard let before = index[previous] else { continue }
                waiting[position] += 1
                followers[before].append(position)
            }
        }
        var ready = items.indices.filter { waiting[$0] == 0 }.reversed() as [Int]
        var order: [Entity] = []
        order.reserveCapacity(items.count)
        while let next = ready.popLast() {
            order.append(items[next])
            for follower in followers[next].reversed() {
                waiting[follower] -= 1
                if waiting[follower] == 0 { ready.append(follower) }
            }
        }
        guard order.count == items.count else {
            let stuck = items.indices.first { waiting[$0] > 0 }.map { items[$0] }
            throw OCKStoreError.invalidValue(
                reason: loc("The versions of {noun} '{id}' follow each other in a circle; the file is damaged. Nothing was imported.", ["noun": Entity.entityType.noun, "id": stuck?.id ?? "?"]))
        }
        return order
    }
}
