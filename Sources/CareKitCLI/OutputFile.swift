import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes the files `carekit` makes for people (exports, reports): private to the user (0600,
/// like the store), and never through or over anything but a regular file. The data goes to a
/// new temporary file beside the target, which then replaces the target in one rename, so a
/// reader never sees half a file and a failure leaves the old file as it was.
enum OutputFile {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func write(_ data: Data, to path: String) throws(Failure) {
        var status = stat()
        if lstat(path, &status) == 0 {
            let kind = status.st_mode & S_IFMT
            guard kind == S_IFREG else {
                throw Failure(description: loc("{path} is {kind}, not a regular file; nothing was written to it. Choose a file name with -o.", ["path": path, "kind": describe(kind)]))
            }
        } else if errno != ENOENT {
            throw Failure(description: loc("{path} could not be written: {reason}.", ["path": path, "reason": String(cString: strerror(errno))]))
        }
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        var template = Array(((folder.isEmpty ? "." : folder) + "/.\(name).carekit-XXXXXX").utf8CString)
        // mkstemp creates the file with O_EXCL and mode 0600.
        let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard descriptor >= 0 else {
            throw Failure(
                description: loc(
                    "{path} could not be written: cannot create a file in {folder} ({reason}). Nothing was written.",
                    ["path": path, "folder": folder.isEmpty ? loc("the current folder") : folder, "reason": String(cString: strerror(errno))]))
        }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure: String?
        let written = data.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let count = Glibc.write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return false
                }
                offset += count
            }
            return true
        }
        let synced = written && fsync(descriptor) == 0
        if written && !synced { failure = String(cString: strerror(errno)) }
        close(descriptor)
        guard synced, rename(temporary, path) == 0 else {
            let reason = failure ?? String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(description: loc("{path} could not be written: {reason}. Nothing was changed.", ["path": path, "reason": reason]))
        }
    }

    /// What a file of this kind is, in words ("a pipe (FIFO)").
    static func describe(_ kind: mode_t) -> String {
        switch kind {
        case S_IFLNK: return loc("a symbolic link")
        case S_IFDIR: return loc("a folder")
        case S_IFIFO: return loc("a pipe (FIFO)")
        case S_IFCHR, S_IFBLK: return loc("a device")
        case S_IFSOCK: return loc("a socket")
        default: return loc("not a regular file")
        }
    }
}
