import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// How the database file is opened, decided from the options and what is on disk before
/// SQLite touches anything.
struct _OpenPlan: Equatable {
    enum Access: Equatable {
        /// Reads and writes, in WAL mode.
        case readWrite
        /// `SQLITE_OPEN_READONLY`, with SQLite's locks and the WAL: other processes may write.
        case readOnly
        /// `?immutable=1`: no locks, no -wal or -shm file is read or created.
        case immutable
    }

    /// Why a store cannot be written. It is put in words when an error says it, in the
    /// language of that moment (a store opened for one request refuses the writes of others).
    enum ReadOnlyReason: Equatable, Sendable {
        /// The folder cannot be written, so SQLite cannot create the -wal and -shm files.
        case folderNotWritable(path: String, folder: String)
        /// The file's permissions do not let the user write it.
        case fileNotWritable(path: String)
        /// The store was opened read-only by choice.
        case chosen(path: String)

        /// The reason in the current language.
        var text: String {
            switch self {
            case .folderNotWritable(let path, let folder):
                return loc(
                    "The store {path} is in a folder you cannot write to ({folder}), and SQLite needs to create its -wal and -shm files beside the store to change it, so it was opened read-only. Make the folder writable, or copy the store to a folder you own, to change it.",
                    ["path": path, "folder": folder])
            case .fileNotWritable(let path):
                return loc("The store {path} is read-only: its permissions do not let you write it, so it was opened read-only. Make it writable (chmod u+w {path}) to change it.", ["path": path])
            case .chosen(let path):
                return loc("The store {path} was opened read-only.", ["path": path])
            }
        }
    }

    var access: Access
    /// Why the store cannot be written, for the error every write then fails with; nil when
    /// it can be.
    var readOnlyReason: ReadOnlyReason?

    /// What is on disk, as far as the plan needs to know.
    struct Files: Equatable {
        var fileWritable: Bool
        var folderWritable: Bool
        /// The -wal file exists and is not empty: committed transactions may live only there.
        var walHasContent: Bool
        var shmExists: Bool

        /// Looks at `path`, its folder and its companion files.
        init(path: String) {
            fileWritable = Self.writable(path)
            let folder = (path as NSString).deletingLastPathComponent
            folderWritable = Self.writable(folder.isEmpty ? "." : folder)
            var status = stat()
            walHasContent = stat(path + "-wal", &status) == 0 && status.st_size > 0
            shmExists = Glibc.access(path + "-shm", F_OK) == 0
        }

        init(fileWritable: Bool, folderWritable: Bool, walHasContent: Bool, shmExists: Bool) {
            self.fileWritable = fileWritable
            self.folderWritable = folderWritable
            self.walHasContent = walHasContent
            self.shmExists = shmExists
        }

        /// Writable by this process, and not marked read-only for everyone: a file or folder
        /// without any write bit counts as read-only even for root, who `access(2)` lets
        /// write anything, so `chmod 444` means the same to every user.
        static func writable(_ path: String) -> Bool {
            var status = stat()
            guard stat(path, &status) == 0 else { return false }
            return status.st_mode & 0o222 != 0 && Glibc.access(path, W_OK) == 0
        }
    }

    /// The plan for the file at `path`.
    ///
    /// SQLite's rule for read-only WAL databases (https://sqlite.org/wal.html, "Read-Only
    /// Databases"): since 3.22.0 such a file "can be opened if the -shm and -wal files already
    /// exist or those files can be created or the database is immutable". So:
    ///
    /// * When the folder cannot be written, the -wal and -shm files cannot be created. If
    ///   they exist (a writer that opened the store earlier is still using it), a plain
    ///   read-only open uses them. If they do not, `immutable=1` is the only way in, and it is
    ///   true: nothing is pending in a WAL that does not exist, and no process without
    ///   privilege can create the -wal file that any write needs.
    /// * When only the file is read-only, a plain read-only open would create the -wal and
    ///   -shm files with the database file's read-only mode (SQLite gives companion files the
    ///   database's permissions) and leave them behind, where the read-only -shm file would
    ///   later stop writes even after the store is made writable again. With no -shm file (no
    ///   connection is using the store) and an empty or missing WAL, `immutable=1` reads the
    ///   file as it is and creates nothing; nobody without privilege can change it meanwhile.
    /// * A store opened read-only by choice may be written by others at the same time, so it
    ///   keeps SQLite's locks (`SQLITE_OPEN_READONLY`); its folder can hold the -shm file.
    ///
    /// `immutable=1` ignores the -wal file (its pages are never read), so it is never used
    /// while the WAL has content.
    static func plan(path: String, options: OCKStoreOpenOptions, files: Files) -> _OpenPlan {
        let reason: ReadOnlyReason
        if !files.folderWritable {
            let folder = (path as NSString).deletingLastPathComponent
            reason = .folderNotWritable(path: path, folder: folder.isEmpty ? "." : folder)
        } else if !files.fileWritable {
            reason = .fileNotWritable(path: path)
        } else if options.contains(.readOnly) {
            reason = .chosen(path: path)
        } else {
            return _OpenPlan(access: .readWrite, readOnlyReason: nil)
        }
        let nobodyElseCanWrite = !files.folderWritable || !files.fileWritable
        let quiet = !files.walHasContent && !files.shmExists
        return _OpenPlan(access: nobodyElseCanWrite && quiet ? .immutable : .readOnly, readOnlyReason: reason)
    }

    /// The name and flags for `sqlite3_open_v2`.
    func openArguments(path: String) -> (name: String, flags: Int32) {
        switch access {
        case .readWrite:
            return (path, _SQLiteOpenFlags([.readWrite, .noMutex]).rawValue)
        case .readOnly:
            return (path, _SQLiteOpenFlags([.readOnly, .noMutex]).rawValue)
        case .immutable:
            return (Self.uri(path) + "?immutable=1", _SQLiteOpenFlags([.readOnly, .uri, .noMutex]).rawValue)
        }
    }

    /// `file:` and the absolute path with every byte that is not unreserved percent-encoded
    /// (SQLite decodes %HH escapes in the path; '?' and '#' would otherwise end it).
    static func uri(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var encoded = "file:"
        for byte in absolute.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                encoded.append(Character(Unicode.Scalar(byte)))
            default:
                encoded += String(format: "%%%02X", byte)
            }
        }
        return encoded
    }
}
