import CareKitLocalization
import Foundation

extension _Database {
    /// Why every write to a store is refused. It is put in words when a write is refused, in
    /// the language of that write (a store opened once serves requests in several languages).
    enum WriteRefusal: Sendable {
        /// SQLite's check found the file damaged (`findings`: its words, ending with a full stop).
        case damaged(path: String, findings: String)
        /// The store was opened read-only.
        case readOnly(_OpenPlan.ReadOnlyReason)

        /// The reason in the current language.
        var text: String {
            switch self {
            case .damaged(let path, let findings):
                return loc(
                    "The store {path} is damaged: SQLite's integrity check found {findings} A damaged store is only read: restore the file from a backup, or save what can still be read (`carekit export`, or OCKStore.exportReadableVersions()) and import it into a new store.",
                    ["path": path, "findings": findings])
            case .readOnly(let reason):
                return reason.text
            }
        }

        /// The reason a refused write fails with.
        var refusedWrite: String { loc("{reason} Nothing was written.", ["reason": text]) }
    }

    /// What happened to `file`, in words a person can act on in the current language, when the
    /// cause of `error` lies outside the program (`SQLiteError.outsideCause`); nil otherwise.
    /// A clause without a full stop, to be put in a sentence.
    static func plainReason(_ error: _SQLiteError, file: String) -> String? {
        switch error.outsideCause {
        case .diskFull:
            return loc(
                "the disk that holds {file} is full (or your quota is used up); free some space (`df -h {folder}` shows what is left) and try again",
                ["file": file, "folder": (file as NSString).deletingLastPathComponent])
        case .lockedByAnotherProgram:
            return loc(
                "another program holds {file} locked and did not let go in time (a sqlite3 shell with an open transaction, a backup or copy in progress, another carekit on the file); close it or let it finish, and try again",
                ["file": file])
        case .diskError(let cause?):
            return loc("the disk could not read or write {file} ({cause}); check the disk and its file system (`dmesg` may say more), and try again", ["file": file, "cause": cause])
        case .diskError(nil):
            return loc("the disk could not read or write {file}; check the disk and its file system (`dmesg` may say more), and try again", ["file": file])
        case nil:
            return nil
        }
    }
}
