import Foundation

/// A request the app refuses, with the status and a message for the person who sent it.
public struct HTTPError: Error, Sendable {
    public var status: Int
    public var message: String
    /// Headers the refusal must carry (`WWW-Authenticate` on a 401, `Allow` on a 405).
    public var headers: [(name: String, value: String)]

    public init(status: Int, message: String, headers: [(name: String, value: String)] = []) {
        self.status = status
        self.message = message
        self.headers = headers
    }

    /// 401 for a request without a valid bearer token, with the challenge RFC 6750 asks for.
    public static func unauthorized(_ message: String, realm: String) -> HTTPError {
        let quoted = realm.replacingOccurrences(of: "\\", with: "").replacingOccurrences(of: "\"", with: "")
        return HTTPError(status: 401, message: message, headers: [("WWW-Authenticate", "Bearer realm=\"\(quoted)\"")])
    }
}

extension HTTPError: LocalizedError, CustomStringConvertible {
    /// The message, as it is shown to people.
    public var errorDescription: String? { message }
    public var description: String { message }
}
