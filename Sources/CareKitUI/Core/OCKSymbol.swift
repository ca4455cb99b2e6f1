/// Built-in line icons, named after the SF Symbols CareKit uses. Drawn as inline SVG in a
/// 24×24 box with `currentColor` strokes, hidden from screen readers.
public enum OCKSymbol: String, Sendable, CaseIterable {
    case checkmark
    case chevronRight = "chevron.right"
    case phone
    case message
    case envelope
    case location
    case safari
    case link
    case plus
    case asterisk
    case exclamationmarkTriangle = "exclamationmark.triangle"
    case person
    case clock
    case info = "info.circle"
    case xmark
    case heart
    case calendar

    /// Path data (24×24 box).
    var pathData: String {
        switch self {
        case .checkmark: return "M5 12.5l4.5 4.5L19 7.5"
        case .chevronRight: return "M9.5 5.5l6.5 6.5-6.5 6.5"
        case .phone:
            return "M6.6 3.5h2.6l1.6 4.3-2.1 1.5a11.5 11.5 0 0 0 6 6l1.5-2.1 4.3 1.6v2.6a2 2 0 0 1-2.1 2A16.6 16.6 0 0 1 4.6 5.6a2 2 0 0 1 2-2.1z"
        case .message:
            return "M5 4.5h14a2 2 0 0 1 2 2v8.5a2 2 0 0 1-2 2h-7l-5 3.5v-3.5H5a2 2 0 0 1-2-2V6.5a2 2 0 0 1 2-2z"
        case .envelope:
            return "M4.5 5.5h15a1.5 1.5 0 0 1 1.5 1.5v10a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17V7a1.5 1.5 0 0 1 1.5-1.5zM3.5 7l8.5 6 8.5-6"
        case .location:
            return "M12 21s-6.5-5.8-6.5-11a6.5 6.5 0 0 1 13 0c0 5.2-6.5 11-6.5 11zM12 7.5a2.3 2.3 0 1 1 0 4.6 2.3 2.3 0 0 1 0-4.6z"
        case .safari:
            return "M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18zM3 12h18M12 3c2.4 2.5 3.6 5.5 3.6 9s-1.2 6.5-3.6 9c-2.4-2.5-3.6-5.5-3.6-9S9.6 5.5 12 3z"
        case .link:
            return "M10 14a4 4 0 0 0 5.7 0l3-3A4 4 0 0 0 13 5.3l-1.3 1.3M14 10a4 4 0 0 0-5.7 0l-3 3A4 4 0 0 0 11 18.7l1.3-1.3"
        case .plus: return "M12 5v14M5 12h14"
        case .asterisk: return "M12 4v16M5.1 8l13.8 8M5.1 16l13.8-8"
        case .exclamationmarkTriangle:
            return "M10.3 4.3a2 2 0 0 1 3.4 0l8 13.7A2 2 0 0 1 20 21H4a2 2 0 0 1-1.7-3zM12 9.5v4.5M12 17.3v.2"
        case .person: return "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4.5 20.5a7.5 7.5 0 0 1 15 0"
        case .clock: return "M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18zM12 7v5l3.5 2"
        case .info: return "M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18zM12 11v6M12 7.6v.2"
        case .xmark: return "M6.5 6.5l11 11M17.5 6.5l-11 11"
        case .heart: return "M12 20s-8-4.8-8-10.3A4.4 4.4 0 0 1 12 7a4.4 4.4 0 0 1 8 2.7C20 15.2 12 20 12 20z"
        case .calendar: return "M5 5.5h14a1 1 0 0 1 1 1V19a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6.5a1 1 0 0 1 1-1zM4 10h16M8.5 3.5v4M15.5 3.5v4"
        }
    }

    /// A symbol's name with its dots as dashes ("chevron.right" → "chevron-right"), for a class.
    private static func dashed(_ name: String) -> String {
        String(decoding: name.utf8.map { $0 == UInt8(ascii: ".") ? UInt8(ascii: "-") : $0 }, as: UTF8.self)
    }

    /// The icon as inline SVG, hidden from assistive technology.
    public func svg(className: String = "ock-icon") -> HTMLNode {
        .element(
            "svg",
            [
                .class(className + " ock-symbol-" + Self.dashed(rawValue)),
                HTMLAttribute("viewBox", "0 0 24 24"),
                HTMLAttribute("fill", "none"),
                HTMLAttribute("stroke", "currentColor"),
                HTMLAttribute("stroke-width", "2"),
                HTMLAttribute("stroke-linecap", "round"),
                HTMLAttribute("stroke-linejoin", "round"),
                .ariaHidden,
                HTMLAttribute("focusable", "false")
            ], [.element("path", [HTMLAttribute("d", pathData)])])
    }
}
