import Foundation

/// A language the interface is written in: its code, the locale its dates and numbers follow,
/// its writing direction and its plural rules.
///
/// CareKit ships English, Spanish, German and Arabic. A language made from a tag with a region
/// ("es-MX", "de-AT") keeps the region in its ``locale`` (for dates and numbers) and reads the
/// strings of its language.
public struct OCKLanguage: Sendable, Hashable, CustomStringConvertible {
    /// The language's code: "en", "es", "de" or "ar".
    public let code: String
    /// The locale of dates, times and numbers ("en_US", "es_MX").
    public let locale: Locale

    private init(code: String, localeIdentifier: String) {
        self.code = code
        self.locale = Locale(identifier: localeIdentifier)
    }

    public static let english = OCKLanguage(code: "en", localeIdentifier: "en_US")
    public static let spanish = OCKLanguage(code: "es", localeIdentifier: "es_ES")
    public static let german = OCKLanguage(code: "de", localeIdentifier: "de_DE")
    public static let arabic = OCKLanguage(code: "ar", localeIdentifier: "ar_EG")

    /// Every language the interface is translated into, English first.
    public static let supported: [OCKLanguage] = [.english, .spanish, .german, .arabic]

    /// The language of a tag ("es", "es-MX", "de_AT", "AR"), or nil when it is not one of
    /// ``supported``. A region, when given, is kept for dates and numbers.
    public init?(tag: String) {
        let parts = tag.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "-").split(separator: "-")
        guard let first = parts.first, let base = Self.supported.first(where: { $0.code == first.lowercased() }) else { return nil }
        code = base.code
        if parts.count >= 2, parts[1].count == 2, parts[1].allSatisfy(\.isLetter) {
            locale = Locale(identifier: "\(base.code)_\(parts[1].uppercased())")
        } else {
            locale = base.locale
        }
    }

    /// The tag of the language and region ("en-US", "ar-EG"), for a `lang` attribute or a cookie.
    public var tag: String { locale.identifier.replacingOccurrences(of: "_", with: "-") }

    /// Whether the language is written right to left (Arabic).
    public var isRightToLeft: Bool { code == "ar" }

    /// `"rtl"` or `"ltr"`: the value of an HTML `dir` attribute.
    public var direction: String { isRightToLeft ? "rtl" : "ltr" }

    /// The language's name in itself ("English", "Español", "Deutsch", "العربية"), for a menu
    /// in which each reader finds their own.
    public var nativeName: String {
        switch code {
        case "es": return "Español"
        case "de": return "Deutsch"
        case "ar": return "العربية"
        default: return "English"
        }
    }

    public var description: String { tag }

    /// The best language for an `Accept-Language` header ("de-CH,de;q=0.9,en;q=0.8"): the
    /// supported language with the highest weight (the first listed among equals); nil when
    /// none is acceptable.
    public static func preferred(acceptLanguage header: String) -> OCKLanguage? {
        var best: (language: OCKLanguage, weight: Double)?
        for item in header.split(separator: ",") {
            let fields = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = fields.first, !tag.isEmpty, tag != "*" else { continue }
            var weight = 1.0
            for field in fields.dropFirst() where field.hasPrefix("q=") {
                weight = Double(field.dropFirst(2)) ?? 0
            }
            guard weight > 0, let language = OCKLanguage(tag: tag) else { continue }
            if weight > (best?.weight ?? 0) { best = (language, weight) }
        }
        return best?.language
    }

    // MARK: Plurals

    /// The CLDR plural category of a whole number in this language: "one" and "other" in
    /// English, Spanish and German; "zero", "one", "two", "few", "many" and "other" in Arabic.
    public func pluralCategory(_ count: Int) -> String {
        switch code {
        case "ar":
            let n = count.magnitude
            switch n {
            case 0: return "zero"
            case 1: return "one"
            case 2: return "two"
            default:
                switch n % 100 {
                case 3...10: return "few"
                case 11...99: return "many"
                default: return "other"
                }
            }
        default:
            return count.magnitude == 1 ? "one" : "other"
        }
    }

    /// The plural categories the language's whole numbers fall in (a table that has a
    /// plural string has one form for each).
    public var pluralCategories: [String] {
        code == "ar" ? ["zero", "one", "two", "few", "many", "other"] : ["one", "other"]
    }

    /// The `Plural-Forms` header of the language's gettext catalogs: the rule of
    /// ``pluralCategory(_:)`` in C, numbering the categories in the order of ``pluralCategories``.
    var gettextPluralForms: String {
        code == "ar"
            ? "nplurals=6; plural=(n == 0 ? 0 : n == 1 ? 1 : n == 2 ? 2 : n % 100 >= 3 && n % 100 <= 10 ? 3 : n % 100 >= 11 ? 4 : 5);"
            : "nplurals=2; plural=(n != 1);"
    }

    // MARK: Numbers

    /// A number written for this language's readers: its digits (Arabic-Indic in Arabic), its
    /// decimal separator and its grouping: "1,234.5", "1.234,5", "١٬٢٣٤٫٥".
    public func number(_ value: Double, maximumFractionDigits: Int = 2, minimumFractionDigits: Int = 0) -> String {
        OCKNumberFormatting.decimal(value, locale: locale, maximumFractionDigits: maximumFractionDigits, minimumFractionDigits: minimumFractionDigits)
    }

    /// A whole number for this language's readers ("3", "٣").
    public func number(_ value: Int) -> String { number(Double(value), maximumFractionDigits: 0) }

    /// A percentage of a fraction (`0.5` → "50%", "50 %", "٥٠٪"), rounded to a whole number.
    public func percent(_ fraction: Double) -> String { OCKNumberFormatting.percent(fraction, locale: locale) }
}
