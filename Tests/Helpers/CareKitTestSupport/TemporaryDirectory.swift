import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The folder that holds every folder this test process makes: removed, with all of them, when
/// the process exits, so a test run leaves nothing in the temporary directory even when a test
/// fails before it cleans up.
public enum TestFolders {
    public static let root: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("carekit-tests-\(getpid())", isDirectory: true)
        try? FileManager.default.removeItem(at: url)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TestFolders.root) }
        return url
    }()

    /// A new, empty folder inside ``root`` whose name starts with `prefix`.
    public static func make(_ prefix: String = "test") -> URL {
        let url = root.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Temporary files for one test.
public struct TemporaryDirectory {
    /// The folder.
    public let url: URL

    /// Makes a new, empty folder.
    public init() throws {
        url = TestFolders.make("files")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A file in the folder.
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Removes the folder and everything in it.
    public func remove() { try? FileManager.default.removeItem(at: url) }
}
