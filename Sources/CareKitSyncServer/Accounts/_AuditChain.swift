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

/// What `carekit sync-server audit verify` found.
public struct SyncAuditVerification: Hashable, Sendable {
    /// The first line whose link is broken.
    public struct Break: Hashable, Sendable {
        /// The line's number.
        public var id: Int64
        /// Whether its own hash still matches its content, so that a line before it was
        /// changed, removed or inserted (else this line itself was changed).
        public var previousChanged: Bool
    }

    /// How many lines were checked (before the break, if any).
    public var count: Int
    /// The last good line's hash (hex): note it somewhere else to notice lines cut from the end.
    public var head: String
    /// The first broken link; nil when every link holds.
    public var firstBroken: Break?
}

extension SyncStorage {
    /// Walks the whole trail in order, a page at a time, and checks each link.
    public func verifyAudit() throws -> SyncAuditVerification {
        var previous = _AuditChain.genesis
        var count = 0
        var after: Int64 = 0
        var lastID: Int64 = 0
        while true {
            let page = try auditEntries(after: after, limit: 1_000)
            guard !page.isEmpty else { break }
            for entry in page {
                let id = entry.id ?? 0
                let stored = entry.hash ?? Data()
                if entry.id == nil || id <= lastID || stored != _AuditChain.link(previous: previous, entry) {
                    // Its own hash over the previous hash it names: the line is as written, so the break is before it.
                    let selfConsistent = entry.previousHash.map { stored == _AuditChain.link(previous: $0, entry) && $0 != previous } ?? false
                    return SyncAuditVerification(count: count, head: _Hex.string(previous), firstBroken: .init(id: id, previousChanged: selfConsistent))
                }
                previous = stored
                lastID = id
                count += 1
            }
            after = lastID
        }
        return SyncAuditVerification(count: count, head: _Hex.string(previous), firstBroken: nil)
    }
}

enum _Hex {
    static func string(_ data: Data) -> String { data.map { String(format: "%02x", $0) }.joined() }
}
