import CareKitSyncServer
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// 9g: the sync server's memory when many clinicians sign in at once. Each sign-in checks an
/// Argon2id hash of 256 MiB (libsodium's "moderate" limits); the server hashes two at a time,
/// keeps a few more waiting and answers the rest 429 with Retry-After, so its peak memory is
/// bounded by what it held before plus two hashes, however many arrive (5 % is allowed for the
/// pages and connections themselves).
enum Part9SignIn {
    /// Clinicians signing in at once (each their own account, as at a change of shift).
    static func attempts(quick: Bool) -> Int { quick ? 12 : 50 }
    static func email(_ index: Int) -> String { "nurse\(index)@clinic.example" }
    static let password = "correct horse battery staple"

    static func run(_ context: BenchContext) -> Row {
        let attempts = attempts(quick: context.quick)
        var row = Row(
            id: "9g", measurement: "sync server: peak RSS through \(attempts) clinicians signing in at once (Argon2id, 256 MiB each)",
            target: .ratioAtMost(1.05))
        guard let binary = Part7Web.carekitBinary() else {
            row.missing = "n/a — the carekit executable is not built next to carekit-bench"
            return row
        }
        do {
            let folder = try context.folder("part9-sign-in")
            let database = folder.appendingPathComponent("sync.sqlite")
            for index in 0..<attempts { try addClinician(email(index), binary: binary, database: database) }
            guard let server = CarekitProcess(binary: binary, ["sync-server", "--db", database.path, "--port", "0"]) else {
                row.missing = "n/a — carekit sync-server did not start"
                return row
            }
            defer { server.stop() }
            guard let before = Part7Web.peakRSS(pid: server.pid) else {
                row.missing = "n/a — could not read the server's memory"
                return row
            }
            let started = ContinuousClock.now
            let statuses = try signInAtOnce(attempts, port: server.port, folder: folder)
            let seconds = (ContinuousClock.now - started) / .seconds(1)
            guard let peak = Part7Web.peakRSS(pid: server.pid) else {
                row.missing = "n/a — could not read the server's memory"
                return row
            }
            let signedIn = statuses.filter { $0 == 303 }.count
            let retry = statuses.filter { $0 == 429 }.count
            row.measurement +=
                " — \(signedIn) signed in, \(retry) told to retry (429), \(statuses.count - signedIn - retry) other, in \(Format.duration(seconds)); baseline: RSS before + 2 × 256 MiB"
            row.value = Figure(single: peak, unit: .bytes)
            row.baseline = Figure(single: before + 2 * Double(ClinicianPassword.Limits.moderate.memory), unit: .bytes)
        } catch {
            row.missing = "n/a — \(error)"
        }
        return row
    }

    /// The clinician, added as an administrator would (the password hashed with the server's limits).
    static func addClinician(_ email: String, binary: String, database: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["sync-server", "add-clinician", email, "--db", database.path]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data((password + "\n").utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchError("part 9g: carekit sync-server add-clinician failed") }
    }

    /// Opens the sign-in page for each clinician (one cookie jar each), then posts every form at
    /// once with curl; the status of each post.
    static func signInAtOnce(_ attempts: Int, port: Int, folder: URL) throws -> [Int] {
        let url = "http://127.0.0.1:\(port)/team/login"
        var forms: [(jar: String, csrf: String)] = []
        for index in 0..<attempts {
            let jar = folder.appendingPathComponent("jar-\(index)").path
            guard let page = MachineInfo.run("/usr/bin/curl", ["-s", "-c", jar, url]),
                let match = page.firstMatch(of: /name="csrf" value="([0-9a-f]+)"/)
            else { throw BenchError("part 9g: the sign-in page did not load") }
            forms.append((jar, String(match.output.1)))
        }
        let posts = forms.enumerated().map { index, form -> (Process, Pipe) in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
            process.arguments = [
                "-s", "-o", "/dev/null", "-w", "%{http_code}", "-b", form.jar, "--data-urlencode", "email=\(email(index))", "--data-urlencode", "password=\(password)",
                "--data-urlencode", "csrf=\(form.csrf)", url
            ]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            return (process, output)
        }
        for (process, _) in posts { try process.run() }
        return posts.map { process, output in
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return Int(text) ?? 0
        }
    }
}
