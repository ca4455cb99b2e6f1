import Foundation

/// Small, fast encodings for list columns, plus JSON for the rare structured ones.
enum _Encoding {

    /// UUIDs as a comma-separated list ("" for none). UUID strings never contain commas.
    static func uuidList(_ uuids: [UUID]) -> String {
        uuids.map(_UUIDTexts.string).joined(separator: ",")
    }

    static func uuidList(_ text: String) -> [UUID] {
        guard !text.isEmpty else { return [] }
        var uuids: [UUID] = []
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: ",") {
                if index > start, let uuid = _UUIDTexts.parse(UnsafeBufferPointer(rebasing: bytes[start..<index])) { uuids.append(uuid) }
                start = index + 1
            }
        }
        return uuids
    }

    /// A JSON array of strings, written by hand (this runs for every tagged row written).
    /// Strings that need no escaping (ids, uuids, tags) are copied as bytes, in place.
    static func jsonArray(_ strings: [String]) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        bytes.reserveCapacity(strings.reduce(2) { $0 + $1.utf8.count + 3 })
        for index in strings.indices {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            var string = strings[index]
            string.withUTF8 { utf8 in
                if utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                    var escaped = ""
                    appendJSONString(strings[index], to: &escaped)
                    bytes.append(contentsOf: escaped.utf8)
                } else {
                    bytes.append(UInt8(ascii: "\""))
                    bytes.append(contentsOf: utf8)
                    bytes.append(UInt8(ascii: "\""))
                }
            }
        }
        bytes.append(UInt8(ascii: "]"))
        return String(decoding: bytes, as: UTF8.self)
    }

    static func appendJSONString(_ string: String, to out: inout String) {
        out += "\""
        // Most strings (ids, uuids, tags) need no escaping: copy them whole rather than
        // scalar by scalar.
        if !string.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out += string
            out += "\""
            return
        }
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let s where s.value < 0x20:
                out += "\\u" + String(repeating: "0", count: 4 - String(s.value, radix: 16).count) + String(s.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    static func stringArray(_ json: String?) -> [String]? {
        guard let json, let data = json.data(using: .utf8) else { return nil }
        return try? JSONDecoder().decode([String].self, from: data)
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .deferredToDate
        return encoder
    }()

    /// JSON text for a structured value (notes, user info, names, addresses...).
    static func json<T: Encodable>(_ value: T?) throws -> String? {
        guard let value else { return nil }
        let data = try encoder.encode(value)
        return String(decoding: data, as: UTF8.self)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ json: String?) throws -> T? {
        guard let json else { return nil }
        return try JSONDecoder().decode(type, from: Data(json.utf8))
    }
}
