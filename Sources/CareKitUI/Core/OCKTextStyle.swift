/// Text styles, after UIKit's dynamic type styles.
public enum OCKTextStyle: String, Sendable, CaseIterable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    var className: String {
        switch self {
        case .largeTitle: return "ock-text-large-title"
        case .title1: return "ock-text-title1"
        case .title2: return "ock-text-title2"
        case .title3: return "ock-text-title3"
        case .headline: return "ock-text-headline"
        case .body: return "ock-text-body"
        case .callout: return "ock-text-callout"
        case .subheadline: return "ock-text-subheadline"
        case .footnote: return "ock-text-footnote"
        case .caption1: return "ock-text-caption1"
        case .caption2: return "ock-text-caption2"
        }
    }
}
