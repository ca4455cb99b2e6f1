import Foundation
import Testing

/// Golden files of text in a language: `Golden/<name>.html` next to these tests, compared
/// byte for byte; `UPDATE_GOLDEN=1` rewrites them.
enum LocalizedGolden {
    static func check(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/\(name).html")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try Data(text.utf8).write(to: url)
            return
        }
        let expected = try #require(
            FileManager.default.contents(atPath: url.path), "missing \(url.lastPathComponent): run with UPDATE_GOLDEN=1", sourceLocation: sourceLocation)
        #expect(String(decoding: expected, as: UTF8.self) == text, "\(url.lastPathComponent) differs; UPDATE_GOLDEN=1 rewrites it", sourceLocation: sourceLocation)
    }
}
