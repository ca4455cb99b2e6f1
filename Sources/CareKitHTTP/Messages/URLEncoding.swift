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

    /// Decodes one query or form component: `+` is a space, `%XX` a byte; the bytes must be UTF-8.
    public static func decode(_ component: String) throws(HTTPError) -> String {
        try decode(component, plusIsSpace: true)
    }

    /// Decodes one path segment: `%XX` is a byte and `+` is itself (RFC 3986); the bytes must be UTF-8.
    public static func decodePathSegment(_ segment: String) throws(HTTPError) -> String {
        try decode(segment, plusIsSpace: false)
    }

    private static func decode(_ component: String, plusIsSpace: Bool) throws(HTTPError) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(component.utf8.count)
        var iterator = component.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+") where plusIsSpace: bytes.append(UInt8(ascii: " "))
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
    package static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// Encodes a query or form component, or a path segment: every byte but the unreserved
    /// characters (letters, digits, `-._~`) as `%XX`.
    public static func encode(_ text: String) -> String {
        // Most segments (ids, dates, names of routes) need nothing encoded: kept as they are.
        if text.utf8.allSatisfy(isUnreserved) { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        appendEncoded(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the bytes of ``encode(_:)`` to `out`.
    public static func appendEncoded(_ text: String, to out: inout [UInt8]) {
        for byte in text.utf8 {
            if isUnreserved(byte) {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hexDigit(byte >> 4))
                out.append(hexDigit(byte & 0x0F))
            }
        }
    }

    /// RFC 3986's unreserved characters: letters, digits, `-`, `_`, `.` and `~`.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// An upper-case hex digit of `value` (0–15).
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }

    /// `a=1&b=2` from pairs.
    public static func query(_ pairs: [(String, String)]) -> String {
        pairs.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&")
    }
}
