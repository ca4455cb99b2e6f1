internal import CareKitPDF
import CareKitUI
import Foundation

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
            return .chart(
                PDFChart(
                    plotType: chart.plotType, title: chart.title, detail: chart.detail, dataSeries: chart.dataSeries,
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
