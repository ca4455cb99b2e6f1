import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A `carekit` server process (`serve`, `sync-server`) started on port 0: the port it took is
/// read from the line it prints ("… is running at http://127.0.0.1:PORT/").
final class CarekitProcess {
    let process = Process()
    let port: Int
    var pid: Int { Int(process.processIdentifier) }

    init?(binary: String, _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) {
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        process.standardError = output
        process.standardOutput = output
        do { try process.run() } catch { return nil }
        var text = ""
        var found: Int?
        while found == nil {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
            if let range = text.range(of: "http://127.0.0.1:") {
                let digits = text[range.upperBound...].prefix(while: \.isNumber)
                if text[range.upperBound...].dropFirst(digits.count).first == "/" { found = Int(digits) }
            }
        }
        guard let found else {
            process.terminate()
            return nil
        }
        port = found
    }

    /// Stops it as Ctrl-C would, and waits for it to end.
    func stop() {
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
    }
}
