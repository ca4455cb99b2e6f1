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
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
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
                reason:
                    "'\(trimmed)' could be \(sign)\(digits) or \(sign)\(number.whole).\(number.fraction): write \(sign)\(digits) for the whole number, or \(sign)\(number.whole).\(number.fraction) with a point for the decimal."
            )
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
