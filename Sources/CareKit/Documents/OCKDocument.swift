internal import CareKitPDF
import CareKitUI
import Foundation

/// A report a care team can read: a title, a page header, and elements (paragraphs,
/// subtitles, charts, tables, images, page breaks). It renders as a standalone,
/// print-friendly HTML page (``htmlContent``) and as a PDF (``pdfData()``).
///
/// ```swift
/// let intro = OCKDocumentElementParagraph(content: "I've been tracking my efforts …")
/// let document = OCKDocument(title: "Re: Your Brains", elements: [intro, OCKDocumentElementChart(chart: chart)])
/// document.pageHeader = "ZombieKit: Weekly Report"
/// ```
public final class OCKDocument: @unchecked Sendable {
    /// The paper a PDF is laid out on.
    public enum PaperSize: Sendable, Hashable {
        /// 210 × 297 mm.
        case a4
        /// 8.5 × 11 in.
        case letter

        /// Width and height in PostScript points.
        public var points: (width: Double, height: Double) {
            switch self {
            case .a4: return (595.28, 841.89)
            case .letter: return (612, 792)
            }
        }
    }

    /// The title, shown first and stored in the PDF's metadata.
    public var title: String
    /// The elements, in order.
    public var elements: [any OCKDocumentElement]
    /// Text at the top of every page.
    public var pageHeader: String?
    /// Who the report is from (PDF metadata, and a line under the title).
    public var author: String?
    /// The paper of the PDF.
    public var paperSize: PaperSize = .a4
    /// The margin on every side, in points.
    public var margin: Double = 54
    /// The language of the text (`lang` of the HTML).
    public var language = "en"

    /// Creates a document.
    public init(title: String, elements: [any OCKDocumentElement]) {
        self.title = title
        self.elements = elements
    }
}

/// One element of a document.
public protocol OCKDocumentElement: Sendable {}

/// A paragraph of text.
public struct OCKDocumentElementParagraph: OCKDocumentElement {
    public var content: String
    public init(content: String) { self.content = content }
}

/// A heading inside the document.
public struct OCKDocumentElementSubtitle: OCKDocumentElement {
    public var subtitle: String
    public init(subtitle: String) { self.subtitle = subtitle }
}

/// A chart, drawn as vector graphics. The chart's data is copied when the element is made.
public struct OCKDocumentElementChart: OCKDocumentElement {
    /// The chart's kind.
    public var plotType: OCKCartesianGraphView.PlotType
    /// The chart's title and subtitle.
    public var title: String?
    public var detail: String?
    /// The series.
    public var dataSeries: [OCKDataSeries]
    /// The labels under the horizontal axis.
    public var horizontalAxisMarkers: [String]
    /// A fixed vertical range, if any.
    public var yMinimum: Double?
    public var yMaximum: Double?
    /// The label of the vertical axis' values, for example percentages.
    public var axisValueFormatter: @Sendable (Double) -> String

    /// A chart element from a chart view (any `OCKCartesianChartView`).
    public init(chart: OCKCartesianChartView) {
        plotType = chart.graphView.plotType
        title = chart.headerView.titleLabel.text
        detail = chart.headerView.detailLabel.text
        dataSeries = chart.graphView.dataSeries
        horizontalAxisMarkers = chart.graphView.horizontalAxisMarkers
        yMinimum = chart.graphView.yMinimum.map(Double.init)
        yMaximum = chart.graphView.yMaximum.map(Double.init)
        // The view's formatter is not Sendable: keep what it does (percentages or plain numbers).
        let sample: String = chart.graphView.axisValueFormatter(0.5)
        if sample.hasSuffix("%") {
            axisValueFormatter = { "\(Int(($0 * 100).rounded()))%" }
        } else {
            axisValueFormatter = { OCKNumberFormat.compact($0) }
        }
    }

    /// A chart view showing this element's chart (for HTML).
    public func makeChartView() -> OCKCartesianChartView {
        let view = OCKCartesianChartView(type: plotType)
        view.headerView.titleLabel.text = title
        view.headerView.detailLabel.text = detail
        view.graphView.dataSeries = dataSeries
        view.graphView.horizontalAxisMarkers = horizontalAxisMarkers
        view.graphView.yMinimum = yMinimum.map { CGFloat($0) }
        view.graphView.yMaximum = yMaximum.map { CGFloat($0) }
        view.graphView.axisValueFormatter = axisValueFormatter
        return view
    }
}

/// A table with a header row.
public struct OCKDocumentElementTable: OCKDocumentElement {
    public var headers: [String]
    public var rows: [[String]]
    public init(headers: [String], rows: [[String]]) {
        self.headers = headers
        self.rows = rows
    }
}

/// An image (PNG data), with a text alternative.
public struct OCKDocumentElementImage: OCKDocumentElement {
    public var pngData: Data
    public var description: String
    public init(pngData: Data, description: String) {
        self.pngData = pngData
        self.description = description
    }
}

/// Starts a new page.
public struct OCKDocumentElementPageBreak: OCKDocumentElement {
    public init() {}
}

extension OCKDocument {
    /// The document as a standalone HTML page: print-friendly (A4/Letter page size, the page
    /// header repeated), every text escaped, charts as inline SVG with a data table.
    public var htmlContent: String {
        var body: [HTMLNode] = []
        if let pageHeader { body.append(.element("p", [.class("ck-doc-page-header")], [.text(pageHeader)])) }
        body.append(.element("h1", [.class("ck-doc-title")], [.text(title)]))
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
                body.append(.element("table", [.class("ck-doc-table")], [
                    .element("thead", [], [.element("tr", [], table.headers.map { .element("th", [HTMLAttribute("scope", "col")], [.text($0)]) })]),
                    .element("tbody", [], table.rows.map { row in .element("tr", [], row.map { .element("td", [], [.text($0)]) }) }),
                ]))
            case let image as OCKDocumentElementImage:
                body.append(.element("img", [HTMLAttribute("src", "data:image/png;base64," + image.pngData.base64EncodedString()),
                                             HTMLAttribute("alt", image.description), .class("ck-doc-image")]))
            case is OCKDocumentElementPageBreak:
                body.append(.element("div", [.class("ck-doc-page-break"), .ariaHidden], []))
            default:
                continue
            }
        }
        let page = paperSize == .a4 ? "A4" : "letter"
        let css = """
            @page { size: \(page); margin: \(Int(margin))pt; }
            body.ock-page { background: #fff; color: #111; }
            .ck-document { max-width: 760px; margin: 0 auto; padding: 24px; font-family: var(--ock-font); }
            .ck-doc-page-header { font-size: 11px; color: #555; border-bottom: 1px solid #ccc; padding-bottom: 6px; margin: 0 0 16px; }
            .ck-doc-title { font-size: 26px; margin: 0 0 4px; }
            .ck-doc-author { color: #555; margin: 0 0 16px; }
            .ck-doc-subtitle { font-size: 18px; margin: 24px 0 8px; }
            .ck-doc-paragraph { line-height: 1.5; }
            .ck-doc-chart { margin: 16px 0; break-inside: avoid; }
            .ck-doc-table { border-collapse: collapse; width: 100%; font-size: 13px; margin: 8px 0 16px; }
            .ck-doc-table th, .ck-doc-table td { border: 1px solid #ccc; padding: 4px 8px; text-align: left; }
            .ck-doc-table thead { display: table-header-group; }
            .ck-doc-table tr { break-inside: avoid; }
            .ck-doc-image { max-width: 100%; }
            .ck-doc-page-break { break-after: page; }
            """
        let document = OCKHTMLDocument(title: title, language: language, colorScheme: .light,
                                       body: [.element("article", [.class("ck-document")], body)], additionalCSS: css, wrapsContentInMain: true)
        return document.render()
    }
}

extension OCKDocument {
    /// The document as a PDF: pages of ``paperSize`` with ``margin``, the ``pageHeader`` at the
    /// top of every page and "Page N of M" at the bottom, the title and ``author`` on the first
    /// page and in the PDF's metadata. Text is wrapped and shaped by Pango (any script,
    /// right-to-left included) and its fonts are embedded; tables repeat their header row on
    /// every page and never cut a row; charts are vector graphics kept on one page.
    ///
    /// - Parameter creationDate: The creation date written in the metadata; `nil` lets Cairo
    ///   write the current time (or `SOURCE_DATE_EPOCH`). Pass a fixed date for reproducible
    ///   bytes.
    /// - Throws: ``OCKDocumentError``.
    public func pdfData(creationDate: Date? = nil) throws -> Data {
        do {
            return try pdfDocument.pdfData(creationDate: creationDate)
        } catch {
            throw OCKDocumentError(error)
        }
    }

    /// Writes the PDF (``pdfData(creationDate:)``) to a file, replacing it atomically.
    ///
    /// - Throws: ``OCKDocumentError``.
    public func writePDF(to url: URL, creationDate: Date? = nil) throws {
        let data = try pdfData(creationDate: creationDate)
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw OCKDocumentError.writeFailed(path: url.path, reason: error.localizedDescription)
        }
    }

    /// The document as CareKitPDF draws it: each element a block (elements of other types are
    /// left out).
    var pdfDocument: PDFDocument {
        var document = PDFDocument(title: title, blocks: elements.compactMap(Self.pdfBlock))
        document.author = author
        document.pageHeader = pageHeader
        document.paper = PDFPaper(width: paperSize.points.width, height: paperSize.points.height)
        document.margin = margin
        document.language = language
        return document
    }

    private static func pdfBlock(_ element: any OCKDocumentElement) -> PDFBlock? {
        switch element {
        case let paragraph as OCKDocumentElementParagraph:
            return .paragraph(paragraph.content)
        case let subtitle as OCKDocumentElementSubtitle:
            return .heading(subtitle.subtitle)
        case let chart as OCKDocumentElementChart:
            return .chart(PDFChart(plotType: chart.plotType, title: chart.title, detail: chart.detail, dataSeries: chart.dataSeries,
                                   horizontalAxisMarkers: chart.horizontalAxisMarkers, yMinimum: chart.yMinimum, yMaximum: chart.yMaximum,
                                   axisValueFormatter: chart.axisValueFormatter))
        case let table as OCKDocumentElementTable:
            return .table(PDFTable(headers: table.headers, rows: table.rows))
        case let image as OCKDocumentElementImage:
            return .image(PDFImage(pngData: image.pngData, description: image.description))
        case is OCKDocumentElementPageBreak:
            return .pageBreak
        default:
            return nil
        }
    }
}
