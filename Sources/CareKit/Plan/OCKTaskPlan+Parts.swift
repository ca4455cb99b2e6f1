import CareKitStore
import Foundation

extension OCKTaskPlan {

    /// A wall-clock time of day, `HH:MM` on a 24-hour clock, in the plan's calendar.
    public struct TimeOfDay: Hashable, Sendable, Comparable, CustomStringConvertible {
        /// 0…23.
        public let hour: Int
        /// 0…59.
        public let minute: Int

        /// A time; nil when `hour` is not 0…23 or `minute` not 0…59.
        public init?(hour: Int, minute: Int) {
            guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
            self.hour = hour
            self.minute = minute
        }

        /// A time written `H:MM` or `HH:MM` on a 24-hour clock in ASCII digits: `8:00`, `08:00`,
        /// `20:30`. Nothing else is read: not `8am` (which clock?), `8` or `8.30`, and not
        /// `24:00` or `25:00`; nil for those.
        public init?(parsing text: String) {
            let bytes = Array(text.trimmingCharacters(in: .whitespaces).utf8)
            let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
            guard (4...5).contains(bytes.count), bytes[bytes.count - 3] == UInt8(ascii: ":"),
                bytes.indices.allSatisfy({ $0 == bytes.count - 3 || isDigit(bytes[$0]) })
            else { return nil }
            let number = { (range: Range<Int>) in bytes[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } }
            self.init(hour: number(0..<(bytes.count - 3)), minute: number((bytes.count - 2)..<bytes.count))
        }

        /// `08:00`.
        public var description: String {
            (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
        }

        public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
            (lhs.hour, lhs.minute) < (rhs.hour, rhs.minute)
        }
    }

    /// Which days the task happens on, from its first day.
    public enum Repetition: Hashable, Sendable {
        /// Every day.
        case daily
        /// Every week on these weekdays (1 = Sunday … 7 = Saturday, as `Calendar` counts).
        case weekdays(Set<Int>)
        /// Every `n` days from the first day (1 is every day).
        case everyNDays(Int)

        /// The same days said the one way this plan writes them: every weekday is ``daily``,
        /// and so is every 1 day.
        var normalized: Repetition {
            switch self {
            case .weekdays(let days) where days == Set(1...7): return .daily
            case .everyNDays(1): return .daily
            default: return self
            }
        }
    }

    /// A value recorded at each event: its name, its unit, the range it should stay in and, for
    /// a measurement the app does not know, the values it can have at all.
    ///
    /// A measurement the app knows (``CareKitStore/OCKMeasurementKind``: temperature, pulse,
    /// blood pressure, …) takes its possible values from the app's table; blood pressure is
    /// one reading of two numbers, with a target range for each.
    public struct Measurement: Hashable, Sendable {
        /// What is measured, such as "Temperature" (the question the patient answers).
        public var name: String
        /// Its unit, such as °F, or nil.
        public var unit: String?
        /// The range the value should stay within (both ends included), or nil; for a paired
        /// measurement, the first number's (systolic).
        public var range: ClosedRange<Double>?
        /// The target range of a paired measurement's second number (diastolic), or nil.
        public var secondRange: ClosedRange<Double>?
        /// The values that can be recorded at all (the survey question's bounds), or nil: a
        /// known measurement's plausible range applies anyway.
        public var limits: ClosedRange<Double>?
        /// The known measurement this is, when it was chosen as one (else it is recognised
        /// from its name and unit: ``known``).
        public var knownID: String?
        /// The kind of the recorded values when it is not the name's (a task made elsewhere,
        /// whose survey question has its own id).
        public var valueKind: String?

        public init(
            name: String, unit: String? = nil, range: ClosedRange<Double>? = nil, secondRange: ClosedRange<Double>? = nil, limits: ClosedRange<Double>? = nil,
            knownID: String? = nil
        ) {
            self.name = name
            self.unit = unit
            self.range = range
            self.secondRange = secondRange
            self.limits = limits
            self.knownID = knownID
        }

        /// The kind of the recorded values (the survey question's id): the name in lower case,
        /// letters and digits joined by `-`.
        public var kind: String {
            valueKind ?? OCKTaskPlan.slug(name, fallback: "value")
        }

        /// The known measurement: the one chosen, else the one its name and unit say.
        public var known: OCKMeasurementKind? {
            knownID.flatMap(OCKMeasurementKind.init(id:)) ?? OCKMeasurementKind.recognizing(name: name, units: unit)
        }

        /// Whether it is one reading of two numbers (blood pressure).
        public var isPaired: Bool { known?.isPaired == true }
    }

    /// `text` as an identifier: lower-case ASCII letters and digits, runs of anything else as
    /// one `-`; `fallback` when nothing is left.
    static func slug(_ text: String, fallback: String) -> String {
        // Plain ASCII (task ids nearly always are) is read byte by byte; other text may lower
        // into ASCII letters ("K", the Kelvin sign, becomes "k"), so Unicode decides there.
        if let ascii = asciiSlug(text) { return ascii.isEmpty ? fallback : ascii }
        var slug = ""
        for scalar in text.lowercased().unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? fallback : String(slug.prefix(60))
    }

    /// ``slug(_:fallback:)`` of ASCII text without the fallback; nil for any other text.
    private static func asciiSlug(_ text: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(text.utf8.count, 64))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): bytes.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes.append(byte + 32)
            case 0x80...: return nil
            default: if let last = bytes.last, last != UInt8(ascii: "-") { bytes.append(UInt8(ascii: "-")) }
            }
        }
        while bytes.last == UInt8(ascii: "-") { bytes.removeLast() }
        return String(decoding: bytes.prefix(60), as: UTF8.self)
    }
}
