import Foundation

/// The bytes of each entity of a push body, as the device sent them: `revisions[i].entities[j]`
/// found by walking the JSON's structure, not by building it as Foundation objects and
/// writing it again (which cost most of a push's time, in dynamic casts and bridging).
///
/// The walk also finds what Foundation's decoders let through: a key given twice in one object
/// (JSONDecoder and JSONSerialization silently keep one of them, so the JSON kept would not be
/// the entity decoded) and the longest `processes` list (a knowledge vector), so that a body
/// with a vector of 100,000 processes is refused before it is decoded. Keys written with
/// escapes are compared by what they say.
///
/// It gives nil, never a wrong slice, for anything it does not expect; the caller falls back to
/// Foundation.
final class _PushSlices {
    private let bytes: [UInt8]
    private var index = 0
    /// The first key found twice in one object, as text.
    private(set) var duplicateKey: String?
    /// The most elements of any array under a `processes` key.
    private(set) var largestVector = 0

    /// What a body's walk found.
    struct Reading {
        /// `revisions[i].entities` as byte ranges of the body, or nil (no `revisions`, or a
        /// body the walk cannot follow).
        var entities: [[Range<Int>]]?
        /// The first key given twice in one object, anywhere in the body.
        var duplicateKey: String?
        /// The most processes of any knowledge vector in the body.
        var largestVector: Int
    }

    /// `revisions[i].entities` as byte ranges of the body, or nil.
    static func entities(in body: Data) -> [[Range<Int>]]? {
        read(body).entities
    }

    /// Walks a push (or pull) body once; a vector of more than `processLimit` processes ends
    /// the walk (``Reading/largestVector`` is then larger than the limit).
    static func read(_ body: Data, processLimit: Int = .max) -> Reading {
        let walker = _PushSlices(bytes: [UInt8](body), processLimit: processLimit)
        let entities = walker.root()
        return Reading(entities: walker.duplicateKey == nil ? entities : nil, duplicateKey: walker.duplicateKey, largestVector: walker.largestVector)
    }

    private let processLimit: Int

    private init(bytes: [UInt8], processLimit: Int = .max) {
        self.bytes = bytes
        self.processLimit = processLimit
    }

    private func root() -> [[Range<Int>]]? {
        var revisions: [[Range<Int>]]?
        let walked = object { key in
            guard key == Array("revisions".utf8) else { return skipValue(key: key) }
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
            guard key == Array("entities".utf8) else { return skipValue(key: key) }
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

    private static let processesKey = Array("processes".utf8)

    private func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// An object's members, each key given to `member`, which walks the value. A key given
    /// twice ends the walk (``duplicateKey``).
    private func object(_ member: (_ key: [UInt8]) -> Bool) -> Bool {
        guard consume(UInt8(ascii: "{")) else { return false }
        if consume(UInt8(ascii: "}")) { return true }
        var keys = Set<[UInt8]>()
        repeat {
            skipWhitespace()
            guard let key = keyString() else { return false }
            guard keys.insert(key).inserted else {
                if duplicateKey == nil { duplicateKey = String(decoding: key, as: UTF8.self) }
                return false
            }
            guard consume(UInt8(ascii: ":")), member(key) else { return false }
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

    /// A key's text with its escapes decoded (UTF-8), or nil.
    private func keyString() -> [UInt8]? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        var end = index + 1
        var text: [UInt8] = []
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                index = end + 1
                return text
            }
            guard byte == UInt8(ascii: "\\") else {
                text.append(byte)
                end += 1
                continue
            }
            guard end + 1 < bytes.count else { return nil }
            let escape = bytes[end + 1]
            end += 2
            switch escape {
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "u"):
                guard var scalar = hex4(at: end) else { return nil }
                end += 4
                if (0xD800..<0xDC00).contains(scalar), end + 6 <= bytes.count, bytes[end] == UInt8(ascii: "\\"), bytes[end + 1] == UInt8(ascii: "u"),
                    let low = hex4(at: end + 2), (0xDC00..<0xE000).contains(low)
                {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    end += 6
                }
                // A lone surrogate is kept as its escape, so that it still compares exactly.
                if let decoded = Unicode.Scalar(scalar) {
                    text += Array(String(Character(decoded)).utf8)
                } else {
                    text += Array("\\u\(String(scalar, radix: 16))".utf8)
                }
            default: text.append(escape)
            }
        }
        return nil
    }

    private func hex4(at position: Int) -> UInt32? {
        guard position + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[position..<(position + 4)] {
            guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Steps over one value of any kind (the value of `key`, when it is a member's).
    private func skipValue(key: [UInt8]? = nil) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            return object { key in skipValue(key: key) }
        case UInt8(ascii: "["):
            guard key == Self.processesKey else { return array({ skipValue() ? true : nil }) != nil }
            // A vector: counted as it is walked, and the walk ends as soon as it is too long.
            var count = 0
            let walked = array { () -> Bool? in
                count += 1
                guard count <= processLimit else { return nil }
                return skipValue() ? true : nil
            }
            largestVector = max(largestVector, count)
            return walked != nil
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
