import Foundation
import Testing

/// The poppler-utils command-line tools (`pdftotext`, `pdfinfo`, `pdffonts`, `pdfimages`,
/// `pdftoppm`), run on PDFs the tests write. CI installs them with `scripts/install-deps`.
enum Poppler {
    struct Missing: Error, CustomStringConvertible {
        var tool: String
        var description: String {
            "\(tool) was not found in /usr/bin or /usr/local/bin: install poppler-utils (scripts/install-deps does)."
        }
    }

    struct Failed: Error, CustomStringConvertible {
        var command: String
        var status: Int32
        var output: String
        var description: String { "\(command) exited with \(status): \(output)" }
    }

    static func path(of tool: String) throws -> String {
        for directory in ["/usr/bin", "/usr/local/bin", "/bin"] {
            let path = directory + "/" + tool
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw Missing(tool: tool)
    }

    /// Runs a tool and returns its standard output.
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        try Subprocess.runBlocking(try path(of: tool), arguments).output
    }

    /// The text of one page (`-layout` keeps table rows on one line), or of every page.
    static func text(_ pdf: URL, page: Int? = nil, layout: Bool = true) throws -> String {
        var arguments = layout ? ["-layout"] : []
        if let page { arguments += ["-f", String(page), "-l", String(page)] }
        return try run("pdftotext", arguments + ["-enc", "UTF-8", pdf.path, "-"])
    }

    /// The text of every page, in order.
    static func pages(_ pdf: URL, layout: Bool = true) throws -> [String] {
        let count = try pageCount(pdf)
        return try (1...max(1, count)).map { try text(pdf, page: $0, layout: layout) }
    }

    /// `pdfinfo` as a dictionary ("Title", "Author", "Pages", "Page size", …).
    static func info(_ pdf: URL) throws -> [String: String] {
        var info: [String: String] = [:]
        for line in try run("pdfinfo", ["-enc", "UTF-8", pdf.path]).split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            info[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return info
    }

    static func pageCount(_ pdf: URL) throws -> Int {
        Int(try info(pdf)["Pages"] ?? "") ?? 0
    }

    /// The fonts `pdffonts` lists: name and whether each is embedded.
    static func fonts(_ pdf: URL) throws -> [(name: String, embedded: Bool)] {
        let lines = try run("pdffonts", [pdf.path]).split(separator: "\n").dropFirst(2)
        return lines.compactMap { line in
            let columns = line.split(separator: " ", omittingEmptySubsequences: true)
            // name type [type…] encoding emb sub uni object ID: "emb" is the 5th from the end.
            guard columns.count >= 7 else { return nil }
            return (String(columns[0]), columns[columns.count - 5] == "yes")
        }
    }

    /// How many raster images `pdfimages -list` finds.
    static func imageCount(_ pdf: URL) throws -> Int {
        try run("pdfimages", ["-list", pdf.path]).split(separator: "\n").dropFirst(2).count
    }

    /// Renders one page to a PNG with `pdftoppm` and returns its URL.
    static func renderPNG(_ pdf: URL, page: Int, resolution: Int = 80, to prefix: URL) throws -> URL {
        _ = try run("pdftoppm", ["-png", "-r", String(resolution), "-f", String(page), "-l", String(page), "-singlefile", pdf.path, prefix.path])
        return prefix.appendingPathExtension("png")
    }
}

/// Runs a program and collects its output.
enum Subprocess {
    /// Runs `path` on a thread of its own and waits without holding one of Swift's cooperative
    /// threads (there are as many as cores: a test blocked in `waitUntilExit` would stall every
    /// other test's tasks); with `check`, a non-zero exit status throws.
    static func run(_ path: String, _ arguments: [String], environment: [String: String]? = nil,
                    currentDirectory: URL? = nil, check: Bool = true) async throws -> (output: String, error: String, status: Int32, data: Data) {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result {
                    try runBlocking(path, arguments, environment: environment, currentDirectory: currentDirectory, check: check)
                })
            }
        }
    }

    /// Runs `path` and blocks the calling thread until it exits.
    static func runBlocking(_ path: String, _ arguments: [String], environment: [String: String]? = nil,
                            currentDirectory: URL? = nil, check: Bool = true) throws -> (output: String, error: String, status: Int32, data: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // The tools write little to standard error, so reading standard output first cannot block.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let status = process.terminationStatus
        let errorText = String(decoding: errorData, as: UTF8.self)
        if check, status != 0 {
            throw Poppler.Failed(command: ([path] + arguments).joined(separator: " "), status: status, output: errorText)
        }
        return (String(decoding: outputData, as: UTF8.self), errorText, status, outputData)
    }
}

/// Temporary files for one test.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("carekit-pdf-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Dates in New York, never the machine's clock.
enum TestDates {
    static let newYork = TimeZone(identifier: "America/New_York") ?? .gmt

    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = newYork
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }

    /// "2025-01-10" or "2025-01-10 08:30" in New York.
    static func date(_ text: String) -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = newYork
        formatter.dateFormat = text.count > 10 ? "yyyy-MM-dd HH:mm" : "yyyy-MM-dd"
        return formatter.date(from: text) ?? Date(timeIntervalSince1970: 0)
    }
}

/// Whether fontconfig knows a font with Chinese glyphs (fonts-wqy-microhei or fonts-noto-cjk).
let hasCJKFont: Bool = {
    guard let path = try? Poppler.path(of: "fc-list") else { return false }
    let output = (try? Subprocess.runBlocking(path, [":lang=zh", "family"]).output) ?? ""
    return !output.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
}()

extension String {
    /// Runs of whitespace collapsed to one space, for comparing text across layout.
    var collapsingWhitespace: String {
        split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    func occurrences(of needle: String) -> Int {
        guard !needle.isEmpty else { return 0 }
        return components(separatedBy: needle).count - 1
    }
}
