import Foundation
import Testing

/// Golden files: rendered markup compared byte for byte with `Golden/<name>.<ext>` next to
/// the tests. Run with `UPDATE_GOLDEN=1` to (re)write them.
enum Golden {
    static var directory: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Support
            .deletingLastPathComponent()  // CareKitUITests
            .appendingPathComponent("Golden", isDirectory: true)
    }

    static var isUpdating: Bool {
        ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1"
    }

    static func check(
        _ actual: String, named name: String, extension ext: String = "html",
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let url = directory.appendingPathComponent(name + "." + ext)
        let contents = actual.hasSuffix("\n") ? actual : actual + "\n"
        if isUpdating {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try Data(contents.utf8).write(to: url)
            } catch {
                Issue.record("Cannot write \(url.path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record(
                "Missing golden file \(url.lastPathComponent); run `UPDATE_GOLDEN=1 swift test` to create it.",
                sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard expected != contents else { return }
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = contents.split(separator: "\n", omittingEmptySubsequences: false)
        let index =
            zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(expectedLines.count, actualLines.count)
        let want = index < expectedLines.count ? String(expectedLines[index]) : "<end of file>"
        let got = index < actualLines.count ? String(actualLines[index]) : "<end of file>"
        Issue.record(
            """
            \(url.lastPathComponent) differs at line \(index + 1):
              expected: \(want)
              actual:   \(got)
            Run `UPDATE_GOLDEN=1 swift test` if the change is intended.
            """, sourceLocation: sourceLocation)
    }
}

/// Helpers for inspecting rendered markup in tests.
extension String {
    func occurrences(of needle: String) -> Int {
        guard !needle.isEmpty else { return 0 }
        var count = 0
        var rest = self[...]
        while let range = rest.range(of: needle) {
            count += 1
            rest = rest[range.upperBound...]
        }
        return count
    }
}
