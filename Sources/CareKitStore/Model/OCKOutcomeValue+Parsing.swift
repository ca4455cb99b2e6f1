import Foundation

extension OCKOutcomeValue {
    /// A value from text a person typed (a form field, a command-line argument), by one set of
    /// rules wherever it is typed:
    ///
    /// * Spaces and newlines around the text are dropped.
    /// * `yes`, `no`, `true`, `false` in any case are booleans.
    /// * Digits with an optional sign (`+`, `-` or `−`) are an integer: `3`, `-5`; one too large
    ///   for `Int` is a double.
    /// * Digits with one decimal mark, a point or a comma, are a double: `98.6`, `98,6`, `-.5`.
    ///   A point is always a decimal point. A comma is a decimal comma, except where it could
    ///   just as well group thousands (one to three digits, a comma, exactly three digits:
    ///   `1,234`): that is refused, since 1234 and 1.234 are both likely and a health value
    ///   must not be guessed.
    /// * Anything else is text, trimmed: `feels odd`, `1,234,567`, `1e5`, `nan`.
    ///
    /// The rules never depend on a locale (a Linux server's is not its user's), so the same
    /// text gives the same value on every machine; no grouping separators are read.
    ///
    /// - Throws: ``OCKStoreError/invalidValue(reason:)`` for an ambiguous number such as
    ///   `1,234`, with the two ways to write what was meant.
    public init(parsing text: String, units: String? = nil, kind: String? = nil, createdDate: Date) throws(OCKStoreError) {
        self.init(try Self.parsedValue(text), units: units, kind: kind, createdDate: createdDate)
    }

    /// The value ``init(parsing:units:kind:createdDate:)`` reads from `text`: an `Int`, a
    /// `Double`, a `Bool` or a `String`.
    public static func parsedValue(_ text: String) throws(OCKStoreError) -> any OCKOutcomeValueUnderlyingType {
        let trimmed = westernDigits(text).trimmingCharacters(in: .whitespacesAndNewlines)
        switch trimmed.lowercased() {
        case "yes", "true": return true
        case "no", "false": return false
        default: break
        }
        guard let number = TypedNumber(trimmed) else { return trimmed }
        if number.isAmbiguous {
            let digits = number.whole + number.fraction
            let sign = number.negative ? "-" : ""
            throw .invalidValue(
                reason: loc(
                    "'{text}' could be {whole} or {decimal}: write {whole} for the whole number, or {decimal} with a point for the decimal.",
                    ["text": trimmed, "whole": sign + digits, "decimal": sign + number.whole + "." + number.fraction]))
        }
        let canonical =
            (number.negative ? "-" : "") + (number.whole.isEmpty ? "0" : number.whole)
            + (number.mark == nil ? "" : "." + number.fraction)
        if number.mark == nil, let integer = Int(canonical) { return integer }
        // Digits only: the conversion fails only past Double's range (some 309 digits).
        guard let double = Double(canonical), double.isFinite else { return trimmed }
        return double
    }
}

extension OCKOutcomeValue {
    /// A number and the units typed after it, as a person writes a measurement: "98.6 F",
    /// "37,2 °C", "72", "٣٧٫٢ °C" (Arabic-Indic digits and decimal separator). The number is
    /// read by ``parsedValue(_:)``'s rules; the units are the text after it, trimmed, or nil.
    /// Nil when the text does not start with a number.
    ///
    /// - Throws: ``OCKStoreError/invalidValue(reason:)`` for an ambiguous number (`1,234 kg`).
    public static func parsedMeasurement(_ text: String) throws(OCKStoreError) -> (number: Double, units: String?)? {
        let trimmed = westernDigits(text).trimmingCharacters(in: .whitespacesAndNewlines)
        var end = trimmed.startIndex
        for index in trimmed.indices {
            let character = trimmed[index]
            let signAllowed = index == trimmed.startIndex && (character == "+" || character == "-" || character == "\u{2212}")
            guard signAllowed || (character.isASCII && character.isNumber) || character == "." || character == "," else { break }
            end = trimmed.index(after: index)
        }
        // "37,2 °C" keeps its comma; a trailing mark belongs to no number ("98. F").
        let numberText = String(trimmed[..<end])
        let rest = trimmed[end...].trimmingCharacters(in: .whitespaces)
        let value = try parsedValue(numberText)
        guard let number = (value as? Int).map(Double.init) ?? (value as? Double) else { return nil }
        return (number, rest.isEmpty ? nil : rest)
    }

    /// `text` with Arabic-Indic (٠–٩) and Eastern Arabic-Indic (۰–۹) digits written as 0–9 and
    /// the Arabic decimal separator (٫) as a point, so numbers typed on an Arabic or Persian
    /// keyboard read like any other.
    static func westernDigits(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { (0x0660...0x06F9).contains($0.value) }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0660...0x0669: scalars.append(Unicode.Scalar(UInt8(ascii: "0") + UInt8(scalar.value - 0x0660)))
            case 0x06F0...0x06F9: scalars.append(Unicode.Scalar(UInt8(ascii: "0") + UInt8(scalar.value - 0x06F0)))
            case 0x066B: scalars.append(".")
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}

/// A number as typed: a sign, whole digits, a decimal mark and fraction digits (ASCII only).
private struct TypedNumber {
    var negative = false
    var whole = ""
    var mark: Character?
    var fraction = ""

    /// Nil unless `text` is `[sign] digits [mark digits]` or `[sign] mark digits`.
    init?(_ text: String) {
        var rest = Substring(text)
        if let first = rest.first, first == "+" || first == "-" || first == "\u{2212}" {
            negative = first != "+"
            rest = rest.dropFirst()
        }
        for character in rest {
            if character.isASCII, character.isNumber {
                if mark == nil { whole.append(character) } else { fraction.append(character) }
            } else if (character == "." || character == ","), mark == nil {
                mark = character
            } else {
                return nil
            }
        }
        guard mark == nil ? !whole.isEmpty : !fraction.isEmpty else { return nil }
    }

    /// `1,234` or `-12,500`: a comma where English writes a thousands separator.
    var isAmbiguous: Bool {
        mark == "," && (1...3).contains(whole.count) && whole.first != "0" && fraction.count == 3
    }
}
