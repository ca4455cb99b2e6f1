import Foundation

/// Days written as text, `YYYY-MM-DD` (ISO 8601's calendar date), in a calendar: how days
/// appear in URLs, on command lines and in file names.
///
/// Reading is strict: exactly four, two and two ASCII digits separated by `-`, naming a day the
/// calendar has. `2026-13-01` and `2025-02-29` are refused rather than rolled over into another
/// day (Foundation's calendar would), and so are `2025-1-9`, ` 2025-01-09`, `2025-01-09T08:00`
/// and digits of other scripts.
public enum OCKDayCodec {
    /// Why a text does not name a day.
    public enum Failure: Error, Hashable, Sendable {
        /// The text is not written `YYYY-MM-DD` in ASCII digits.
        case notYYYYMMDD
        /// The text is written `YYYY-MM-DD`, but the calendar has no such day (month 13, February 30).
        case noSuchDay
    }

    /// The day of `date` in `calendar`, written `YYYY-MM-DD`.
    public static func string(from date: Date, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return padded(parts.year ?? 0, 4) + "-" + padded(parts.month ?? 0, 2) + "-" + padded(parts.day ?? 0, 2)
    }

    /// The start of the day `text` names in `calendar`.
    ///
    /// - Throws: ``Failure/notYYYYMMDD`` or ``Failure/noSuchDay``.
    public static func date(from text: String, calendar: Calendar) throws(Failure) -> Date {
        let bytes = Array(text.utf8)
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes.indices.allSatisfy({ $0 == 4 || $0 == 7 || isDigit(bytes[$0]) })
        else {
            throw .notYYYYMMDD
        }
        let number = { (range: Range<Int>) in bytes[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } }
        let (year, month, day) = (number(0..<4), number(5..<7), number(8..<10))
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day)) else { throw .noSuchDay }
        let back = calendar.dateComponents([.year, .month, .day], from: date)
        guard back.year == year, back.month == month, back.day == day else { throw .noSuchDay }
        return calendar.startOfDay(for: date)
    }

    /// `value` in decimal with leading zeros up to `width` digits.
    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value.magnitude)
        let zeros = String(repeating: "0", count: max(0, width - digits.count))
        return (value < 0 ? "-" : "") + zeros + digits
    }
}
