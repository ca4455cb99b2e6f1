import CareKitStore
import CareKitTestSupport
import Foundation
import Testing

/// `carekit report`, run as a process on a store the test writes.
@Suite("carekit report")
struct ReportCommandTests {
    static func run(_ arguments: [String], in directory: URL) async throws -> (output: String, error: String, status: Int32, data: Data) {
        var environment = ProcessInfo.processInfo.environment
        environment["CAREKIT_NOW"] = "2025-01-20T14:00:00Z"
        environment["TZ"] = "America/New_York"
        environment["XDG_DATA_HOME"] = directory.appendingPathComponent("xdg").path
        return try await Subprocess.run(try Subprocess.executable(named: "carekit"), ["report"] + arguments, environment: environment, currentDirectory: directory, check: false)
    }

    static func seededStore(in directory: TemporaryDirectory) async throws -> String {
        let url = directory.file("care.sqlite")
        _ = try await CareReportFixtures.makeStore(at: url)
        return url.path
    }

    @Test("Default: the last 7 days as a PDF named after the range")
    func defaultReport() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await Self.seededStore(in: directory)
        let result = try await Self.run(["--store", store], in: directory.url)
        #expect(result.status == 0, "\(result.error)")
        let pdf = directory.file("carekit-report-2025-01-14-2025-01-20.pdf")
        #expect(FileManager.default.fileExists(atPath: pdf.path), "\(result.output)")
        #expect(result.output.contains("carekit-report-2025-01-14-2025-01-20.pdf"))
        let text = try await Poppler.text(pdf)
        #expect(text.contains("From Tuesday, January 14, 2025 to Monday, January 20, 2025."))
        #expect(text.contains("Care report — Jane Appleseed"))
        #expect(try await Poppler.info(pdf)["Author"] == "Jane Appleseed")
    }

    @Test("A range, a title, HTML, and standard output")
    func options() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await Self.seededStore(in: directory)

        let html = try await Self.run(["--store", store, "--from", "2025-01-06", "--to", "2025-01-12", "--format", "html", "-o", "week.html", "--title", "Week <1>"], in: directory.url)
        #expect(html.status == 0, "\(html.error)")
        let page = try String(contentsOf: directory.file("week.html"), encoding: .utf8)
        #expect(page.contains("Week &lt;1&gt;"))
        #expect(page.contains("Lisinopril 10 mg"))

        let inferred = try await Self.run(["--store", store, "--to", "2025-01-12", "-o", "inferred.html"], in: directory.url)
        #expect(inferred.status == 0)
        #expect(try String(contentsOf: directory.file("inferred.html"), encoding: .utf8).contains("From Monday, January 6, 2025"))

        let stdout = try await Self.run(["--store", store, "--from", "2025-01-06", "--paper", "letter", "-o", "-"], in: directory.url)
        #expect(stdout.status == 0)
        #expect(stdout.data.starts(with: Array("%PDF-".utf8)))
        let url = directory.file("stdout.pdf")
        try stdout.data.write(to: url)
        #expect(try await Poppler.info(url)["Page size"]?.hasPrefix("612 x 792") == true)
        #expect(try await Poppler.text(url).contains("From Monday, January 6, 2025 to Sunday, January 12, 2025."))
    }

    @Test(
        "Wrong calls exit 2 with a reason; a file that cannot be written exits 1",
        arguments: [
            (["--from", "2025-02-30"], "--from must be a date"),
            (["--from", "2025-01-10", "--to", "2025-01-01"], "must not be after"),
            (["--format", "docx"], "--format must be pdf or html"),
            (["--paper", "a5"], "--paper must be a4 or letter"),
            (["--from", "2000-01-01", "--to", "2025-01-01"], "at most 3660"),
            (["--bogus"], "Unknown option"),
            (["extra"], "no positional arguments")
        ])
    func usageErrors(arguments: [String], message: String) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try await Self.run(arguments + ["--store", directory.file("s.sqlite").path], in: directory.url)
        #expect(result.status == 2)
        #expect(result.error.contains(message), "\(result.error)")
    }

    @Test("An unwritable output is exit 1; --help is exit 0")
    func failuresAndHelp() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await Self.seededStore(in: directory)
        let failed = try await Self.run(["--store", store, "-o", "/nonexistent-folder/report.pdf"], in: directory.url)
        #expect(failed.status == 1)
        #expect(failed.error.contains("could not be written"), "\(failed.error)")
        let help = try await Self.run(["--help"], in: directory.url)
        #expect(help.status == 0)
        #expect(help.output.contains("--format"))
    }
}
