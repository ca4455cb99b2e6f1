/// An image: a URL (http(s), relative, or a `data:image/…` URL) or a built-in symbol.
public struct OCKImage: Hashable, Sendable {
    enum Source: Hashable, Sendable {
        case url(String)
        case symbol(OCKSymbol)
    }

    let source: Source

    /// An image loaded from `url`. URLs with a scheme other than http(s) are not loaded.
    public init(url: String) {
        source = .url(url)
    }

    /// A built-in symbol, by its SF Symbols name (`"phone"`, `"envelope"`); `nil` when there
    /// is no such symbol.
    public init?(systemName: String) {
        guard let symbol = OCKSymbol(rawValue: systemName) else { return nil }
        source = .symbol(symbol)
    }

    /// A built-in symbol.
    public init(symbol: OCKSymbol) {
        source = .symbol(symbol)
    }

    /// The URL, for a URL image.
    public var url: String? {
        if case .url(let url) = source { return url }
        return nil
    }

    /// The symbol, for a symbol image.
    public var symbol: OCKSymbol? {
        if case .symbol(let symbol) = source { return symbol }
        return nil
    }
}
