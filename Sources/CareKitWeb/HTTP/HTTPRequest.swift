import Foundation

/// An HTTP request as the app sees it: decoded, size-limited, immutable.
public struct HTTPRequest: Sendable {
    /// The method, upper case ("GET", "POST").
    public var method: String
    /// The path without the query string, percent-decoded (for example "/care-card").
    public var path: String
    /// The query parameters in order, decoded.
    public var query: [(name: String, value: String)]
    /// Header fields with lower-cased names.
    public var headers: [String: String]
    /// Cookies by name.
    public var cookies: [String: String]
    /// The request body (at most the server's limit).
    public var body: Data

    public init(method: String, path: String, query: [(name: String, value: String)] = [], headers: [String: String] = [:], cookies: [String: String] = [:], body: Data = Data()) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.cookies = cookies
        self.body = body
    }

    /// The first query parameter with this name.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// A header value, by case-insensitive name.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    /// The body decoded as `application/x-www-form-urlencoded`.
    public func form() throws(HTTPError) -> HTTPForm {
        let type = header("content-type")?.lowercased() ?? "application/x-www-form-urlencoded"
        guard type.hasPrefix("application/x-www-form-urlencoded") else {
            throw HTTPError(status: 415, message: "Forms must be sent as application/x-www-form-urlencoded, not \(type).")
        }
        guard let text = String(data: body, encoding: .utf8) else {
            throw HTTPError(status: 400, message: "The form is not valid UTF-8 text.")
        }
        return HTTPForm(fields: try URLEncoding.decodePairs(text))
    }
}

/// Decoded form fields.
public struct HTTPForm: Sendable {
    /// The fields in the order they were sent.
    public var fields: [(name: String, value: String)]

    public init(fields: [(name: String, value: String)]) {
        self.fields = fields
    }

    /// The first value of a field.
    public subscript(name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// Every value of a field (for check boxes and multiple choice).
    public func values(_ name: String) -> [String] {
        fields.filter { $0.name == name }.map(\.value)
    }
}

/// A request the app refuses, with the status and a message for the person who sent it.
public struct HTTPError: Error, Sendable {
    public var status: Int
    public var message: String

    public init(status: Int, message: String) {
        self.status = status
        self.message = message
    }
}

extension HTTPError: LocalizedError, CustomStringConvertible {
    /// The message, as it is shown to people.
    public var errorDescription: String? { message }
    public var description: String { message }
}

/// Percent-encoding as used by URLs and HTML forms.
public enum URLEncoding {
    /// Decodes `a=1&b=two+words`; a malformed escape or invalid UTF-8 is an error (400).
    public static func decodePairs(_ text: String) throws(HTTPError) -> [(name: String, value: String)] {
        var pairs: [(String, String)] = []
        for part in text.split(separator: "&", omittingEmptySubsequences: true) {
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try decode(String(pieces[0]))
            let value = pieces.count > 1 ? try decode(String(pieces[1])) : ""
            pairs.append((name, value))
        }
        return pairs
    }

    /// Decodes one component: `+` is a space, `%XX` a byte; the bytes must be UTF-8.
    public static func decode(_ component: String) throws(HTTPError) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(component.utf8.count)
        var iterator = component.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    throw HTTPError(status: 400, message: "The request has a malformed %-escape.")
                }
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw HTTPError(status: 400, message: "The request contains bytes that are not valid UTF-8 text.")
        }
        return text
    }

    /// The value of a hex digit's byte, or nil.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// Encodes a query or form component (everything but unreserved characters).
    public static func encode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    /// `a=1&b=2` from pairs.
    public static func query(_ pairs: [(String, String)]) -> String {
        pairs.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&")
    }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
