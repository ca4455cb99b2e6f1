import Foundation

/// The proxies whose `X-Forwarded-For` is believed (`--trusted-proxy ADDRESS|CIDR,…`): a
/// request from any other peer keeps the connection's own address, whatever it claims. From a
/// trusted peer the header is read from the right, past every trusted hop, and the first other
/// hop is the client; a hop that is not an IP literal ends the reading there, so the client is
/// the last trusted hop that reported it. A server that believes a proxy must be reachable only
/// through it (docs/deploy.md).
public struct HTTPTrustedProxies: Sendable, Hashable {
    /// One network: an address and how many of its leading bits must match.
    struct Network: Sendable, Hashable {
        var bytes: [UInt8]
        var prefix: Int

        func contains(_ other: [UInt8]) -> Bool {
            guard other.count == bytes.count else { return false }
            var left = prefix
            for (mine, theirs) in zip(bytes, other) where left > 0 {
                let bits = min(8, left)
                let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
                if mine & mask != theirs & mask { return false }
                left -= bits
            }
            return true
        }
    }

    let networks: [Network]

    /// No proxy is trusted: every request keeps its connection's address.
    public static let none = HTTPTrustedProxies(networks: [])

    private init(networks: [Network]) { self.networks = networks }

    /// Reads a comma-separated list of addresses and CIDR networks (`10.0.0.0/8`, `::1`,
    /// `fd00::/8`); throws, in words, for anything else.
    public init(_ list: String) throws(HTTPSetupError) {
        var networks: [Network] = []
        for item in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !item.isEmpty {
            let parts = item.split(separator: "/", maxSplits: 1).map(String.init)
            guard let address = IPAddress(parts[0]) else {
                throw HTTPSetupError("'\(item)' is not an IP address or network: give addresses such as 10.0.0.5 or networks such as 10.0.0.0/8.")
            }
            let bytes = Self.bytes(address)
            var prefix = bytes.count * 8
            if parts.count == 2 {
                guard let bits = Int(parts[1]), (0...prefix).contains(bits), parts[1].allSatisfy(\.isASCII) else {
                    throw HTTPSetupError("'\(item)' has no valid prefix length: after the slash give 0 to \(prefix).")
                }
                prefix = bits
            }
            networks.append(Network(bytes: bytes, prefix: prefix))
        }
        guard !networks.isEmpty else { throw HTTPSetupError("Give at least one proxy address, such as 127.0.0.1.") }
        self.networks = networks
    }

    /// An address's bytes; an IPv4-mapped IPv6 address (`::ffff:10.0.0.5`) as IPv4.
    static func bytes(_ address: IPAddress) -> [UInt8] {
        switch address {
        case .v4(let bytes): return bytes
        case .v6(let bytes):
            if bytes.prefix(12) == Array(repeating: 0, count: 10) + [0xFF, 0xFF] { return Array(bytes.suffix(4)) }
            return bytes
        }
    }

    /// Whether an address literal belongs to a trusted proxy.
    public func trusts(_ address: String) -> Bool {
        guard let parsed = IPAddress(address) else { return false }
        let bytes = Self.bytes(parsed)
        return networks.contains { $0.contains(bytes) }
    }

    /// The client's address: the connection's, or when that is a trusted proxy what the proxies
    /// say, read from the right; "unknown" when the connection's is not known.
    public func clientAddress(of request: HTTPRequest) -> String {
        guard let peer = request.clientAddress else { return "unknown" }
        guard trusts(peer), let header = request.header("x-forwarded-for") else { return peer }
        var client = peer
        for hop in header.split(separator: ",").reversed() {
            let candidate = hop.trimmingCharacters(in: .whitespaces)
            guard IPAddress(candidate) != nil else { break }
            client = candidate
            if !trusts(candidate) { break }
        }
        return client
    }
}
