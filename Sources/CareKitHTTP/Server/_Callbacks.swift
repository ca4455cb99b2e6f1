import CMicroHTTPD
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - C callbacks (kept out of main.swift: there they would be @MainActor and trap)

private final class _PairCollector {
    var pairs: [(String, String)] = []
}

private func _ckCollect(_ context: UnsafeMutableRawPointer?, _ kind: MHD_ValueKind, _ key: UnsafePointer<CChar>?, _ value: UnsafePointer<CChar>?) -> MHD_Result {
    guard let context, let key else { return MHD_Result.YES }
    let collector = Unmanaged<_PairCollector>.fromOpaque(context).takeUnretainedValue()
    collector.pairs.append(
        (
            String(decoding: UnsafeRawBufferPointer(start: key, count: strlen(key)), as: UTF8.self),
            value.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: strlen($0)), as: UTF8.self) } ?? ""
        ))
    return MHD_Result.YES
}

private func _ckValues(_ connection: OpaquePointer?, _ kind: MHD_ValueKind) -> [(String, String)] {
    let collector = _PairCollector()
    let pointer = Unmanaged.passUnretained(collector).toOpaque()
    _ = MHD_get_connection_values(connection, kind, _ckCollect, pointer)
    return withExtendedLifetime(collector) { collector.pairs }
}

/// The request as far as its head: method, path (as sent, still %-encoded), query (decoded),
/// headers and cookies; a 400 when the query has a malformed escape or is not UTF-8.
private func _ckHead(_ connection: OpaquePointer, url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?) -> Result<HTTPRequest, HTTPError> {
    let pairs = _ckValues(connection, MHD_ValueKind.HEADER_KIND)
    // libmicrohttpd keeps a name with a space before its colon ("Transfer-Encoding : chunked")
    // as a header of its own; a proxy may read it otherwise. RFC 9112 §5.1: refuse it.
    if let bad = pairs.first(where: { !_ckIsToken($0.0) }) {
        return .failure(HTTPError(status: 400, message: "The header name '\(bad.0.prefix(40))' has a space or a character header names cannot have."))
    }
    let headers = Dictionary(pairs.map { ($0.0.lowercased(), $0.1) }, uniquingKeysWith: { first, _ in first })
    let cookies = Dictionary(_ckValues(connection, MHD_ValueKind.COOKIE_KIND), uniquingKeysWith: { first, _ in first })
    var query: [(name: String, value: String)] = []
    for (name, value) in _ckValues(connection, MHD_ValueKind.GET_ARGUMENT_KIND) {
        // The daemon keeps escapes (see the shim): decode them here, refusing malformed ones.
        do {
            query.append((try URLEncoding.decode(name), try URLEncoding.decode(value)))
        } catch {
            return .failure(error)
        }
    }
    return .success(
        HTTPRequest(
            method: method.map { String(cString: $0) }?.uppercased() ?? "GET", path: url.map { String(cString: $0) } ?? "/",
            query: query, headers: headers, cookies: cookies, clientAddress: _ckPeerAddress(connection)))
}

/// Whether `name` is an RFC 9110 token: letters, digits and ``!#$%&'*+-.^_`|~``, at least one.
private func _ckIsToken(_ name: String) -> Bool {
    !name.isEmpty
        && name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
            default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
            }
        }
}

/// The numeric address of the connection's other end (`getpeername`), or nil.
private func _ckPeerAddress(_ connection: OpaquePointer) -> String? {
    let descriptor = ck_mhd_connection_fd(connection)
    guard descriptor >= 0 else { return nil }
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let found = withUnsafeMutablePointer(to: &storage) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(descriptor, $0, &length) == 0 }
    }
    guard found else { return nil }
    var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
    let family = Int32(storage.ss_family)
    let written: UnsafePointer<CChar>? = withUnsafePointer(to: &storage) { pointer in
        switch family {
        case AF_INET:
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                withUnsafePointer(to: address.pointee.sin_addr) { inet_ntop(AF_INET, $0, &text, socklen_t(text.count)) }
            }
        case AF_INET6:
            return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                withUnsafePointer(to: address.pointee.sin6_addr) { inet_ntop(AF_INET6, $0, &text, socklen_t(text.count)) }
            }
        default:
            return nil
        }
    }
    guard written != nil else { return nil }
    return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

let _ckAccessHandler: MHD_AccessHandlerCallback = { context, connection, url, method, _, uploadData, uploadDataSize, requestState in
    guard let context, let connection, let requestState, let uploadDataSize else { return MHD_Result.NO }
    let server = Unmanaged<_ServerContext>.fromOpaque(context).takeUnretainedValue()

    // First call: the head. Screen it before anything else; then collect the body.
    guard let statePointer = requestState.pointee else {
        let head = _ckHead(connection, url: url, method: method)
        let state = _RequestState(head: (try? head.get()) ?? HTTPRequest(method: "GET", path: "/"))
        requestState.pointee = Unmanaged.passRetained(state).toOpaque()
        let refusal: HTTPResponse?
        switch head {
        case .failure(let error): refusal = server.errorResponse(error)
        case .success(let request): refusal = server.refusalByFraming(request) ?? server.screen?(request)
        }
        guard let refusal else { return MHD_Result.YES }
        state.phase = .answered
        server.watch.busy(connection)
        return _ckQueue(refusal, on: connection, server: server)
    }
    let state = Unmanaged<_RequestState>.fromOpaque(statePointer).takeUnretainedValue()

    // Body chunks: keep them unless the limit is passed (or the request was answered), then drop them.
    if uploadDataSize.pointee > 0 {
        server.watch.received(connection, bytes: uploadDataSize.pointee)
        if state.phase == .receiving, !state.tooLarge, let uploadData {
            if state.body.count + uploadDataSize.pointee > server.maximumBodySize {
                state.tooLarge = true
                state.body = Data()
            } else {
                uploadData.withMemoryRebound(to: UInt8.self, capacity: uploadDataSize.pointee) {
                    state.body.append($0, count: uploadDataSize.pointee)
                }
            }
        }
        uploadDataSize.pointee = 0
        return MHD_Result.YES
    }

    switch state.phase {
    case .receiving:
        // The whole request is here: set the connection aside while the handler works.
        server.watch.busy(connection)
        state.phase = .answered
        if state.tooLarge {
            return _ckQueue(server.errorResponse(server.tooLarge), on: connection, server: server)
        }
        guard server.beginHandling() else {
            return _ckQueue(server.errorResponse(HTTPError(status: 503, message: "The server is stopping.")), on: connection, server: server)
        }
        var request = state.head
        request.body = state.body
        state.body = Data()
        state.phase = .handling
        MHD_suspend_connection(connection)
        let suspended = _Connection(pointer: connection)
        let handler = server.handler
        Task.detached {
            let response = await handler(request)
            state.answer.withLock { $0 = response }
            MHD_resume_connection(suspended.pointer)
            server.endHandling()
        }
        return MHD_Result.YES
    case .handling:
        // Resumed: the handler has answered.
        guard
            let response = state.answer.withLock({ answer -> HTTPResponse? in
                defer { answer = nil }
                return answer
            })
        else { return MHD_Result.YES }
        state.phase = .answered
        return _ckQueue(response, on: connection, server: server)
    case .answered:
        return MHD_Result.YES
    }
}

private let _ckStreamReader: MHD_ContentReaderCallback = { context, _, buffer, capacity in
    guard let context, let buffer else { return ck_mhd_end_of_stream() }
    let stream = Unmanaged<_StreamState>.fromOpaque(context).takeUnretainedValue()
    let count = stream.read(into: buffer, capacity: capacity)
    switch count {
    case -1: return ck_mhd_end_of_stream()
    case ..<0: return ck_mhd_end_with_error()
    default: return count
    }
}

private let _ckStreamFree: MHD_ContentReaderFreeCallback = { context in
    guard let context else { return }
    Unmanaged<_StreamState>.fromOpaque(context).takeRetainedValue().release()
}

/// Queues a response with the server's headers (those it does not set itself).
private func _ckQueue(_ response: HTTPResponse, on connection: OpaquePointer, server: _ServerContext) -> MHD_Result {
    var response = response
    response.addMissingHeaders(server.headers)
    let mhdResponse: OpaquePointer?
    switch response.body {
    case .data(let data):
        mhdResponse = data.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
        }
    case .stream(let events):
        mhdResponse = _ckStreamedResponse(.events(events), blockSize: 4096, on: connection, server: server)
    case .chunks(let chunks):
        mhdResponse = _ckStreamedResponse(.chunks(chunks), blockSize: 32 * 1024, on: connection, server: server)
    }
    guard let mhdResponse else { return MHD_Result.NO }
    for (name, value) in response.headers {
        // Header values with line breaks would split the response: refuse them.
        guard !name.contains(where: \.isNewline), !value.contains(where: \.isNewline) else { continue }
        _ = MHD_add_response_header(mhdResponse, name, value)
    }
    let result = MHD_queue_response(connection, UInt32(response.status), mhdResponse)
    MHD_destroy_response(mhdResponse)
    return result
}

/// A response whose body comes from a source, sent chunked as it arrives.
private func _ckStreamedResponse(_ source: _StreamSource, blockSize: Int, on connection: OpaquePointer, server: _ServerContext) -> OpaquePointer? {
    let stream = Unmanaged.passRetained(
        _StreamState(source: source, connection: _Connection(pointer: connection), keepAlive: server.keepAliveInterval, registry: server.streams))
    let response = MHD_create_response_from_callback(ck_mhd_size_unknown(), blockSize, _ckStreamReader, stream.toOpaque(), _ckStreamFree)
    if response == nil {
        stream.takeRetainedValue().release()
    } else {
        server.watch.streaming(connection, stream.takeUnretainedValue())
    }
    return response
}

let _ckRequestCompleted: MHD_RequestCompletedCallback = { context, connection, requestState, _ in
    if let context, let connection {
        Unmanaged<_ServerContext>.fromOpaque(context).takeUnretainedValue().watch.waiting(connection)
    }
    guard let requestState, let pointer = requestState.pointee else { return }
    Unmanaged<_RequestState>.fromOpaque(pointer).release()
    requestState.pointee = nil
}

let _ckConnectionNotice: MHD_NotifyConnectionCallback = { context, connection, _, notice in
    guard let context, let connection else { return }
    let watch = Unmanaged<_ServerContext>.fromOpaque(context).takeUnretainedValue().watch
    if notice == MHD_ConnectionNotificationCode.CONNECTION_NOTIFY_STARTED {
        watch.opened(connection, socket: ck_mhd_connection_fd(connection))
    } else {
        watch.closed(connection)
    }
}
