import Foundation

/// The store's SQLite schema and its forward migrations.
///
/// Every versioned table keeps each version as its own row: its `uuid`, the logical `id`, its
/// links to the versions before and after it, and `seq`, its depth in the version graph
/// (1 + the largest `seq` of the versions it follows). Rows are never deleted or rewritten,
/// except the `next_uuids` link and, for outcomes, the derived `is_winner` / `chain_deleted`
/// flags.
enum _Schema {
    /// `PRAGMA application_id` of a CareKit store ("CKST"); any other non-zero value means the
    /// file belongs to another program.
    static let applicationID: Int64 = 0x434B_5354

    /// The schema version this code writes (`PRAGMA user_version`).
    static var currentVersion: Int { migrations.count }

    /// The oldest schema this code reads as it is, without migrating (a read-only or damaged
    /// store cannot be migrated): schema 2 only changed indexes.
    static let oldestReadableVersion = 1

    /// The entity codes used in the shared `tag` table.
    enum EntityCode: Int {
        case patient = 1, carePlan = 2, contact = 3, task = 4, outcome = 5
    }

    /// The columns every versioned table has, in this order.
    static func commonColumns(autoincrement: Bool = true) -> String {
        """
        row INTEGER PRIMARY KEY\(autoincrement ? " AUTOINCREMENT" : ""),
        uuid TEXT NOT NULL UNIQUE,
        id TEXT NOT NULL,
        seq INTEGER NOT NULL CHECK (seq >= 1),
        previous_uuids TEXT NOT NULL DEFAULT '',
        next_uuids TEXT NOT NULL DEFAULT '',
        effective_date REAL NOT NULL,
        deleted_date REAL,
        created_date REAL,
        updated_date REAL,
        schema_version TEXT,
        remote_id TEXT,
        group_identifier TEXT,
        tags TEXT,
        source TEXT,
        user_info TEXT,
        asset TEXT,
        notes TEXT,
        timezone TEXT NOT NULL,
        knowledge INTEGER REFERENCES knowledge(row)
        """
    }

    static func versionedIndexes(_ table: String) -> String {
        """
        CREATE INDEX \(table)_id_seq ON \(table)(id, seq, effective_date);
        CREATE INDEX \(table)_effective ON \(table)(effective_date);
        CREATE UNIQUE INDEX \(table)_first_version ON \(table)(id) WHERE seq = 1;
        """
    }

    /// Migration *n* takes a store from schema version *n* to *n + 1*. Each runs in one
    /// transaction together with the version bump.
    static let migrations: [String] = [
        // 0 → 1: the first schema.
        """
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE knowledge (row INTEGER PRIMARY KEY, vector TEXT NOT NULL UNIQUE);
        CREATE TABLE tag (
            entity INTEGER NOT NULL, version_row INTEGER NOT NULL, title TEXT NOT NULL,
            PRIMARY KEY (entity, title, version_row)) WITHOUT ROWID;

        CREATE TABLE patient (
            \(commonColumns()),
            name TEXT NOT NULL, given_name TEXT, family_name TEXT,
            sex TEXT, birthday REAL, allergies TEXT);
        \(versionedIndexes("patient"))

        CREATE TABLE care_plan (
            \(commonColumns()),
            title TEXT NOT NULL, patient_uuid TEXT);
        \(versionedIndexes("care_plan"))
        CREATE INDEX care_plan_patient ON care_plan(patient_uuid);

        CREATE TABLE contact (
            \(commonColumns()),
            care_plan_uuid TEXT, name TEXT NOT NULL, given_name TEXT, family_name TEXT,
            address TEXT, email_addresses TEXT, messaging_numbers TEXT, phone_numbers TEXT,
            other_contact_info TEXT, organization TEXT, title TEXT, role TEXT, category TEXT);
        \(versionedIndexes("contact"))
        CREATE INDEX contact_care_plan ON contact(care_plan_uuid);

        CREATE TABLE task (
            \(commonColumns()),
            care_plan_uuid TEXT, title TEXT, instructions TEXT,
            impacts_adherence INTEGER NOT NULL DEFAULT 1,
            schedule_end REAL);
        \(versionedIndexes("task"))
        CREATE INDEX task_care_plan ON task(care_plan_uuid);

        CREATE TABLE schedule_element (
            task_row INTEGER NOT NULL REFERENCES task(row) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            start REAL NOT NULL, end REAL,
            years INTEGER NOT NULL DEFAULT 0, months INTEGER NOT NULL DEFAULT 0,
            weeks INTEGER NOT NULL DEFAULT 0, days INTEGER NOT NULL DEFAULT 0,
            hours INTEGER NOT NULL DEFAULT 0, minutes INTEGER NOT NULL DEFAULT 0,
            seconds INTEGER NOT NULL DEFAULT 0,
            all_day INTEGER NOT NULL, duration_seconds REAL NOT NULL,
            text TEXT, target_values TEXT,
            calendar_identifier TEXT NOT NULL, time_zone TEXT NOT NULL,
            first_weekday INTEGER NOT NULL, minimum_days_in_first_week INTEGER NOT NULL,
            locale TEXT,
            PRIMARY KEY (task_row, position)) WITHOUT ROWID;

        CREATE TABLE outcome (
            \(commonColumns(autoincrement: false)),
            task_row INTEGER NOT NULL REFERENCES task(row),
            task_uuid TEXT NOT NULL,
            occurrence INTEGER NOT NULL,
            event_start REAL NOT NULL, event_end REAL NOT NULL,
            is_winner INTEGER NOT NULL DEFAULT 0,
            chain_deleted INTEGER NOT NULL DEFAULT 0);
        CREATE INDEX outcome_id_seq ON outcome(id, seq, effective_date);
        CREATE UNIQUE INDEX outcome_first_version ON outcome(id) WHERE seq = 1;
        CREATE INDEX outcome_task_start ON outcome(task_uuid, event_start) WHERE is_winner = 1;
        CREATE UNIQUE INDEX outcome_one_per_occurrence ON outcome(task_uuid, occurrence) WHERE is_winner = 1;
        CREATE INDEX outcome_event_start ON outcome(event_start);

        CREATE TABLE outcome_value (
            outcome_row INTEGER NOT NULL REFERENCES outcome(row) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            type TEXT NOT NULL, value, kind TEXT, units TEXT, created_date REAL NOT NULL,
            PRIMARY KEY (outcome_row, position)) WITHOUT ROWID;
        """,
        // 1 → 2: synchronization. Two replicas may each create an id while apart, so an id
        // may have several first versions (a conflict that a merge version resolves); the
        // store itself refuses a local add of an id it has.
        """
        DROP INDEX patient_first_version; CREATE INDEX patient_first_version ON patient(id) WHERE seq = 1;
        DROP INDEX care_plan_first_version; CREATE INDEX care_plan_first_version ON care_plan(id) WHERE seq = 1;
        DROP INDEX contact_first_version; CREATE INDEX contact_first_version ON contact(id) WHERE seq = 1;
        DROP INDEX task_first_version; CREATE INDEX task_first_version ON task(id) WHERE seq = 1;
        DROP INDEX outcome_first_version; CREATE INDEX outcome_first_version ON outcome(id) WHERE seq = 1;
        CREATE INDEX task_knowledge ON task(knowledge);
        CREATE INDEX outcome_knowledge ON outcome(knowledge);
        """,
        // 2 → 3: electing an occurrence's outcome reads every version recorded for it, live
        // or not; without this index each election scanned the table, and a first sync of a
        // year's outcomes into an empty device was quadratic (hours for 36,500 outcomes).
        """
        CREATE INDEX outcome_task_occurrence ON outcome(task_uuid, occurrence, id);
        """,
        // 3 → 4: the first-version indexes go. `<table>_id_seq` (id, seq, effective_date)
        // answers every lookup of an id's first version, and each was one more B-tree to insert
        // into per version written, keyed by an id that was random (issue 32, part 1). One
        // transaction, as every migration: a store killed during it opens at schema 3, whole.
        """
        DROP INDEX patient_first_version;
        DROP INDEX care_plan_first_version;
        DROP INDEX contact_first_version;
        DROP INDEX task_first_version;
        DROP INDEX outcome_first_version;
        """,
        // 4 → 5: each knowledge row keeps its prefix (its vector merged with every earlier
        // row's), filled by ``fills`` in the same transaction, so a synchronization finds the
        // rows its peer lacks by a binary search instead of reading every vector the store
        // ever had (a device's sync grew slower with every earlier one; issue 32, 8c).
        """
        ALTER TABLE knowledge ADD COLUMN prefix TEXT;
        """
    ]

    /// Work a migration's SQL cannot do, run after it in its transaction: the schema version it
    /// belongs to (the one the migration reaches) and the work.
    static let fills: [(version: Int, fill: @Sendable (_SQLiteConnection) throws -> Void)] = [
        (5, { try _Knowledge.fillPrefixes(connection: $0) })
    ]
}
