import Testing

@testable import CareKitUI

@Suite("HTML builder")
struct HTMLBuilderTests {
    @Test("Text is escaped")
    func textEscaping() {
        let node = HTMLNode.element("p", [], [.text("<script>alert(1)</script> & \"q\" 'a'")])
        #expect(node.render(.compact) == "<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; \"q\" 'a'</p>")
    }

    @Test("Attribute values are escaped, quotes included")
    func attributeEscaping() {
        let node = HTMLNode.element("div", [HTMLAttribute("title", "\" onmouseover=\"x' <b>&")])
        #expect(node.render(.compact) == "<div title=\"&quot; onmouseover=&quot;x&#39; &lt;b&gt;&amp;\"></div>")
    }

    @Test("Attributes keep insertion order")
    func attributeOrder() {
        let node = HTMLNode.element("a", [HTMLAttribute("z", "1"), HTMLAttribute("a", "2"), HTMLAttribute("m", "3")])
        #expect(node.render(.compact) == "<a z=\"1\" a=\"2\" m=\"3\"></a>")
    }

    @Test("Boolean attributes and void elements")
    func booleanAndVoid() {
        let node = HTMLNode.element("input", [HTMLAttribute("type", "checkbox"), .flag("checked")], [.text("ignored")])
        #expect(node.render(.compact) == "<input type=\"checkbox\" checked>")
    }

    @Test("Invalid tag and attribute names are dropped, content kept")
    func invalidNames() {
        let node = HTMLNode.element("div onclick=alert(1)", [HTMLAttribute("x onload=alert(1)", "v"), .class("ok")], [.text("kept")])
        #expect(node.render(.compact) == "kept")
        let attribute = HTMLNode.element("div", [HTMLAttribute("bad name", "v"), HTMLAttribute("\"q", "v"), .class("ok")])
        #expect(attribute.render(.compact) == "<div class=\"ok\"></div>")
    }

    @Test("Forbidden control characters become U+FFFD")
    func controlCharacters() {
        #expect(HTMLEscaping.escapeText("a\u{0}b\u{7}c\td\ne") == "a\u{FFFD}b\u{FFFD}c\td\ne")
        #expect(HTMLEscaping.escapeAttribute("\u{85}") == "\u{FFFD}")
    }

    @Test(
        "The renderer escapes text and attribute values exactly as HTMLEscaping does",
        arguments: [
            "plain", "", "é ü ∑ 日本 🩺", "a\u{0}b\u{7}c\td\ne\rf\u{7F}", "\u{80}\u{85}\u{9F}\u{A0}\u{C2}", "<&>\"'", "x&y<z>\"'\u{1}\u{9C}end",
            "'\u{85}'", "&&&&", "\u{FFFD}\u{1F}"
        ])
    func rendererEscapingMatches(_ text: String) {
        #expect(HTMLNode.text(text).render(.compact) == HTMLEscaping.escapeText(text))
        #expect(HTMLNode.element("p", [HTMLAttribute("title", text)]).render(.compact) == "<p title=\"\(HTMLEscaping.escapeAttribute(text))\"></p>")
    }

    @Test("Names the renderer knows and names it does not are judged alike")
    func nameTable() {
        // A URL attribute written in capitals is still checked; an unknown valid name is kept.
        #expect(HTMLNode.element("a", [HTMLAttribute("HREF", "javascript:x")], ["x"]).render(.compact) == "<a HREF=\"#\">x</a>")
        #expect(HTMLNode.element("my-widget", [HTMLAttribute("data-very-long-attribute-name", "1")]).render(.compact) == "<my-widget data-very-long-attribute-name=\"1\"></my-widget>")
        // Void and block elements, whatever the name's length.
        #expect(HTMLNode.element("br", [], ["x"]).render(.compact) == "<br>")
        #expect(HTMLNode.element("ul", [], [.element("li", [], ["a"]), .element("li", [], ["b"])]).render() == "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>")
        for name in ["a", "aria-describedby", "linearGradient", String(repeating: "y", count: 16), "1a", "a b", "a\u{0}"] {
            #expect(_HTMLNames.shared.flags(name) == _HTMLNames.slowFlags(name), "\(name)")
        }
    }

    @Test(
        "Unsafe URLs in URL attributes are neutralised by the renderer",
        arguments: ["javascript:alert(1)", " JaVaScRiPt:alert(1)", "java\tscript:alert(1)", "vbscript:x", "data:text/html,<script>"])
    func unsafeURLAttributes(_ url: String) {
        let link = HTMLNode.element("a", [HTMLAttribute("href", url)], ["x"])
        #expect(link.render(.compact) == "<a href=\"#\">x</a>")
        let form = HTMLNode.element("form", [HTMLAttribute("action", url)])
        #expect(form.render(.compact) == "<form action=\"#\"></form>")
    }

    @Test("Images may use data:image URLs, links may not")
    func dataImages() {
        let image = HTMLNode.element("img", [HTMLAttribute("src", "data:image/png;base64,AAAA")])
        #expect(image.render(.compact) == "<img src=\"data:image/png;base64,AAAA\">")
        let link = HTMLNode.element("a", [HTMLAttribute("href", "data:image/png;base64,AAAA")])
        #expect(link.render(.compact) == "<a href=\"#\"></a>")
    }

    @Test("Raw HTML is only emitted through unsafeRawHTML")
    func rawHTML() {
        #expect(HTMLNode.unsafeRawHTML("<b>bold</b>").render() == "<b>bold</b>")
        #expect(HTMLNode.text("<b>bold</b>").render() == "&lt;b&gt;bold&lt;/b&gt;")
        let literal: HTMLNode = "<i>"
        #expect(literal.render() == "&lt;i&gt;")
    }

    @Test("SVG elements without children self-close")
    func svgSelfClosing() {
        let svg = HTMLNode.element("svg", [], [.element("rect", [HTMLAttribute("width", "1")])])
        #expect(svg.render(.compact) == "<svg><rect width=\"1\"/></svg>")
    }

    @Test("Indented output only breaks lines where whitespace cannot show")
    func indentation() {
        let blocks = HTMLNode.element("div", [], [.element("p", [], ["a"]), .element("p", [], ["b"])])
        #expect(blocks.render() == "<div>\n  <p>a</p>\n  <p>b</p>\n</div>")
        let inline = HTMLNode.element("div", [], [.element("span", [], ["a"]), .element("span", [], ["b"])])
        #expect(inline.render() == "<div><span>a</span><span>b</span></div>")
        let mixed = HTMLNode.element("p", [], ["a ", .element("strong", [], ["b"])])
        #expect(mixed.render() == "<p>a <strong>b</strong></p>")
        let flex = HTMLNode.container("div", [], [.element("span", [], ["a"]), .element("span", [], ["b"])])
        #expect(flex.render() == "<div>\n  <span>a</span>\n  <span>b</span>\n</div>")
    }

    @Test("Compact and indented output have the same text content")
    func sameContent() {
        let html = Fixtures.instructions().render(standalone: true)
        let compact = html.render(.compact)
        let indented = html.render(.indented)
        #expect(compact.filter { !$0.isWhitespace } == indented.filter { !$0.isWhitespace })
    }

    @Test("Style sheets cannot close their <style> element")
    func styleSheetEscaping() {
        #expect(HTMLEscaping.escapeStyleSheet("a{}</style><script>") == "a{}<\\/style><script>")
        let page = OCKHTMLDocument(title: "t", body: [], additionalCSS: "</style><script>alert(1)</script>")
        #expect(!page.render().contains("</style><script>"))
    }

    @Test("Text content and element queries")
    func queries() {
        let node = HTMLNode.element("div", [], [.element("p", [.class("x y")], ["Hello "]), .element("p", [], ["world"])])
        #expect(node.textContent == "Hello world")
        #expect(node.elements { $0.tag == "p" }.count == 2)
        #expect(node.elements { $0.classes.contains("y") }.count == 1)
    }
}

@Suite("Number formatting")
struct NumberFormatTests {
    @Test func decimals() {
        #expect(OCKNumberFormat.decimal(12.5) == "12.5")
        #expect(OCKNumberFormat.decimal(1.05) == "1.05")
        #expect(OCKNumberFormat.decimal(-0.25) == "-0.25")
        #expect(OCKNumberFormat.decimal(2.007, maximumFractionDigits: 3) == "2.007")
        #expect(OCKNumberFormat.decimal(7.0001) == "7")
        #expect(OCKNumberFormat.decimal(-3) == "-3")
        #expect(OCKNumberFormat.decimal(-0.001) == "0")
        #expect(OCKNumberFormat.decimal(0.125, maximumFractionDigits: 2) == "0.13")
        #expect(OCKNumberFormat.decimal(1e20) == "1e20")
        #expect(OCKNumberFormat.decimal(.nan) == "NaN")
        #expect(OCKNumberFormat.decimal(-.infinity) == "-∞")
    }

    @Test func compact() {
        #expect(OCKNumberFormat.compact(950) == "950")
        #expect(OCKNumberFormat.compact(1500) == "1.5K")
        #expect(OCKNumberFormat.compact(2_000_000) == "2M")
        #expect(OCKNumberFormat.compact(-3.2e9) == "-3.2B")
        #expect(OCKNumberFormat.compact(1.1e12) == "1.1T")
        #expect(OCKNumberFormat.compact(1.2e15) == "1.2e15")
        #expect(OCKNumberFormat.compact(0.5) == "0.5")
        #expect(OCKNumberFormat.compact(0.00002) == "2e-5")
    }

    @Test func percent() {
        #expect(OCKNumberFormat.percent(0.624) == "62%")
        #expect(OCKNumberFormat.percent(.nan) == "0%")
    }
}
