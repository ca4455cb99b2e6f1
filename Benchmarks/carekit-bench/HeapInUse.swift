import Foundation

/// The bytes glibc's allocator has handed out and not had back, across every arena (its
/// `malloc_stats`, "Total (incl. mmap): in use bytes"): the difference around freeing something
/// is what that thing held on the heap. nil when the C library has no `malloc_stats`.
enum HeapInUse {
    static func bytes() -> Int? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_stats") else { return nil }
        let mallocStats = unsafeBitCast(symbol, to: (@convention(c) () -> Void).self)
        // malloc_stats writes to standard error: for the call, standard error is a file.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("carekit-bench-malloc-\(getpid()).txt").path
        let file = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0o600)
        guard file >= 0 else { return nil }
        defer { unlink(path) }
        let saved = dup(2)
        dup2(file, 2)
        mallocStats()
        dup2(saved, 2)
        close(saved)
        close(file)
        guard let text = try? String(contentsOfFile: path, encoding: .utf8), let total = text.range(of: "Total (incl. mmap):") else { return nil }
        for line in text[total.upperBound...].split(separator: "\n") where line.contains("in use bytes") {
            return line.split(separator: "=").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        }
        return nil
    }
}
