import CZlib
import Foundation

extension HTTPResponse {
    /// The smallest body worth compressing: below it, gzip's header costs more than it saves.
    public static let compressionThreshold = 1_024

    /// The response gzip-compressed (zlib) when the client accepts gzip and the body is text of
    /// at least ``compressionThreshold`` bytes, held whole, and not encoded yet; otherwise as it
    /// is. Compressed responses say `Vary: Accept-Encoding`, and their ETag becomes weak (the
    /// bytes differ from the uncompressed ones').
    public func compressed(for request: HTTPRequest) -> HTTPResponse {
        guard case .data(let data) = body, data.count >= Self.compressionThreshold, header("Content-Encoding") == nil,
            Self.isCompressible(header("Content-Type")), Self.acceptsGzip(request.header("accept-encoding")),
            let gzipped = Self.gzip(data), gzipped.count < data.count
        else { return self }
        var response = self
        response.body = .data(gzipped)
        response.setHeader("Content-Encoding", "gzip")
        let vary = header("Vary").map { $0.lowercased().contains("accept-encoding") ? $0 : $0 + ", Accept-Encoding" } ?? "Accept-Encoding"
        response.setHeader("Vary", vary)
        if let tag = header("ETag"), !tag.hasPrefix("W/") { response.setHeader("ETag", "W/" + tag) }
        return response
    }

    /// Text types: pages, styles, scripts, JSON, SVG, calendars.
    static func isCompressible(_ contentType: String?) -> Bool {
        guard let type = contentType?.lowercased().split(separator: ";").first?.trimmingCharacters(in: .whitespaces) else { return false }
        return type.hasPrefix("text/") || type.hasSuffix("+json") || type.hasSuffix("/json") || type == "image/svg+xml" || type == "application/javascript"
    }

    /// Whether `Accept-Encoding` allows gzip (named or `*`, without `q=0`).
    static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        var star: Bool?
        for item in header.lowercased().split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let coding = parts.first else { continue }
            let refused = parts.dropFirst().contains { $0.replacingOccurrences(of: " ", with: "").range(of: #"^q=0(\.0{0,3})?$"#, options: .regularExpression) != nil }
            if coding == "gzip" || coding == "x-gzip" { return !refused }
            if coding == "*" { star = !refused }
        }
        return star ?? false
    }

    /// `data` as a gzip member (RFC 1952), or nil if zlib fails.
    public static func gzip(_ data: Data, level: Int32 = 6) -> Data? {
        var stream = z_stream()
        // windowBits 15 + 16: a gzip header and trailer instead of zlib's.
        guard deflateInit2_(&stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(data.count)))
        var output = Data(count: bound)
        let status: Int32 = data.withUnsafeBytes { (input: UnsafeRawBufferPointer) -> Int32 in
            output.withUnsafeMutableBytes { (out: UnsafeMutableRawBufferPointer) -> Int32 in
                stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.bindMemory(to: Bytef.self).baseAddress
                stream.avail_out = uInt(out.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        output.count = Int(stream.total_out)
        return output
    }

    /// The response with `tag` as its ETag, or a `304 Not Modified` without a body when the
    /// request's `If-None-Match` names it already (weak comparison, as RFC 9110 asks for GET).
    public func withETag(_ tag: String, for request: HTTPRequest) -> HTTPResponse {
        let quoted = "\"\(tag)\""
        var response = self
        response.setHeader("ETag", quoted)
        guard let condition = request.header("if-none-match") else { return response }
        let matches =
            condition.trimmingCharacters(in: .whitespaces) == "*"
            || condition.split(separator: ",").contains { candidate in
                var value = candidate.trimmingCharacters(in: .whitespaces)
                if value.hasPrefix("W/") { value.removeFirst(2) }
                return value == quoted
            }
        guard matches else { return response }
        var notModified = HTTPResponse(status: 304, headers: response.headers.filter { $0.name.lowercased() != "content-length" }, body: .data(Data()))
        notModified.headers.removeAll { $0.name.lowercased() == "content-type" }
        return notModified
    }
}
