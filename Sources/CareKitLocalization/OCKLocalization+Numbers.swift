/// Numbers people read, in the current language (``OCKLocalization/language``).
///
/// English keeps the locale-independent forms of ``OCKNumberFormat`` ("1234.5", "50%"), so
/// English text reads as it always has; Spanish, German and Arabic readers get their own digits,
/// separators and grouping ("1.234,5", "٥٠٪"). Numbers in markup (coordinates, CSS, form
/// values read back) use ``OCKNumberFormat`` directly.
extension OCKLocalization {
    /// `value` with at most `maximumFractionDigits` decimals, for reading.
    public static func number(_ value: Double, maximumFractionDigits: Int = 2) -> String {
        let current = language
        guard current.code != "en" else { return OCKNumberFormat.decimal(value, maximumFractionDigits: maximumFractionDigits) }
        return current.number(value, maximumFractionDigits: maximumFractionDigits)
    }

    /// A whole number, for reading ("12", "١٢").
    public static func number(_ value: Int) -> String {
        language.code == "en" ? String(value) : language.number(value)
    }

    /// A percentage of a fraction, rounded to a whole number ("50%", "50 %", "٥٠٪").
    public static func percent(_ fraction: Double) -> String {
        let current = language
        return current.code == "en" ? OCKNumberFormat.percent(fraction) : current.percent(fraction)
    }
}

extension OCKLocalization {
    /// A number with every digit it has, for reading ("98.6", "98,6", "٩٨٫٦"): English keeps
    /// ``OCKNumberFormat/plain(_:)``.
    public static func plainNumber(_ value: Double) -> String {
        let current = language
        return current.code == "en" ? OCKNumberFormat.plain(value) : current.number(value, maximumFractionDigits: 9)
    }
}

extension OCKLocalization {
    /// A short axis label (``OCKNumberFormat/compact(_:)``: "950", "1.5K") in the current
    /// language's digits and decimal separator ("1,5K", "١٫٥K"); English keeps it as it is.
    public static func compact(_ value: Double) -> String {
        let text = OCKNumberFormat.compact(value)
        let current = language
        guard current.code != "en" else { return text }
        let separator = current.locale.decimalSeparator ?? "."
        var result = ""
        for character in text {
            if character.isASCII, let digit = character.wholeNumberValue {
                result += current.number(digit)
            } else if character == "." {
                result += separator
            } else {
                result.append(character)
            }
        }
        return result
    }
}
