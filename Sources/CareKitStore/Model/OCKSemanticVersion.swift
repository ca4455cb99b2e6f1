/// A semantic version number such as `2.1.0`, used to tag the schema an entity was written with.
public struct OCKSemanticVersion: Codable, Hashable, Sendable, Comparable, LosslessStringConvertible {

    /// Why a string could not be read as a semantic version.
    public enum ParsingError: Error, Hashable, Sendable {
        /// The string was empty (or held only separators).
        case emptyString
        /// The string had more than three dot-separated parts.
        case tooManySeparators
        /// The first part was not a whole number.
        case invalidMajorVersion
        /// The second part was not a whole number.
        case invalidMinorVersion
        /// The third part was not a whole number.
        case invalidPatchVersion
    }

    /// The major version: changes that break compatibility.
    public var majorVersion: Int
    /// The minor version: additions that keep compatibility.
    public var minorVersion: Int
    /// The patch number: fixes.
    public var patchNumber: Int

    /// Creates a version from its three numbers.
    public init(majorVersion: Int, minorVersion: Int = 0, patchNumber: Int = 0) {
        self.majorVersion = majorVersion
        self.minorVersion = minorVersion
        self.patchNumber = patchNumber
    }

    /// Reads a version such as `"2"`, `"2.1"` or `"2.1.0"`; empty parts are skipped, so `"1..2"` is 1.2.0.
    public static func parse(_ string: String) throws(ParsingError) -> OCKSemanticVersion {
        let parts = string.split(separator: ".", omittingEmptySubsequences: true)
        guard !parts.isEmpty else { throw .emptyString }
        guard parts.count <= 3 else { throw .tooManySeparators }
        guard let major = Int(parts[0]), major >= 0 else { throw .invalidMajorVersion }
        var minor = 0, patch = 0
        if parts.count > 1 {
            guard let value = Int(parts[1]), value >= 0 else { throw .invalidMinorVersion }
            minor = value
        }
        if parts.count > 2 {
            guard let value = Int(parts[2]), value >= 0 else { throw .invalidPatchVersion }
            patch = value
        }
        return OCKSemanticVersion(majorVersion: major, minorVersion: minor, patchNumber: patch)
    }

    /// Reads a version string, or gives `nil` when it is not one.
    public init?(_ description: String) {
        guard let version = try? Self.parse(description) else { return nil }
        self = version
    }

    /// The version written as `major.minor.patch`.
    public var description: String { "\(majorVersion).\(minorVersion).\(patchNumber)" }

    public static func < (lhs: OCKSemanticVersion, rhs: OCKSemanticVersion) -> Bool {
        (lhs.majorVersion, lhs.minorVersion, lhs.patchNumber) < (rhs.majorVersion, rhs.minorVersion, rhs.patchNumber)
    }
}
