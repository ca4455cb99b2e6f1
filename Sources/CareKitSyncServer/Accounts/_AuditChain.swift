import CSodium
import Foundation

/// The audit trail's hash chain (docs/deploy.md, "The audit trail"): each line carries
/// SHA-256 over the previous line's hash and its own content, so a line rewritten, removed or
/// slipped in breaks every link after it. The first line's previous hash is 32 zero bytes.
///
/// The content is length-prefixed (4 bytes, big-endian, then UTF-8), field by field, after
/// the marker `carekit-audit-1`: the time in whole milliseconds since 1970, the clinician's
/// number (or nothing), the patient's number (or nothing), who acted, what they did and from
/// where. Lines are written with the time rounded to the millisecond, so the time reads back
/// the same from either storage.
enum _AuditChain {
    static let genesis = Data(repeating: 0, count: 32)

    /// SHA-256 (libsodium's `crypto_hash_sha256`).
    static func sha256(_ data: Data) -> Data {
        var output = [UInt8](repeating: 0, count: 32)
        _ = sodium_init()
        data.withUnsafeBytes { bytes in
            _ = crypto_hash_sha256(&output, bytes.bindMemory(to: UInt8.self).baseAddress, UInt64(bytes.count))
        }
        return Data(output)
    }

    static func milliseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded()
        return value.isFinite && abs(value) < 9e15 ? Int64(value) : 0
    }

    /// The bytes a line's hash covers after the previous hash.
    static func content(_ entry: SyncAuditEntry) -> Data {
        var data = Data("carekit-audit-1".utf8)
        let fields = [
            String(milliseconds(entry.date)), entry.clinician.map(String.init) ?? "", entry.patient.map(String.init) ?? "",
            entry.clinicianEmail, entry.action, entry.address
        ]
        for field in fields {
            let bytes = Data(field.utf8)
            let count = UInt32(clamping: bytes.count)
            data.append(contentsOf: [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)])
            data.append(bytes)
        }
        return data
    }

    static func link(previous: Data, _ entry: SyncAuditEntry) -> Data {
        sha256(previous + content(entry))
    }

    /// The lines as they are written: the time to the millisecond, the words escaped, each
    /// with its hash, following `previous`.
    static func sealed(_ entries: [SyncAuditEntry], after previous: Data) -> [SyncAuditEntry] {
        var last = previous
        return entries.map { entry in
            var line = entry
            line.date = Date(timeIntervalSince1970: Double(milliseconds(entry.date)) / 1000)
            line.action = escaped(entry.action)
            line.address = escaped(entry.address)
            line.clinicianEmail = escaped(entry.clinicianEmail)
            line.previousHash = last
            line.hash = link(previous: last, line)
            last = line.hash ?? last
            return line
        }
    }

    /// Text with its control characters written out: C0 and C1 controls, DEL and the
    /// bidirectional controls become `\u{…}`, and a backslash `\\`, so a title cannot start a
    /// new line, move the cursor or turn the text around where the trail is read.
    static func escaped(_ text: String) -> String {
        // Printable ASCII without a backslash (nearly every line) is already as written.
        if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) && $0 != UInt8(ascii: "\\") }) { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let bidi = (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) || value == 0x200E || value == 0x200F || value == 0x061C
            if value < 0x20 || (0x7F...0x9F).contains(value) || bidi {
                result += "\\u{" + String(value, radix: 16, uppercase: true) + "}"
            } else if scalar == "\\" {
                result += "\\\\"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
