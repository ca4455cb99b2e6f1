import Foundation

/// The bytes of each entity of a push body, as the device sent them: `revisions[i].entities[j]`
/// found by walking the JSON's structure, not by building it as Foundation objects and
/// writing it again (which cost most of a push's time, in dynamic casts and bridging).
///
/// The body has already been decoded as an `OCKSyncPushRequest`, so it is valid JSON; the
/// walk still checks every byte it relies on and gives nil, never a wrong slice, for anything
/// it does not expect (a key written with escapes, a duplicated key), where the caller falls
/// back to Foundation.
final class _PushSlices {
    private let bytes: [UInt8]
    private var index = 0

    /// `revisions[i].entities` as byte ranges of the body, or nil.
    static func entities(in body: Data) -> [[Range<Int>]]? {
        let walker = _PushSlices(bytes: [UInt8](body))
        return walker.root()
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func root() -> [[Range<Int>]]? {
        var revisions: [[Range<Int>]]?
        let walked = object { key in
            guard key == Array("revisions".utf8) else { return skipValue() }
            guard revisions == nil, let found = array({ revisionEntities() }) else { return false }
            revisions = found
            return true
        }
        skipWhitespace()
        guard walked, index == bytes.count else { return nil }
        return revisions
    }

    private func revisionEntities() -> [Range<Int>]? {
        var entities: [Range<Int>]?
        let walked = object { key in
            guard key == Array("entities".utf8) else { return skipValue() }
            guard entities == nil,
                let found = array({ () -> Range<Int>? in
                    skipWhitespace()
                    let start = index
                    return skipValue() ? start..<index : nil
                })
            else { return false }
            entities = found
            return true
        }
        return walked ? entities : nil
    }

    // MARK: Walking

    private func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// An object's members, each key given to `member`, which walks the value.
    private func object(_ member: (_ key: [UInt8]) -> Bool) -> Bool {
        guard consume(UInt8(ascii: "{")) else { return false }
        if consume(UInt8(ascii: "}")) { return true }
        repeat {
            skipWhitespace()
            guard let key = plainString(), consume(UInt8(ascii: ":")), member(key) else { return false }
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "}"))
    }

    /// An array's elements, each walked by `element`.
    private func array<T>(_ element: () -> T?) -> [T]? {
        guard consume(UInt8(ascii: "[")) else { return nil }
        var result: [T] = []
        if consume(UInt8(ascii: "]")) { return result }
        repeat {
            guard let value = element() else { return nil }
            result.append(value)
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "]")) ? result : nil
    }

    /// A string without escapes (keys), or nil.
    private func plainString() -> [UInt8]? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        let start = index + 1
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
            if bytes[end] == UInt8(ascii: "\\") { return nil }
            end += 1
        }
        guard end < bytes.count else { return nil }
        index = end + 1
        return Array(bytes[start..<end])
    }

    /// Steps over one value of any kind.
    private func skipValue() -> Bool {
        skipWhitespace()
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            return object { _ in skipValue() }
        case UInt8(ascii: "["):
            return array({ skipValue() ? true : nil }) != nil
        case UInt8(ascii: "\""):
            index += 1
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\\"): index += 2
                case UInt8(ascii: "\""):
                    index += 1
                    return true
                default: index += 1
                }
            }
            return false
        default:
            // A number, true, false or null: up to the next delimiter.
            let start = index
            while index < bytes.count, !",}] \t\r\n".utf8.contains(bytes[index]) { index += 1 }
            return index > start
        }
    }
}
