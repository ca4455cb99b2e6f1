import Foundation

extension HTTPResponse {
    /// A JSON body (`application/json`). A value the encoder refuses (a NaN, say) makes a 500
    /// problem response rather than a broken body.
    public static func json(_ value: some Encodable, status: Int = 200, encoder: JSONEncoder = JSONEncoder()) -> HTTPResponse {
        do {
            return .data(try encoder.encode(value), contentType: "application/json", status: status)
        } catch {
            return problem(HTTPError(status: 500, message: "The response could not be written as JSON: \(error)."))
        }
    }

    /// A refusal as an RFC 9457 problem document (`application/problem+json`): `status`,
    /// `title` (the status's name) and `detail` (the message), with the headers it must carry.
    public static func problem(_ error: HTTPError) -> HTTPResponse {
        let document = _Problem(title: HTTPStatus.reason(error.status), status: error.status, detail: error.message)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(document)) ?? Data("{\"status\":\(error.status)}".utf8)
        var response = HTTPResponse.data(data, contentType: "application/problem+json", status: error.status)
        response.headers += error.headers
        return response
    }
}

/// The fields of a problem document that this server fills in.
private struct _Problem: Encodable {
    let title: String
    let status: Int
    let detail: String
}
