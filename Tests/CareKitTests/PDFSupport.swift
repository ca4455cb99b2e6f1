import CareKitTestSupport
import Foundation

/// Dates in New York, never the machine's clock.
enum TestDates {
    static let newYork = TimeZone(identifier: "America/New_York") ?? .gmt

    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = newYork
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }

    /// "2025-01-10" or "2025-01-10 08:30" in New York.
    static func date(_ text: String) -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = newYork
        formatter.dateFormat = text.count > 10 ? "yyyy-MM-dd HH:mm" : "yyyy-MM-dd"
        return formatter.date(from: text) ?? Date(timeIntervalSince1970: 0)
    }
}

/// Whether fontconfig knows a font with Chinese glyphs (fonts-wqy-microhei or fonts-noto-cjk).
let hasCJKFont: Bool = {
    guard let path = try? Poppler.path(of: "fc-list") else { return false }
    let output = (try? Subprocess.runBlocking(path, [":lang=zh", "family"]).output) ?? ""
    return !output.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
}()
