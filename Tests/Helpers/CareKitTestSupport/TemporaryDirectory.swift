import Foundation

/// Temporary files for one test.
public struct TemporaryDirectory {
    /// The folder.
    public let url: URL

    /// Makes a new, empty folder.
    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("carekit-pdf-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A file in the folder.
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Removes the folder and everything in it.
    public func remove() { try? FileManager.default.removeItem(at: url) }
}
