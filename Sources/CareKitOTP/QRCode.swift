/// A QR code (ISO/IEC 18004, model 2) of a text in byte mode, versions 1 to 40, drawn as SVG.
///
/// It exists so that an enrollment page can show an `otpauth://` URI as a code an authenticator
/// app scans, without a third-party library and without sending the secret to a QR service.
/// The text is encoded as UTF-8 bytes; the smallest version that holds it at the requested error
/// correction is chosen, and of the eight masks the one with the lowest penalty (the standard's
/// four rules).
package struct QRCode: Sendable, Equatable {
    /// How much of the code may be damaged and still read: about 7 %, 15 %, 25 % or 30 %.
    package enum ErrorCorrection: Sendable, CaseIterable {
        case low, medium, quartile, high

        /// The two bits the format information carries for the level.
        var formatBits: Int {
            switch self {
            case .low: 1
            case .medium: 0
            case .quartile: 3
            case .high: 2
            }
        }

        var tableRow: Int {
            switch self {
            case .low: 0
            case .medium: 1
            case .quartile: 2
            case .high: 3
            }
        }
    }

    /// Why a text could not be encoded.
    package enum EncodingError: Error, Equatable, CustomStringConvertible {
        /// The text is longer than the largest code (version 40) holds at this level.
        case tooLong(bytes: Int, capacity: Int)

        package var description: String {
            switch self {
            case .tooLong(let bytes, let capacity):
                "The text is \(bytes) bytes long; a QR code holds at most \(capacity) at this error correction."
            }
        }
    }

    /// The version (1 to 40): the code is 17 + 4 × version modules wide.
    package let version: Int
    package let correction: ErrorCorrection
    /// The mask (0 to 7) that was applied.
    package let mask: Int
    /// Modules wide and high, without the quiet zone.
    package let size: Int
    /// Row-major: `modules[y * size + x]` is true for a dark module.
    package let modules: [Bool]

    /// Encodes a text; throws ``EncodingError/tooLong(bytes:capacity:)`` when no version holds it.
    package init(text: String, correction: ErrorCorrection = .medium) throws {
        try self.init(bytes: Array(text.utf8), correction: correction)
    }

    package init(bytes: [UInt8], correction: ErrorCorrection = .medium) throws {
        guard let version = (1...40).first(where: { Self.byteCapacity(version: $0, correction: correction) >= bytes.count }) else {
            throw EncodingError.tooLong(bytes: bytes.count, capacity: Self.byteCapacity(version: 40, correction: correction))
        }
        let codewords = Self.codewords(bytes, version: version, correction: correction)
        var grid = _QRGrid(version: version)
        grid.drawFunctionPatterns()
        grid.place(codewords)
        var best = (mask: 0, penalty: Int.max, modules: grid.dark)
        for mask in 0..<8 {
            var candidate = grid
            candidate.apply(mask: mask)
            candidate.drawFormat(correction: correction, mask: mask)
            let penalty = candidate.penalty()
            if penalty < best.penalty { best = (mask, penalty, candidate.dark) }
        }
        self.version = version
        self.correction = correction
        self.mask = best.mask
        self.size = grid.size
        self.modules = best.modules
    }

    /// Whether the module at column `x`, row `y` is dark; outside the code (the quiet zone) is light.
    package func isDark(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < size, y < size else { return false }
        return modules[y * size + x]
    }

    /// How many bytes a version holds at a level in byte mode.
    package static func byteCapacity(version: Int, correction: ErrorCorrection) -> Int {
        let countBits = version < 10 ? 8 : 16
        return (dataCodewords(version: version, correction: correction) * 8 - 4 - countBits) / 8
    }

    /// An SVG image of the code with a 4-module quiet zone, dark on white, for a page to embed.
    /// `label` names it for a screen reader (it is escaped).
    package func svg(label: String, moduleSize: Int = 4) -> String {
        let quiet = 4
        let side = size + 2 * quiet
        let pixels = side * max(1, moduleSize)
        var path = ""
        for y in 0..<size {
            var x = 0
            while x < size {
                guard isDark(x: x, y: y) else {
                    x += 1
                    continue
                }
                var run = 1
                while isDark(x: x + run, y: y) { run += 1 }
                path += "M\(x + quiet) \(y + quiet)h\(run)v1h-\(run)z"
                x += run
            }
        }
        let title = Self.escape(label)
        return """
            <svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="\(title)" width="\(pixels)" height="\(pixels)" \
            viewBox="0 0 \(side) \(side)" shape-rendering="crispEdges"><title>\(title)</title>\
            <rect width="\(side)" height="\(side)" fill="#fff"/><path fill="#000" d="\(path)"/></svg>
            """
    }

    private static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    // MARK: Codewords

    /// The data bits (mode, count, bytes, terminator, padding) split into blocks, each followed by
    /// its Reed–Solomon check bytes, interleaved as the standard places them.
    static func codewords(_ bytes: [UInt8], version: Int, correction: ErrorCorrection) -> [UInt8] {
        var bits = _QRBits()
        bits.append(0b0100, count: 4)
        bits.append(bytes.count, count: version < 10 ? 8 : 16)
        for byte in bytes { bits.append(Int(byte), count: 8) }
        let capacity = dataCodewords(version: version, correction: correction) * 8
        bits.append(0, count: min(4, capacity - bits.count))
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var data = bits.bytes
        var pad: UInt8 = 0xEC
        while data.count < capacity / 8 {
            data.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }

        let blockCount = Self.blocks[correction.tableRow][version]
        let checkLength = Self.checkBytesPerBlock[correction.tableRow][version]
        let total = totalCodewords(version: version)
        let shortBlocks = blockCount - total % blockCount
        let shortDataLength = total / blockCount - checkLength
        let generator = _ReedSolomon.generator(degree: checkLength)
        var dataBlocks: [[UInt8]] = []
        var checkBlocks: [[UInt8]] = []
        var offset = 0
        for index in 0..<blockCount {
            let length = shortDataLength + (index < shortBlocks ? 0 : 1)
            let block = Array(data[offset..<offset + length])
            offset += length
            dataBlocks.append(block)
            checkBlocks.append(_ReedSolomon.remainder(of: block, generator: generator))
        }
        var result: [UInt8] = []
        result.reserveCapacity(total)
        for column in 0...shortDataLength {
            for block in dataBlocks where column < block.count { result.append(block[column]) }
        }
        for column in 0..<checkLength {
            for block in checkBlocks { result.append(block[column]) }
        }
        return result
    }

    /// Modules left for data and check bytes once the function patterns are drawn, in bytes.
    static func totalCodewords(version: Int) -> Int {
        var modules = (16 * version + 128) * version + 64
        if version >= 2 {
            let alignments = version / 7 + 2
            modules -= (25 * alignments - 10) * alignments - 55
            if version >= 7 { modules -= 36 }
        }
        return modules / 8
    }

    static func dataCodewords(version: Int, correction: ErrorCorrection) -> Int {
        totalCodewords(version: version) - checkBytesPerBlock[correction.tableRow][version] * blocks[correction.tableRow][version]
    }

    /// Check bytes per block, by level (L, M, Q, H) and version (index 0 unused): ISO 18004 table 9.
    static let checkBytesPerBlock: [[Int]] = [
        [0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
        [0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30]
    ]

    /// Blocks the codewords are split into, by level and version: ISO 18004 table 9.
    static let blocks: [[Int]] = [
        [0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
        [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
        [0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
        [0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81]
    ]
}

/// A growing string of bits, most significant first.
private struct _QRBits {
    private(set) var bytes: [UInt8] = []
    private(set) var count = 0

    mutating func append(_ value: Int, count length: Int) {
        guard length > 0 else { return }
        for shift in stride(from: length - 1, through: 0, by: -1) {
            if count % 8 == 0 { bytes.append(0) }
            if (value >> shift) & 1 == 1 { bytes[count / 8] |= 0x80 >> UInt8(count % 8) }
            count += 1
        }
    }
}

/// Reed–Solomon check bytes over GF(2⁸) with the QR polynomial x⁸ + x⁴ + x³ + x² + 1.
private enum _ReedSolomon {
    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        var product = 0
        var x = Int(a)
        var y = Int(b)
        while y > 0 {
            if y & 1 == 1 { product ^= x }
            x <<= 1
            if x & 0x100 != 0 { x ^= 0x11D }
            y >>= 1
        }
        return UInt8(product)
    }

    /// The coefficients (highest power first, leading 1 dropped) of ∏ (x − αⁱ) for i < degree.
    static func generator(degree: Int) -> [UInt8] {
        var coefficients = [UInt8](repeating: 0, count: degree)
        coefficients[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            for index in 0..<degree {
                coefficients[index] = multiply(coefficients[index], root)
                if index + 1 < degree { coefficients[index] ^= coefficients[index + 1] }
            }
            root = multiply(root, 2)
        }
        return coefficients
    }

    static func remainder(of data: [UInt8], generator: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: generator.count)
        for byte in data {
            let factor = byte ^ result[0]
            result.removeFirst()
            result.append(0)
            for index in 0..<result.count { result[index] ^= multiply(generator[index], factor) }
        }
        return result
    }
}

/// The module grid while a code is drawn: which modules are dark, and which belong to function
/// patterns (finders, timing, alignment, format and version information) and so take no data.
private struct _QRGrid {
    let version: Int
    let size: Int
    var dark: [Bool]
    var reserved: [Bool]

    init(version: Int) {
        self.version = version
        self.size = 17 + 4 * version
        self.dark = Array(repeating: false, count: size * size)
        self.reserved = Array(repeating: false, count: size * size)
    }

    mutating func set(_ x: Int, _ y: Int, _ isDark: Bool) {
        dark[y * size + x] = isDark
        reserved[y * size + x] = true
    }

    mutating func drawFunctionPatterns() {
        for index in 0..<size {
            set(6, index, index % 2 == 0)
            set(index, 6, index % 2 == 0)
        }
        drawFinder(centerX: 3, centerY: 3)
        drawFinder(centerX: size - 4, centerY: 3)
        drawFinder(centerX: 3, centerY: size - 4)
        let centers = alignmentCenters()
        for cy in centers {
            for cx in centers {
                let overlapsFinder = (cx == 6 && cy == 6) || (cx == 6 && cy == size - 7) || (cx == size - 7 && cy == 6)
                if !overlapsFinder { drawAlignment(centerX: cx, centerY: cy) }
            }
        }
        // Reserve the format areas now; their bits are drawn once the mask is known.
        drawFormat(correction: .medium, mask: 0)
        drawVersion()
    }

    private mutating func drawFinder(centerX: Int, centerY: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let x = centerX + dx
                let y = centerY + dy
                guard x >= 0, y >= 0, x < size, y < size else { continue }
                let ring = max(abs(dx), abs(dy))
                set(x, y, ring != 2 && ring != 4)
            }
        }
    }

    private mutating func drawAlignment(centerX: Int, centerY: Int) {
        for dy in -2...2 {
            for dx in -2...2 { set(centerX + dx, centerY + dy, max(abs(dx), abs(dy)) != 1) }
        }
    }

    /// Row and column centres of the alignment patterns (ISO 18004 annex E).
    private func alignmentCenters() -> [Int] {
        guard version >= 2 else { return [] }
        let count = version / 7 + 2
        let step = version == 32 ? 26 : (version * 4 + count * 2 + 1) / (count * 2 - 2) * 2
        var centers = [6]
        var position = size - 7
        var tail: [Int] = []
        for _ in 0..<(count - 1) {
            tail.insert(position, at: 0)
            position -= step
        }
        centers += tail
        return centers
    }

    /// The 15 format bits (level, mask, BCH check, XOR 0x5412) in both copies, and the dark module.
    mutating func drawFormat(correction: QRCode.ErrorCorrection, mask: Int) {
        let data = correction.formatBits << 3 | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        let bits = (data << 10 | remainder) ^ 0x5412
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        for index in 0..<6 { set(8, index, bit(index)) }
        set(8, 7, bit(6))
        set(8, 8, bit(7))
        set(7, 8, bit(8))
        for index in 9..<15 { set(14 - index, 8, bit(index)) }
        for index in 0..<8 { set(size - 1 - index, 8, bit(index)) }
        for index in 8..<15 { set(8, size - 15 + index, bit(index)) }
        set(8, size - 8, true)
    }

    /// The 18 version bits (version, BCH check) in both corners, from version 7.
    private mutating func drawVersion() {
        guard version >= 7 else { return }
        var remainder = version
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        let bits = version << 12 | remainder
        for index in 0..<18 {
            let isDark = (bits >> index) & 1 == 1
            let a = size - 11 + index % 3
            let b = index / 3
            set(a, b, isDark)
            set(b, a, isDark)
        }
    }

    /// Places the codewords in the two-column zigzag from the bottom right, skipping the timing column.
    mutating func place(_ codewords: [UInt8]) {
        var bitIndex = 0
        let totalBits = codewords.count * 8
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            let upward = (right + 1) & 2 == 0
            for step in 0..<size {
                let y = upward ? size - 1 - step : step
                for column in 0..<2 {
                    let x = right - column
                    guard !reserved[y * size + x], bitIndex < totalBits else { continue }
                    dark[y * size + x] = (codewords[bitIndex / 8] >> (7 - UInt8(bitIndex % 8))) & 1 == 1
                    bitIndex += 1
                }
            }
            right -= 2
        }
    }

    mutating func apply(mask: Int) {
        for y in 0..<size {
            for x in 0..<size where !reserved[y * size + x] {
                let flip: Bool
                switch mask {
                case 0: flip = (x + y) % 2 == 0
                case 1: flip = y % 2 == 0
                case 2: flip = x % 3 == 0
                case 3: flip = (x + y) % 3 == 0
                case 4: flip = (x / 3 + y / 2) % 2 == 0
                case 5: flip = x * y % 2 + x * y % 3 == 0
                case 6: flip = (x * y % 2 + x * y % 3) % 2 == 0
                default: flip = ((x + y) % 2 + x * y % 3) % 2 == 0
                }
                if flip { dark[y * size + x].toggle() }
            }
        }
    }

    /// The standard's penalty: long runs, 2×2 blocks, finder-like patterns, and imbalance of dark.
    func penalty() -> Int {
        var score = 0
        func at(_ x: Int, _ y: Int, _ rows: Bool) -> Bool { rows ? dark[y * size + x] : dark[x * size + y] }
        let finderLike: [Bool] = [true, false, true, true, true, false, true, false, false, false, false]
        for rows in [true, false] {
            for line in 0..<size {
                var run = 1
                for index in 1..<size {
                    if at(index, line, rows) == at(index - 1, line, rows) {
                        run += 1
                    } else {
                        if run >= 5 { score += run - 2 }
                        run = 1
                    }
                }
                if run >= 5 { score += run - 2 }
                for start in 0...(size - finderLike.count) {
                    var forward = true
                    var backward = true
                    for offset in 0..<finderLike.count {
                        let value = at(start + offset, line, rows)
                        if value != finderLike[offset] { forward = false }
                        if value != finderLike[finderLike.count - 1 - offset] { backward = false }
                    }
                    if forward { score += 40 }
                    if backward { score += 40 }
                }
            }
        }
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let value = dark[y * size + x]
                if value == dark[y * size + x + 1], value == dark[(y + 1) * size + x], value == dark[(y + 1) * size + x + 1] { score += 3 }
            }
        }
        let darkCount = dark.lazy.filter { $0 }.count
        let total = size * size
        let deviation = abs(darkCount * 20 - total * 10)
        score += max(0, (deviation + total - 1) / total - 1) * 10
        return score
    }
}
