import Foundation

/// A link shown by ``OCKLinkView``, as in CareKit's `LinkItem`.
public enum OCKLinkItem: Hashable, Sendable {
    /// Any URL, with a title and an SF Symbols name for the icon.
    case url(URL, title: String, symbol: String)
    /// A web site (`"https://www.apple.com"`; `www.apple.com` gets `https://`).
    case website(String, title: String)
    /// An App Store app, by id.
    case appStore(id: String, title: String)
    /// A place, by latitude and longitude (decimal degrees, as text like CareKit).
    case location(String, String, title: String)
    /// A phone call.
    case call(phoneNumber: String, title: String)
    /// A text message.
    case message(phoneNumber: String, title: String)
    /// An e-mail.
    case email(recipient: String, title: String)

    /// The visible title.
    public var title: String {
        switch self {
        case .url(_, let title, _), .website(_, let title), .appStore(_, let title),
            .location(_, _, let title), .call(_, let title), .message(_, let title), .email(_, let title):
            return title
        }
    }

    /// The icon.
    public var symbol: OCKSymbol {
        switch self {
        case .url(_, _, let name): return OCKSymbol(rawValue: name) ?? .link
        case .website: return .safari
        case .appStore: return .link
        case .location: return .location
        case .call: return .phone
        case .message: return .message
        case .email: return .envelope
        }
    }

    /// The `href`, or `nil` when the link cannot be made safely (a `javascript:` URL, a phone
    /// number without digits, a malformed coordinate or address).
    public var href: String? {
        switch self {
        case .url(let url, _, _):
            return OCKSafeURL.sanitize(url.absoluteString)
        case .website(let site, _):
            let trimmed = site.trimmingASCIIWhitespace()
            let withScheme = OCKSafeURL.scheme(of: trimmed) == nil && !trimmed.hasPrefix("/") ? "https://" + trimmed : trimmed
            guard let scheme = OCKSafeURL.scheme(of: withScheme), scheme == "http" || scheme == "https" else { return nil }
            return OCKSafeURL.sanitize(withScheme)
        case .appStore(let id, _):
            let digits = id.filter(\.isASCII).filter(\.isNumber)
            guard !digits.isEmpty else { return nil }
            return "https://apps.apple.com/app/id" + digits
        case .location(let latitude, let longitude, let title):
            guard let lat = Double(latitude.trimmingASCIIWhitespace()),
                let lon = Double(longitude.trimmingASCIIWhitespace())
            else { return nil }
            return OCKSafeURL.map(latitude: lat, longitude: lon, title: title)
        case .call(let number, _):
            return OCKSafeURL.telephone(number)
        case .message(let number, _):
            return OCKSafeURL.sms(number)
        case .email(let recipient, _):
            return OCKSafeURL.email(recipient)
        }
    }

    /// Whether the link leaves the app (opened in a new tab).
    var isExternalWebLink: Bool {
        guard let href, let scheme = OCKSafeURL.scheme(of: href) else { return false }
        return scheme == "http" || scheme == "https"
    }
}

/// CareKit's name for ``OCKLinkItem``.
public typealias LinkItem = OCKLinkItem
