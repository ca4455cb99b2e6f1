/// A complete HTML5 page around CareKitUI content: language, character set, viewport,
/// colour scheme, title and ``OCKStyleSheet``.
///
/// ```swift
/// let page = OCKHTMLDocument(title: "Care Card", views: [taskView, chartView])
/// let html = page.render()
/// ```
public struct OCKHTMLDocument: Sendable {
    /// Which appearance the page uses.
    public enum ColorScheme: Sendable {
        /// Follows the reader's system setting (`prefers-color-scheme`).
        case automatic
        /// Always light.
        case light
        /// Always dark.
        case dark
    }

    /// The page title (escaped).
    public var title: String
    /// The language of the content (`lang` attribute); by default the current one
    /// (``OCKLocalization/language``).
    public var language: String
    /// The writing direction of the content (`dir` attribute: `"ltr"` or `"rtl"`); by default
    /// the current language's.
    public var direction: String = OCKLocalization.language.direction
    /// The appearance.
    public var colorScheme: ColorScheme
    /// The content of `<body>`.
    public var body: [HTMLNode]
    /// More CSS after the stylesheet (a `</` sequence cannot close the `<style>` element).
    public var additionalCSS: String
    /// Extra nodes for `<head>` (`<meta>`, `<link>`).
    public var head: [HTMLNode]
    /// Whether the body content is wrapped in `<main class="ock-page-content">`.
    public var wrapsContentInMain: Bool
    /// Where the stylesheet is served, for pages of a server: the page then links to it
    /// instead of carrying it (serve ``OCKStyleSheet/css`` plus ``additionalCSS`` there). `nil`
    /// (the default) embeds it, so a saved page stands alone.
    public var stylesheetURL: String?

    /// A page with arbitrary content.
    public init(
        title: String, language: String = OCKLocalization.language.code, colorScheme: ColorScheme = .automatic,
        body: [HTMLNode], additionalCSS: String = "", head: [HTMLNode] = [], wrapsContentInMain: Bool = true
    ) {
        self.title = title
        self.language = language
        self.colorScheme = colorScheme
        self.body = body
        self.additionalCSS = additionalCSS
        self.head = head
        self.wrapsContentInMain = wrapsContentInMain
    }

    /// A page showing views in a responsive grid of cards.
    public init(title: String, language: String = OCKLocalization.language.code, colorScheme: ColorScheme = .automatic, views: [OCKView]) {
        self.init(
            title: title, language: language, colorScheme: colorScheme,
            body: [
                .element("div", [.class("ock-card-grid")], views.map { $0.render(standalone: true) })
            ])
    }

    /// The shared stylesheet, escaped once.
    static let escapedStyleSheet = HTMLEscaping.escapeStyleSheet(OCKStyleSheet.css)

    /// The document as a node (without the doctype).
    public var node: HTMLNode {
        let scheme: String
        switch colorScheme {
        case .automatic: scheme = "light dark"
        case .light: scheme = "light"
        case .dark: scheme = "dark"
        }
        var bodyClass = "ock-page"
        if colorScheme == .light { bodyClass += " ock-scheme-light" }
        if colorScheme == .dark { bodyClass += " ock-scheme-dark" }
        let style: HTMLNode
        if let url = stylesheetURL.flatMap(OCKSafeURL.sanitize) {
            style = .element("link", [HTMLAttribute("rel", "stylesheet"), HTMLAttribute("href", url)])
        } else {
            let extra = additionalCSS.isEmpty ? "" : "\n" + HTMLEscaping.escapeStyleSheet(additionalCSS)
            style = .element("style", [], [.unsafeRawHTML(Self.escapedStyleSheet + extra)])
        }
        let content: [HTMLNode] = wrapsContentInMain ? [.element("main", [.class("ock-page-content")], body)] : body
        return .element(
            "html", [HTMLAttribute("lang", language), HTMLAttribute("dir", direction == "rtl" ? "rtl" : "ltr")],
            [
                .element(
                    "head", [],
                    [
                        .element("meta", [HTMLAttribute("charset", "utf-8")]),
                        .element("meta", [HTMLAttribute("name", "viewport"), HTMLAttribute("content", "width=device-width, initial-scale=1")]),
                        .element("meta", [HTMLAttribute("name", "color-scheme"), HTMLAttribute("content", scheme)]),
                        .element("title", [], [.text(title)]),
                        style
                    ] + head),
                .element("body", [.class(bodyClass)], content)
            ])
    }

    /// The page's markup, starting with `<!DOCTYPE html>`.
    public func render(_ format: HTMLFormat = .indented) -> String {
        String(decoding: renderUTF8(format), as: UTF8.self)
    }

    /// The bytes of ``render(_:)``, written once into a buffer of `capacity` bytes.
    public func renderUTF8(_ format: HTMLFormat = .indented, capacity: Int = 64 * 1024) -> [UInt8] {
        node.renderUTF8(format, prefix: "<!DOCTYPE html>\n", suffix: "\n", capacity: capacity)
    }
}
