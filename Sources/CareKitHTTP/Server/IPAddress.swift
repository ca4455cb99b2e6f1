#if canImport(Glibc)
    import Glibc
#endif

/// An IPv4 or IPv6 address literal, read as the C library reads it (`inet_pton`): IPv4 as a
/// dotted quad of decimal numbers without leading zeros, IPv6 in any form of RFC 4291.
public enum IPAddress: Hashable, Sendable {
    /// Four bytes, network order.
    case v4([UInt8])
    /// Sixteen bytes, network order.
    case v6([UInt8])

    /// `::1`.
    static let v6Loopback: [UInt8] = Array(repeating: 0, count: 15) + [1]

    /// Parses a literal; nil for anything else (names, ports, brackets, shortened IPv4).
    public init?(_ text: String) {
        if text.contains(":") {
            var address = in6_addr()
            guard inet_pton(AF_INET6, text, &address) == 1 else { return nil }
            self = .v6(withUnsafeBytes(of: &address) { Array($0) })
        } else {
            var address = in_addr()
            guard inet_pton(AF_INET, text, &address) == 1 else { return nil }
            self = .v4(withUnsafeBytes(of: &address) { Array($0) })
        }
    }

    /// Whether the address is on this machine only: 127.0.0.0/8 or `::1`.
    public var isLoopback: Bool {
        switch self {
        case .v4(let bytes): return bytes.first == 127
        case .v6(let bytes): return bytes == Self.v6Loopback
        }
    }
}
