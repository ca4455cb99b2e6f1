/// Where a form may send the browser back to: a path of this server, never another site.
public enum HTTPReturnPath {
    /// `path` when it is a path of this server, else `fallback`. Only one `/` first (not `//`
    /// or `/\`), then only the characters of a URL path and query (RFC 3986: letters, digits,
    /// `-._~!$&'()*+,;=:@/?` and `%` with two hex digits). Browsers drop tabs and line breaks
    /// from URLs and read `\` as `/`, so anything else could turn `/\t/evil.example` into
    /// `//evil.example`; the same characters %-encoded are refused too, in case something
    /// decodes the path again.
    public static func safe(_ path: String?, fallback: String) -> String {
        guard let path else { return fallback }
        let bytes = Array(path.utf8)
        var decoded: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = URLEncoding.hexValue(bytes[index + 1]), let low = URLEncoding.hexValue(bytes[index + 2]) else { return fallback }
                decoded.append(high << 4 | low)
                index += 3
            } else {
                guard pathCharacters.contains(bytes[index]) else { return fallback }
                decoded.append(bytes[index])
                index += 1
            }
        }
        guard decoded.first == UInt8(ascii: "/"), bytes.first == UInt8(ascii: "/"),
            decoded.count < 2 || (decoded[1] != UInt8(ascii: "/") && decoded[1] != UInt8(ascii: "\\")),
            !decoded.contains(where: { $0 < 0x20 || $0 == 0x7F })
        else { return fallback }
        return path
    }

    /// The bytes a return path may hold besides `%XX`.
    private static let pathCharacters: Set<UInt8> = Set(
        Array(UInt8(ascii: "a")...UInt8(ascii: "z")) + Array(UInt8(ascii: "A")...UInt8(ascii: "Z")) + Array(UInt8(ascii: "0")...UInt8(ascii: "9"))
            + Array("-._~!$&'()*+,;=:@/?".utf8))
}
