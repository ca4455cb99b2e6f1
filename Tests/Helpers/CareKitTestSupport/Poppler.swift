import Foundation

/// The poppler-utils command-line tools (`pdftotext`, `pdfinfo`, `pdffonts`, `pdfimages`,
/// `pdftoppm`), run on PDFs the tests write. CI installs them with `scripts/install-deps`.
public enum Poppler {
    /// A tool that is not installed.
    public struct Missing: Error, CustomStringConvertible {
        /// The tool's name.
        public var tool: String
        /// What to install.
        public var description: String {
            "\(tool) was not found in /usr/bin or /usr/local/bin: install poppler-utils (scripts/install-deps does)."
        }
    }

    /// A tool that exited with a non-zero status.
    public struct Failed: Error, CustomStringConvertible {
        /// The command line.
        public var command: String
        /// The exit status.
        public var status: Int32
        /// What it wrote to standard error.
        public var output: String
        /// The command, its status and its complaint.
        public var description: String { "\(command) exited with \(status): \(output)" }
    }

    /// Where `tool` is installed.
    public static func path(of tool: String) throws -> String {
        for directory in ["/usr/bin", "/usr/local/bin", "/bin"] {
            let path = directory + "/" + tool
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw Missing(tool: tool)
    }

    /// Runs a tool and returns its standard output.
    public static func run(_ tool: String, _ arguments: [String]) async throws -> String {
        try await Subprocess.run(try path(of: tool), arguments).output
    }

    /// The text of one page (`-layout` keeps table rows on one line), or of every page.
    public static func text(_ pdf: URL, page: Int? = nil, layout: Bool = true) async throws -> String {
        var arguments = layout ? ["-layout"] : []
        if let page { arguments += ["-f", String(page), "-l", String(page)] }
        return try await run("pdftotext", arguments + ["-enc", "UTF-8", pdf.path, "-"])
    }

    /// The text of every page, in order.
    public static func pages(_ pdf: URL, layout: Bool = true) async throws -> [String] {
        var pages: [String] = []
        for page in 1...max(1, try await pageCount(pdf)) { pages.append(try await text(pdf, page: page, layout: layout)) }
        return pages
    }

    /// `pdfinfo` as a dictionary ("Title", "Author", "Pages", "Page size", …).
    public static func info(_ pdf: URL) async throws -> [String: String] {
        var info: [String: String] = [:]
        for line in try await run("pdfinfo", ["-enc", "UTF-8", pdf.path]).split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            info[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return info
    }

    /// A tagged PDF's structure tree as `pdfinfo -struct-text` prints it, one element a line,
    /// indented two spaces a level: "Document", "  H1", "    \"Care report\"", …
    public static func structure(_ pdf: URL) async throws -> [String] {
        try await run("pdfinfo", ["-enc", "UTF-8", "-struct-text", pdf.path]).split(separator: "\n").map(String.init)
    }

    /// The number of pages `pdfinfo` reports.
    public static func pageCount(_ pdf: URL) async throws -> Int {
        Int(try await info(pdf)["Pages"] ?? "") ?? 0
    }

    /// The fonts `pdffonts` lists: name and whether each is embedded.
    public static func fonts(_ pdf: URL) async throws -> [(name: String, embedded: Bool)] {
        let lines = try await run("pdffonts", [pdf.path]).split(separator: "\n").dropFirst(2)
        return lines.compactMap { line in
            let columns = line.split(separator: " ", omittingEmptySubsequences: true)
            // name type [type…] encoding emb sub uni object ID: "emb" is the 5th from the end.
            guard columns.count >= 7 else { return nil }
            return (String(columns[0]), columns[columns.count - 5] == "yes")
        }
    }

    /// How many raster images `pdfimages -list` finds.
    public static func imageCount(_ pdf: URL) async throws -> Int {
        try await run("pdfimages", ["-list", pdf.path]).split(separator: "\n").dropFirst(2).count
    }

    /// Renders one page to a PNG with `pdftoppm` and returns its URL.
    public static func renderPNG(_ pdf: URL, page: Int, resolution: Int = 80, to prefix: URL) async throws -> URL {
        _ = try await run("pdftoppm", ["-png", "-r", String(resolution), "-f", String(page), "-l", String(page), "-singlefile", pdf.path, prefix.path])
        return prefix.appendingPathExtension("png")
    }
}
