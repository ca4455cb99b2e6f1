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

    private var html: String {
        let page = paperSize == .a4 ? "A4" : "letter"
        let css = """
            @page { size: \(page); margin: \(Int(margin))pt; }
            body.ock-page { background: #fff; color: #111; }
            .ck-document { max-width: 760px; margin: 0 auto; padding: 24px; font-family: var(--ock-font); }
            .ck-doc-page-header { font-size: 0.6875rem; color: #555; border-bottom: 1px solid #ccc; padding-bottom: 6px; margin: 0 0 16px; }
            .ck-doc-title { font-size: 1.625rem; margin: 0 0 4px; }
            .ck-doc-author { color: #555; margin: 0 0 16px; }
            .ck-doc-subtitle { font-size: 1.125rem; margin: 24px 0 8px; }
            .ck-doc-paragraph { line-height: 1.5; }
            .ck-doc-chart { margin: 16px 0; break-inside: avoid; }
            .ck-doc-table { border-collapse: collapse; width: 100%; font-size: 0.8125rem; margin: 8px 0 16px; }
            .ck-doc-table th, .ck-doc-table td { border: 1px solid #ccc; padding: 4px 8px; text-align: left; }
            .ck-doc-table thead { display: table-header-group; }
            .ck-doc-table tr { break-inside: avoid; }
            .ck-doc-image { max-width: 100%; }
            .ck-doc-page-break { break-after: page; }
            .ck-doc-table-box { max-width: 100%; overflow-x: auto; }
            .ck-doc-chart { max-width: 100%; min-width: 0; margin-inline: 0; }
            .ck-document { box-sizing: border-box; overflow-wrap: anywhere; }
            @media (max-width: 600px) {
              .ck-document { padding: 12px; }
              .ck-doc-table th, .ck-doc-table td { padding: 3px 5px; }
            }
            """
        var document = OCKHTMLDocument(
            title: title, language: language, colorScheme: .light,
            body: [.element("article", [.class("ck-document")], articleBody(includesTitle: true))], additionalCSS: css, wrapsContentInMain: true)
        document.direction = OCKLanguage(tag: language)?.direction ?? "ltr"
        return document.render()
    }
}
