import Foundation

/// Bytes as lowercase hex digits (hashes in the audit trail and the database's `bytea`
/// parameters, device tokens and their ids). Written digit by digit into the string's own
/// storage: `String(format: "%02x")` per byte went through Foundation's formatter and was a
/// tenth of the patient list's CPU (two 32-byte hashes a line, fifty lines a page).
enum _Hex {
    private static let digits: [UInt8] = Array("0123456789abcdef".utf8)

    static func string(_ bytes: some Collection<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count * 2) { buffer in
            var index = 0
            for byte in bytes {
                buffer[index] = digits[Int(byte >> 4)]
                buffer[index + 1] = digits[Int(byte & 0x0f)]
                index += 2
            }
            return index
        }
    }
}
