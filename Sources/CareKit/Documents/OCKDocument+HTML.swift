import CareKitUI
import Foundation

extension OCKDocument {
    /// The document as a standalone HTML page: print-friendly (A4/Letter page size, the page
    /// header repeated), every text escaped, charts as inline SVG with a data table.
    /// The words CareKit writes itself (a chart's description and table) are in the
    /// document's ``language``.
    public var htmlContent: String {
        OCKLocalization.$language.withValue(OCKLanguage(tag: language) ?? OCKLocalization.language) { html }
    }

    /// The document as an `<article class="ck-document">` for a page of its own (a web app
    /// shows the report in its frame): the elements, escaped, and the title and page header
    /// when `includesTitle` (leave them out when the page's own heading is the title). Styles
    /// are the page's: the classes start with `ck-doc-`.
    public func htmlArticle(includesTitle: Bool = true) -> HTMLNode {
        OCKLocalization.$language.withValue(OCKLanguage(tag: language) ?? OCKLocalization.language) {
            .element("article", [.class("ck-document")], articleBody(includesTitle: includesTitle))
        }
    }

    private func articleBody(includesTitle: Bool) -> [HTMLNode] {
        var body: [HTMLNode] = []
        if includesTitle {
            if let pageHeader { body.append(.element("p", [.class("ck-doc-page-header")], [.text(pageHeader)])) }
            body.append(.element("h1", [.class("ck-doc-title")], [.text(title)]))
        }
        if let author { body.append(.element("p", [.class("ck-doc-author")], [.text(author)])) }
        for element in elements {
            switch element {
            case let paragraph as OCKDocumentElementParagraph:
                body.append(.element("p", [.class("ck-doc-paragraph")], [.text(paragraph.content)]))
            case let subtitle as OCKDocumentElementSubtitle:
                body.append(.element("h2", [.class("ck-doc-subtitle")], [.text(subtitle.subtitle)]))
            case let chart as OCKDocumentElementChart:
                let view = chart.makeChartView()
                view.isCardEnabled = false
                body.append(.element("figure", [.class("ck-doc-chart")], [view.render(standalone: true)]))
            case let table as OCKDocumentElementTable:
                // In a box of its own: a wide table scrolls there, never the page on a phone.
                body.append(
                    .element(
                        "div", [.class("ck-doc-table-box")],
                        [
                            .element(
                                "table", [.class("ck-doc-table")],
                                [
                                    .element("thead", [], [.element("tr", [], table.headers.map { .element("th", [HTMLAttribute("scope", "col")], [.text($0)]) })]),
                                    .element("tbody", [], table.rows.map { row in .element("tr", [], row.map { .element("td", [], [.text($0)]) }) })
                                ])
                        ]))
            case let image as OCKDocumentElementImage:
                body.append(
                    .element(
                        "img",
                        [
                            HTMLAttribute("src", "data:image/png;base64," + image.pngData.base64EncodedString()),
                            HTMLAttribute("alt", image.description), .class("ck-doc-image")
                        ]))
            case is OCKDocumentElementPageBreak:
                body.append(.element("div", [.class("ck-doc-page-break"), .ariaHidden], []))
            default:
                continue
            }
        }
        return body
    }

    /// The HTML document's rules, after CareKitUI's stylesheet (`Resources/document.css`).
    private static let styleSheet = String(embeddedResource: PackageResources.document_css)

    private var html: String {
        let page = paperSize == .a4 ? "A4" : "letter"
        // The paper is the document's; the rest is `Resources/document.css`.
        let css = "@page { size: \(page); margin: \(Int(margin))pt; }\n" + Self.styleSheet
        var document = OCKHTMLDocument(
            title: title, language: language, colorScheme: .light,
            body: [.element("article", [.class("ck-document")], articleBody(includesTitle: true))], additionalCSS: css, wrapsContentInMain: true)
        document.direction = OCKLanguage(tag: language)?.direction ?? "ltr"
        return document.render()
    }
}
