/// Checks and builds the URLs CareKitUI writes into `href`, `src` and `action` attributes.
///
/// Only relative URLs and the schemes `http`, `https`, `mailto`, `tel`, `sms`, `maps`, `geo`
/// and `webcal` (a calendar subscription) are allowed; anything else (`javascript:`, `data:`, `vbscript:`, …) is refused.
public enum OCKSafeURL {
    /// The schemes allowed in links and form actions.
    public static let allowedSchemes: Set<String> = ["http", "https", "mailto", "tel", "sms", "maps", "geo", "webcal"]

    /// The URL with ASCII tabs and line breaks removed (as browsers do), or `nil` when its
    /// scheme is not allowed or it contains other control characters.
    public static func sanitize(_ url: String) -> String? {
        // Fast path: printable ASCII without spaces, the usual case, needs no cleaning.
        if let first = url.utf8.first, let last = url.utf8.last, first != UInt8(ascii: " "), last != UInt8(ascii: " "),
            url.utf8.allSatisfy({ (0x20..<0x7F).contains($0) })
        {
            guard let scheme = scheme(of: url) else { return url }  // relative URL
            return allowedSchemes.contains(scheme) ? url : nil
        }
        var cleaned = ""
        for scalar in url.unicodeScalars {
            if scalar == "\t" || scalar == "\n" || scalar == "\r" { continue }
            if HTMLEscaping.isForbiddenControl(scalar) || scalar.value == 0 { return nil }
            cleaned.unicodeScalars.append(scalar)
        }
        cleaned = cleaned.trimmingASCIIWhitespace()
        guard !cleaned.isEmpty else { return nil }
        guard let scheme = scheme(of: cleaned) else { return cleaned }  // relative URL
        return allowedSchemes.contains(scheme) ? cleaned : nil
    }

    /// Whether the renderer may write `value` into the URL attribute `attribute`. Besides
    /// what ``sanitize(_:)`` accepts, `src` may hold a `data:image/…` URL (images cannot run
    /// scripts).
    static func isAllowedInMarkup(_ value: String, attribute: String) -> Bool {
        if sanitize(value) != nil { return true }
        guard attribute == "src" else { return false }
        return value.trimmingASCIIWhitespace().lowercased().hasPrefix("data:image/")
    }

    /// The lower-cased scheme of an absolute URL, or `nil` for a relative one.
    static func scheme(of url: String) -> String? {
        var scheme = ""
        for scalar in url.unicodeScalars {
            if scalar == ":" { return scheme.isEmpty ? nil : scheme.lowercased() }
            let isAlpha = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            let isOther = ("0"..."9").contains(scalar) || scalar == "+" || scalar == "-" || scalar == "."
            if isAlpha || (!scheme.isEmpty && isOther) {
                scheme.unicodeScalars.append(scalar)
            } else {
                // A `/`, `?` or `#` (or anything else) before any colon: a relative URL.
                return nil
            }
        }
        return nil
    }

    /// A `tel:` URL for a phone number as people write it (`(555) 555-0100`, `+44 20 7946 0958`).
    /// Keeps the digits and a leading `+`; stops at an extension (`x123`, `ext. 4`). `nil` when
    /// there are no digits.
    public static func telephone(_ phoneNumber: String) -> String? {
        dialable(phoneNumber).map { "tel:" + $0 }
    }

    /// An `sms:` URL for a phone number, sanitized like ``telephone(_:)``.
    public static func sms(_ phoneNumber: String) -> String? {
        dialable(phoneNumber).map { "sms:" + $0 }
    }

    /// A `mailto:` URL for one address; `nil` unless it looks like `local@domain`. Characters
    /// that could add headers (`?`, `&`, `%`, spaces) are percent-encoded.
    public static func email(_ address: String) -> String? {
        let trimmed = address.trimmingASCIIWhitespace()
        let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        guard !trimmed.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) else { return nil }
        return "mailto:" + percentEncode(trimmed, keeping: "@.-_+")
    }

    /// A map link for a coordinate; `nil` for coordinates that are not finite or out of range.
    public static func map(latitude: Double, longitude: Double, title: String?) -> String? {
        guard latitude.isFinite, longitude.isFinite,
            (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { return nil }
        let coordinate =
            OCKNumberFormat.decimal(latitude, maximumFractionDigits: 6) + ","
            + OCKNumberFormat.decimal(longitude, maximumFractionDigits: 6)
        var url = "https://maps.apple.com/?ll=" + coordinate
        if let title, !title.isEmpty {
            url += "&q=" + percentEncode(title, keeping: "-_.~")
        }
        return url
    }

    /// A map search link for a postal address.
    public static func map(address: String) -> String? {
        let trimmed = address.trimmingASCIIWhitespace()
        guard !trimmed.isEmpty else { return nil }
        return "https://maps.apple.com/?q=" + percentEncode(trimmed, keeping: "-_.~")
    }

    static func dialable(_ phoneNumber: String) -> String? {
        // "+44 (0)20 …": the "(0)" is the national trunk prefix, not dialled from abroad.
        let trimmed = phoneNumber.trimmingASCIIWhitespace()
        let phoneNumber = trimmed.hasPrefix("+") ? trimmed.replacingAll("(0)", with: "") : trimmed
        var result = ""
        for scalar in phoneNumber.unicodeScalars {
            if ("0"..."9").contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else if scalar == "+", result.isEmpty {
                result = "+"
            } else if ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == ";" || scalar == "," {
                break  // extension or pause: dial the main number
            }
        }
        return result.contains(where: \.isNumber) ? result : nil
    }

    /// Percent-encodes everything except ASCII letters, digits and `keeping`, as UTF-8.
    static func percentEncode(_ string: String, keeping: String) -> String {
        let kept = Set(keeping.unicodeScalars)
        var result = ""
        for byte in string.utf8 {
            let scalar = Unicode.Scalar(byte)
            let isAlnum = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            if byte < 0x80, isAlnum || kept.contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                let hex = Array("0123456789ABCDEF")
                result += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0x0F)])
            }
        }
        return result
    }
}

extension String {
    func trimmingASCIIWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }
        guard let start = firstIndex(where: { !isSpace($0) }),
            let end = lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(self[start...end])
    }
}
