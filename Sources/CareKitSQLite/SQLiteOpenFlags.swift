import CSQLite

/// How a database is opened: `sqlite3_open_v2`'s `SQLITE_OPEN_*` flags, for
/// ``SQLiteConnection/init(name:flags:)`` (pass `rawValue`), so that users of this module
/// need not import the C library.
package struct SQLiteOpenFlags: OptionSet, Sendable {
    package let rawValue: Int32
    package init(rawValue: Int32) { self.rawValue = rawValue }

    /// `SQLITE_OPEN_READONLY`: reads only, with SQLite's locks.
    package static let readOnly = SQLiteOpenFlags(rawValue: SQLITE_OPEN_READONLY)
    /// `SQLITE_OPEN_READWRITE`: reads and writes an existing file.
    package static let readWrite = SQLiteOpenFlags(rawValue: SQLITE_OPEN_READWRITE)
    /// `SQLITE_OPEN_CREATE`: creates the file when it is missing (with ``readWrite``).
    package static let create = SQLiteOpenFlags(rawValue: SQLITE_OPEN_CREATE)
    /// `SQLITE_OPEN_URI`: the name is a `file:` URI, whose parameters (`immutable=1`) count.
    package static let uri = SQLiteOpenFlags(rawValue: SQLITE_OPEN_URI)
    /// `SQLITE_OPEN_NOMUTEX`: the connection is used by one thread at a time.
    package static let noMutex = SQLiteOpenFlags(rawValue: SQLITE_OPEN_NOMUTEX)
}
