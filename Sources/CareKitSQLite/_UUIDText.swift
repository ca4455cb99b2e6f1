import Foundation

/// UUIDs as text, the way SQLite columns hold them (`E621E1F8-C36C-495A-93FC-0C247A3E6E5F`),
/// without Foundation's `sscanf`/`snprintf` round trip, which costs about ten times more and
/// runs for every row a store reads. Same results as `UUID(uuidString:)` and `uuidString`.
package enum _UUIDText {
    /// The UUID written in `bytes` (hex digits in either case, dashes at 8, 13, 18 and 23), or
    /// nil when the text is not one.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard bytes.count == 36 else { return nil }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let parsed = withUnsafeMutableBytes(of: &value) { out -> Bool in
            var position = 0
            for index in 0..<16 {
                if position == 8 || position == 13 || position == 18 || position == 23 {
                    guard bytes[position] == UInt8(ascii: "-") else { return false }
                    position += 1
                }
                guard let high = hexValue(bytes[position]), let low = hexValue(bytes[position + 1]) else { return false }
                out[index] = high << 4 | low
                position += 2
            }
            return true
        }
        return parsed ? UUID(uuid: value) : nil
    }

    /// The UUID written in `text`, or nil (as `UUID(uuidString:)`).
    package static func parse(_ text: String) -> UUID? {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    /// Upper-case text with dashes, as `uuid.uuidString`.
    package static func string(_ uuid: UUID) -> String {
        withUnsafeBytes(of: uuid.uuid) { source in
            String(unsafeUninitializedCapacity: 36) { out in
                var position = 0
                for index in 0..<16 {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        out[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    let byte = source[index]
                    out[position] = digits[Int(byte >> 4)]
                    out[position + 1] = digits[Int(byte & 0x0F)]
                    position += 2
                }
                return 36
            }
        }
    }

    private static let digits: [UInt8] = Array("0123456789ABCDEF".utf8)

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return nil
        }
    }
}
