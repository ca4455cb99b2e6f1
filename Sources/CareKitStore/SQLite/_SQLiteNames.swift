internal import CareKitSQLite

// The store's names for the shared SQLite seam (CareKitSQLite).
typealias _SQLiteConnection = SQLiteConnection
typealias _SQLiteStatement = SQLiteStatement
typealias _SQLiteError = SQLiteError
typealias _SQLiteValue = SQLiteValue
typealias _SQLiteOpenFlags = SQLiteOpenFlags
typealias _UUIDTexts = _UUIDText
