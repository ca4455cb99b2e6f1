/// The shape of a path: literal segments and named parameters in braces,
/// `/events/{event}/values/{index}/delete`. One pattern both reads a path
/// (``match(_:)``, each segment percent-decoded) and writes one (``path(_:)``, each value
/// percent-encoded), so an address is spelled once.
public struct HTTPPathPattern: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// One segment of a pattern.
    public enum Segment: Sendable, Hashable {
        /// Matches exactly this text.
        case literal(String)
        /// Matches any one non-empty segment, which becomes the parameter's value.
        case parameter(String)
    }

    /// The segments, in order (none for `/`).
    public let segments: [Segment]

    /// Reads a pattern: segments between slashes, `{name}` for a parameter, anything else literal.
    public init(_ text: String) {
        segments = text.split(separator: "/", omittingEmptySubsequences: true).map { part in
            if part.count > 2, part.first == "{", part.last == "}" { return .parameter(String(part.dropFirst().dropLast())) }
            return .literal(String(part))
        }
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The names of the parameters, in order.
    public var parameterNames: [String] {
        segments.compactMap { if case .parameter(let name) = $0 { return name } else { return nil } }
    }

    /// The values of the parameters when `segments` (decoded, as ``HTTPRequest/pathSegments()``
    /// gives them) have this shape, or nil.
    public func match(segments path: [String]) -> HTTPPathParameters? {
        guard path.count == segments.count else { return nil }
        var values: [String: String] = [:]
        for (segment, text) in zip(segments, path) {
            switch segment {
            case .literal(let literal): guard literal == text else { return nil }
            case .parameter(let name): guard !text.isEmpty else { return nil }; values[name] = text
            }
        }
        return HTTPPathParameters(values)
    }

    /// The values of the parameters when an encoded path (``HTTPRequest/path``) has this shape;
    /// nil when it has another shape or a segment does not decode.
    public func match(_ path: String) -> HTTPPathParameters? {
        guard let decoded = try? HTTPRequest(method: "GET", path: path).pathSegments() else { return nil }
        return match(segments: decoded)
    }

    /// The path with these values, each percent-encoded (a `/` in a value stays inside its
    /// segment). A parameter without a value is written empty, which no pattern matches.
    public func path(_ values: [String: String]) -> String {
        write { name, _ in values[name] ?? "" }
    }

    /// The path with these values in the order of ``parameterNames``, each percent-encoded.
    public func path(_ values: [String]) -> String {
        write { _, index in index < values.count ? values[index] : "" }
    }

    private func write(_ value: (_ name: String, _ index: Int) -> String) -> String {
        guard !segments.isEmpty else { return "/" }
        var out: [UInt8] = []
        out.reserveCapacity(64)
        var index = 0
        for segment in segments {
            out.append(UInt8(ascii: "/"))
            switch segment {
            case .literal(let literal): URLEncoding.appendEncoded(literal, to: &out)
            case .parameter(let name):
                URLEncoding.appendEncoded(value(name, index), to: &out)
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// How specific the pattern is, for choosing between patterns that match one path: a
    /// literal segment wins over a parameter at the first place where they differ.
    public func isMoreSpecific(than other: HTTPPathPattern) -> Bool {
        for (mine, theirs) in zip(segments, other.segments) {
            switch (mine, theirs) {
            case (.literal, .parameter): return true
            case (.parameter, .literal): return false
            default: continue
            }
        }
        return false
    }

    public var description: String {
        guard !segments.isEmpty else { return "/" }
        return segments.map { segment -> String in
            switch segment {
            case .literal(let literal): return "/" + literal
            case .parameter(let name): return "/{" + name + "}"
            }
        }.joined()
    }
}
