/// How an ``OCKStore`` opens its file.
public struct OCKStoreOpenOptions: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Create the file (private to the user, mode 0600, in a folder created 0700) when it does
    /// not exist. Without it, a missing file is an error that names the path.
    public static let createIfMissing = OCKStoreOpenOptions(rawValue: 1 << 0)

    /// Never write: reads work, every write fails with a reason. A file or folder the user
    /// cannot write to is opened this way without being asked.
    public static let readOnly = OCKStoreOpenOptions(rawValue: 1 << 1)
}
