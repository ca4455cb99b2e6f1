import Foundation

extension HTTPRequest {
    /// The body decoded from JSON. A body of another type is a 415; one that is not JSON, or not
    /// of the expected shape, is a 400 that says where and what (`At revisions[2].knowledge: the
    /// field 'clock' is missing.`), so that nothing half-read goes further.
    public func decodeJSON<Value: Decodable>(_ type: Value.Type, decoder: JSONDecoder = JSONDecoder()) throws(HTTPError) -> Value {
        let media = contentType ?? ""
        guard media == "application/json" || media.hasSuffix("+json") else {
            throw HTTPError(status: 415, message: "The body must be sent as application/json, not \(media.isEmpty ? "without a type" : media).")
        }
        do {
            return try decoder.decode(Value.self, from: body)
        } catch let error as DecodingError {
            throw HTTPError(status: 400, message: Self.describe(error))
        } catch let error as HTTPError {
            throw error
        } catch {
            let reason = (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
            throw HTTPError(status: 400, message: "The body was refused: \(reason)")
        }
    }

    /// A decoding error in words: where in the body, and what was wrong there.
    static func describe(_ error: DecodingError) -> String {
        func place(_ path: [any CodingKey]) -> String {
            guard !path.isEmpty else { return "In the body" }
            var text = ""
            for key in path {
                if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
            }
            return "At \(text)"
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "The body is not valid JSON."
        case .dataCorrupted(let context):
            return "\(place(context.codingPath)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "\(place(context.codingPath)): the field '\(key.stringValue)' is missing."
        case .typeMismatch(let type, let context):
            return "\(place(context.codingPath)): expected \(Self.kind(of: type)). \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            return "\(place(context.codingPath)): expected \(Self.kind(of: type)), found null."
        @unknown default:
            return "The body could not be read: \(error)."
        }
    }

    private static func kind(of type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is Int.Type, is Int64.Type, is Int32.Type, is UInt.Type, is UInt64.Type: return "a whole number"
        case is Double.Type, is Float.Type: return "a number"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array<") { return "an array" }
            if name.hasPrefix("Dictionary<") { return "an object" }
            return "a \(name)"
        }
    }
}
