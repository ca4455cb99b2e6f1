/// Which names a request may be addressed to (its `Host` header), so that a page of another
/// site whose name was pointed at this machine (DNS rebinding) gets nothing. On loopback:
/// exactly a loopback IP literal, `localhost` or an allowed name. Listening beyond this machine
/// any name is served unless names are allowed explicitly (then those, and IP literals, which
/// cannot be rebound).
public struct HTTPHostPolicy: Sendable, Hashable {
    /// Whether the server listens on a loopback address only.
    public let isLoopback: Bool
    /// Names besides the loopback ones that requests may be addressed to (lower case, no brackets).
    public let allowedNames: Set<String>

    /// The policy of a server listening on `host`, allowing `allowedHosts` too; throws for an
    /// allowed host that is not a host name or IP address.
    public init(listeningOn host: String, allowedHosts: [String] = []) throws(HTTPSetupError) {
        isLoopback = Self.isLoopback(host: host)
        var names: Set<String> = []
        for name in allowedHosts {
            let lowered = name.lowercased()
            let bare = lowered.hasPrefix("[") && lowered.hasSuffix("]") ? String(lowered.dropFirst().dropLast()) : lowered
            guard Self.isHostName(Substring(bare)) || IPAddress(bare) != nil else {
                throw HTTPSetupError("'\(name)' is not a host name: give a name such as carekit.lan or an IP address, without a scheme, port or path.")
            }
            names.insert(bare)
        }
        allowedNames = names
    }

    /// Whether an address to listen on keeps the server on this machine: `localhost`, an IPv4
    /// address of the loopback network 127.0.0.0/8 (dotted quad) or the IPv6 loopback `::1` in
    /// any spelling. Names that only start like one (`127.0.0.1.example.com`) are not.
    public static func isLoopback(host: String) -> Bool {
        host == "localhost" || IPAddress(host)?.isLoopback == true
    }

    /// Whether the request's Host header names this server.
    public func allows(_ request: HTTPRequest) -> Bool {
        // HTTP/1.0 clients may send no Host; browsers always do.
        guard let header = request.header("host") else { return true }
        guard let name = Self.hostName(header) else { return false }
        if name == "localhost" || allowedNames.contains(name) { return true }
        if let address = IPAddress(name) { return !isLoopback || address.isLoopback }
        return !isLoopback && allowedNames.isEmpty
    }

    /// The lower-cased name in a Host header (`name`, `name:port`, `[v6]`, `[v6]:port`),
    /// without brackets and port; nil when the header is not of that shape.
    public static func hostName(_ header: String) -> String? {
        let value = header.lowercased()
        let name: Substring
        var port: Substring?
        if value.hasPrefix("[") {
            guard let close = value.firstIndex(of: "]") else { return nil }
            name = value[value.index(after: value.startIndex)..<close]
            let rest = value[value.index(after: close)...]
            if !rest.isEmpty {
                guard rest.first == ":" else { return nil }
                port = rest.dropFirst()
            }
            guard case .v6? = IPAddress(String(name)) else { return nil }
        } else if let colon = value.firstIndex(of: ":"), colon == value.lastIndex(of: ":") {
            name = value[..<colon]
            port = value[value.index(after: colon)...]
            guard isHostName(name) else { return nil }
        } else if value.contains(":") {
            // A bare IPv6 literal (`::1`), as some non-browser clients send it.
            name = Substring(value)
            guard case .v6? = IPAddress(value) else { return nil }
        } else {
            name = Substring(value)
            guard isHostName(name) else { return nil }
        }
        if let port {
            guard (1...5).contains(port.utf8.count), port.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        }
        return String(name)
    }

    /// A DNS name or IPv4 literal: letters, digits, `-` and `.`, not empty.
    static func isHostName(_ name: Substring) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            }
    }
}
