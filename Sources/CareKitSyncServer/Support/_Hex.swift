import Foundation

/// Bytes as lowercase hex digits (hashes in the audit trail, device tokens' ids).
enum _Hex {
    static func string(_ data: Data) -> String { data.map { String(format: "%02x", $0) }.joined() }
}
