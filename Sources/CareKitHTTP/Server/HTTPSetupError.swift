/// Why a server could not be set up or started — an address that is not one, a certificate or
/// key that cannot be read, a port in use, an access token too easy to guess — said to the
/// person starting it. Never an HTTP response: requests fail with ``HTTPError``.
public struct HTTPSetupError: Error, CustomStringConvertible, Hashable, Sendable {
    /// What is wrong and what to do, in a sentence.
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
