/// Locale-independent number formatting for markup (coordinates, CSS) and chart labels.
///
/// Output never depends on the machine's locale, so rendering is deterministic.
public enum OCKNumberFormat {
    /// `v` with at most `maximumFractionDigits` decimals, `.` as separator, no grouping and
    /// no trailing zeros: `12.5`, `-3`, `0.25`. Not-a-number and infinities give `"NaN"`,
    /// `"∞"` and `"-∞"`.
    public static func decimal(_ value: Double, maximumFractionDigits: Int = 2) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value < 0 ? "-∞" : "∞") }
        let digits = max(0, min(maximumFractionDigits, 9))
        var power = 1.0
        for _ in 0..<digits { power *= 10 }
        let scaled = (value * power).rounded()
        guard scaled.magnitude < 9.0e15 else {
            return scientific(value)
        }
        let integer = Int64(scaled)
        let negative = integer < 0
        let magnitude = integer.magnitude
        let divisor = UInt64(power)
        let whole = magnitude / divisor
        var text = String(whole)
        var fraction = magnitude % divisor
        if digits > 0, fraction != 0 {
            // The fraction's digits, leading zeros kept and trailing ones dropped.
            var bytes = [UInt8](repeating: UInt8(ascii: "0"), count: digits)
            var index = digits - 1
            while fraction > 0, index >= 0 {
                bytes[index] = UInt8(ascii: "0") + UInt8(fraction % 10)
                fraction /= 10
                index -= 1
            }
            while bytes.last == UInt8(ascii: "0") { bytes.removeLast() }
            text += "." + String(decoding: bytes, as: UTF8.self)
        }
        return (negative && text != "0" ? "-" : "") + text
    }

    /// A short label for an axis: `950`, `1.5K`, `2M`, `3.2B`, `1.1T`, then `1.2e15`.
    public static func compact(_ value: Double) -> String {
        guard value.isFinite else { return decimal(value) }
        let magnitude = value.magnitude
        let units: [(Double, String)] = [(1e12, "T"), (1e9, "B"), (1e6, "M"), (1e3, "K")]
        if magnitude >= 1e15 { return scientific(value) }
        for (size, suffix) in units where magnitude >= size {
            return decimal(value / size, maximumFractionDigits: 1) + suffix
        }
        if magnitude >= 100 { return decimal(value, maximumFractionDigits: 0) }
        if magnitude >= 1 || magnitude == 0 { return decimal(value, maximumFractionDigits: 2) }
        if magnitude >= 0.001 { return decimal(value, maximumFractionDigits: 3) }
        return scientific(value)
    }

    /// `1.2e15`, `-3e-7`: one or two significant decimals and an exponent.
    public static func scientific(_ value: Double) -> String {
        guard value.isFinite, value != 0 else { return decimal(value) }
        var exponent = 0
        var mantissa = value.magnitude
        while mantissa >= 10 { mantissa /= 10; exponent += 1 }
        while mantissa < 1 { mantissa *= 10; exponent -= 1 }
        if decimal(mantissa, maximumFractionDigits: 1) == "10" { mantissa = 1; exponent += 1 }
        return (value < 0 ? "-" : "") + decimal(mantissa, maximumFractionDigits: 1) + "e" + String(exponent)
    }

    /// A number as people write it, every digit it has and no exponent below 10¹⁵: "72",
    /// "98.6", "-0.25"; integral values without a fraction.
    public static func plain(_ number: Double) -> String {
        number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }

    /// A percentage of a fraction (`0.5` → `50%`), rounded to a whole number.
    public static func percent(_ fraction: Double) -> String {
        guard fraction.isFinite else { return "0%" }
        return decimal(fraction * 100, maximumFractionDigits: 0) + "%"
    }
}
