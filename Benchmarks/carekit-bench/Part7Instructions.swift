import Foundation

/// 7f: instructions per render of the Care Card from the store (page cache off), counted by
/// Valgrind's callgrind in runs of this benchmark's own `--profile-render` driver: (count at
/// `many` renders − count at `few`) ÷ (`many` − `few`), so that everything done once (building
/// the store, starting) cancels out. Instruction counts do not depend on the other load of a
/// shared machine, which timings do. The baseline is the same count for `/healthz` answered by
/// the same server object (routing, the lock's gate, the security headers: a request's cost
/// without a page). Skipped, saying why, when Valgrind is not installed.
enum Part7Instructions {
    static let note = """
        7f: instructions counted by Valgrind (callgrind) per request of carekit-bench's own --profile-render driver, \
        (count at 40 requests − count at 10) ÷ 30, the page's against /healthz's through the same \
        server object; no timing, so the machine's other load does not change it.
        """

    static func row(_ context: BenchContext) -> Row {
        var row = Row(
            id: "7f", measurement: "web app: instructions per Care Card render from the store (page cache off; callgrind)",
            target: .countAtMost(4_000_000))
        guard let valgrind = ["/usr/bin/valgrind", "/usr/local/bin/valgrind"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            row.missing = "n/a — valgrind is not installed (apt-get install valgrind)"
            return row
        }
        // Four runs under Valgrind take a minute or two: a smoke run leaves them out.
        guard !context.quick else {
            row.missing = "n/a — counted in full runs (Valgrind runs are left out of --quick)"
            return row
        }
        let (few, many) = (10, 40)
        do {
            let folder = try context.folder("part7-instructions")
            guard let page = try perRender(valgrind: valgrind, path: "/care-card", few: few, many: many, folder: folder),
                let health = try perRender(valgrind: valgrind, path: "/healthz", few: few, many: many, folder: folder)
            else {
                row.missing = "n/a — valgrind did not run the driver"
                return row
            }
            row.value = Figure(single: page, unit: .count("instructions"))
            row.baseline = Figure(single: health, unit: .count("instructions"))
        } catch {
            row.missing = "n/a — \(error)"
        }
        return row
    }

    /// Instructions of one request for `path`, or nil when a run failed.
    static func perRender(valgrind: String, path: String, few: Int, many: Int, folder: URL) throws -> Double? {
        guard let low = try instructions(valgrind: valgrind, path: path, renders: few, folder: folder),
            let high = try instructions(valgrind: valgrind, path: path, renders: many, folder: folder)
        else { return nil }
        return Double(high - low) / Double(many - few)
    }

    /// The instructions callgrind counted in a whole run of the driver.
    /// The driver builds its store in a folder of its own inside `folder`, removed when it ends.
    static func instructions(valgrind: String, path: String, renders: Int, folder: URL) throws -> Int? {
        let output = folder.appendingPathComponent("callgrind.\(path.filter(\.isLetter)).\(renders)")
        let bench = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
        log("Part 7f: callgrind, \(renders) requests for \(path)")
        guard
            MachineInfo.run(
                valgrind,
                ["--tool=callgrind", "--callgrind-out-file=\(output.path)", bench, "--profile-render", String(renders), "--profile-path", path, "--dir", folder.path])
                != nil
        else { return nil }
        let text = try String(contentsOf: output, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: output) }
        for line in text.split(separator: "\n") where line.hasPrefix("summary: ") || line.hasPrefix("totals: ") {
            if let count = Int(line.split(separator: " ").last ?? "") { return count }
        }
        return nil
    }
}
