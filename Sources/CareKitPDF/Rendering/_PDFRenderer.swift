import CCairo
import CareKitUI
import Foundation

/// A block measured for the page: what pagination places.
enum _PDFBlockLayout {
    case text(_PDFTextBlock, gapBefore: Double, gapAfter: Double, keepWithNext: Bool, outline: String?, tag: String)
    case table(_PDFTableLayout)
    case chart(_PDFChartLayout)
    case image(_PDFDecodedImage?, caption: _PDFTextBlock?, width: Double, height: Double)
    case pageBreak

    /// The least of the block that must share a page with a heading before it.
    var leadHeight: Double {
        switch self {
        case .text(let block, _, _, _, _, _): return block.height(of: 0..<min(2, block.lines.count))
        case .table(let table): return table.leadHeight
        case .chart(let chart): return chart.height
        case .image(_, let caption, _, let height): return height + (caption.map { $0.height + 4 } ?? 0)
        case .pageBreak: return 0
        }
    }
}

/// Lays out a document in two passes: blocks placed on pages, then pages drawn (with the page
/// count known for "Page N of M").
enum _PDFRenderer {
    static func render(_ document: PDFDocument, creationDate: Date?) throws(PDFError) -> Data {
        let paper = document.paper
        let margin = document.margin
        guard margin.isFinite, margin >= 0, paper.width - 2 * margin >= 144, paper.height - 2 * margin >= 216 else {
            throw .invalidMargin(margin)
        }
        let canvas = try _PDFCanvas(width: paper.width, height: paper.height, language: document.language)
        canvas.setMetadata(title: document.title, author: document.author, creationDate: creationDate)
        let width = paper.width - 2 * margin
        // One line, cut with "…" when it is too long.
        let header = document.pageHeader.flatMap { text in
            text.allSatisfy(\.isWhitespace)
                ? nil
                : canvas.makeText(
                    text.split(whereSeparator: \.isNewline).joined(separator: " "), font: _PDFStyle.pageHeader,
                    color: _PDFStyle.secondaryText, width: width, ellipsized: true)
        }
        var paginator = _PDFPaginator(
            top: margin + (header == nil ? 0 : _PDFStyle.headerBand),
            bottom: paper.height - margin - _PDFStyle.footerBand, left: margin, width: width)
        let blocks = makeBlocks(document, canvas: canvas, width: width, pageHeight: paginator.pageHeight)
        for (index, block) in blocks.enumerated() {
            let next = blocks.dropFirst(index + 1).first
            place(block, next: next, on: &paginator)
        }
        let pages = paginator.pages
        // Tagged PDF: the document's structure (headings, paragraphs, tables, figures) for
        // screen readers and reflow; the running header and the page numbers stay outside it.
        cairo_tag_begin(canvas.cr, "Document", "")
        for (index, items) in pages.enumerated() {
            if let header {
                header.draw(canvas.cr, x: margin, y: margin)
                let ruleY = margin + header.height + 6
                canvas.line(from: (margin, ruleY), to: (margin + width, ruleY), color: _PDFStyle.rule, width: 0.5)
            }
            let footer = canvas.makeText(
                loc("Page {page} of {count}", count: pages.count, ["page": OCKLocalization.number(index + 1)]), font: _PDFStyle.pageFooter,
                color: _PDFStyle.tertiaryText, width: width, alignment: PANGO_ALIGN_RIGHT)
            footer.draw(canvas.cr, x: margin, y: paper.height - margin - footer.height)
            for item in items { draw(item, canvas: canvas, page: index + 1) }
            canvas.showPage()
        }
        cairo_tag_end(canvas.cr, "Document")
        return try canvas.finish()
    }

    /// Measures every block for a content area `width` points wide.
    static func makeBlocks(_ document: PDFDocument, canvas: _PDFCanvas, width: Double, pageHeight: Double) -> [_PDFBlockLayout] {
        var blocks: [_PDFBlockLayout] = []
        let hasAuthor = !(document.author ?? "").isEmpty
        let title = canvas.makeText(document.title, font: _PDFStyle.title, width: width)
        blocks.append(
            .text(
                title, gapBefore: 0, gapAfter: hasAuthor ? _PDFStyle.gapAfterTitle : _PDFStyle.gapAfterTitleBlock,
                keepWithNext: true, outline: nil, tag: "H1"))
        if let author = document.author, hasAuthor {
            let block = canvas.makeText(author, font: _PDFStyle.author, color: _PDFStyle.secondaryText, width: width)
            blocks.append(.text(block, gapBefore: 0, gapAfter: _PDFStyle.gapAfterTitleBlock, keepWithNext: true, outline: nil, tag: "P"))
        }
        for block in document.blocks {
            switch block {
            case .paragraph(let content):
                let text = canvas.makeText(content, font: _PDFStyle.body, width: width, lineSpacing: _PDFStyle.bodyLineSpacing)
                blocks.append(.text(text, gapBefore: 0, gapAfter: _PDFStyle.gapAfterParagraph, keepWithNext: false, outline: nil, tag: "P"))
            case .heading(let heading):
                let text = canvas.makeText(heading, font: _PDFStyle.subtitle, width: width)
                blocks.append(
                    .text(
                        text, gapBefore: _PDFStyle.gapBeforeSubtitle, gapAfter: _PDFStyle.gapAfterSubtitle,
                        keepWithNext: true, outline: heading, tag: "H2"))
            case .chart(let chart):
                blocks.append(.chart(_PDFChartLayout(chart, width: width, maximumHeight: pageHeight, canvas: canvas)))
            case .table(let table):
                blocks.append(.table(_PDFTableLayout(table, width: width, canvas: canvas)))
            case .image(let image):
                blocks.append(makeImage(image, canvas: canvas, width: width, pageHeight: pageHeight))
            case .pageBreak:
                blocks.append(.pageBreak)
            }
        }
        return blocks
    }

    /// An image scaled to fit the page with its description as a caption; a framed
    /// description when the data is not a PNG.
    static func makeImage(_ element: PDFImage, canvas: _PDFCanvas, width: Double, pageHeight: Double) -> _PDFBlockLayout {
        // A description is a caption, not an essay: at most 600 characters, so it and the image fit a page.
        let description =
            element.description.allSatisfy(\.isWhitespace)
            ? nil
            : element.description.count > 600 ? element.description.prefix(599) + "…" : element.description
        guard let image = _PDFDecodedImage(pngData: element.pngData) else {
            let text = canvas.makeText(
                description.map { loc("Image not shown: {description}", ["description": String($0)]) } ?? loc("Image not shown."), font: _PDFStyle.caption,
                color: _PDFStyle.secondaryText, width: width - 24, alignment: PANGO_ALIGN_CENTER)
            return .image(nil, caption: text, width: width, height: text.height + 24)
        }
        let caption = description.map {
            canvas.makeText($0, font: _PDFStyle.caption, color: _PDFStyle.secondaryText, width: width, alignment: PANGO_ALIGN_CENTER)
        }
        let size = image.size(fitting: width, max(pageHeight / 2, pageHeight - (caption.map { $0.height + 4 } ?? 0)))
        return .image(image, caption: caption, width: size.width, height: size.height)
    }

    /// Places one block after what is already on the pages.
    static func place(_ block: _PDFBlockLayout, next: _PDFBlockLayout?, on paginator: inout _PDFPaginator) {
        switch block {
        case .text(let text, let before, let after, let keepWithNext, let outline, let tag):
            paginator.addGap(before)
            let lead = keepWithNext ? min(next?.leadHeight ?? 0, paginator.pageHeight / 2) : 0
            paginator.placeText(text, x: paginator.left, keepWith: lead, outline: outline, tag: tag)
            paginator.addGap(after)
        case .table(let table):
            paginator.addGap(_PDFStyle.gapAroundTable)
            paginator.placeTable(table)
            paginator.addGap(_PDFStyle.gapAroundTable)
        case .chart(let chart):
            paginator.addGap(_PDFStyle.gapAroundChart)
            let x = paginator.left
            paginator.placeWhole(height: chart.height, tag: "Figure") { .chart(chart, x: x, y: $0) }
            paginator.addGap(_PDFStyle.gapAroundChart)
        case .image(let image, let caption, let width, let height):
            paginator.addGap(_PDFStyle.gapAroundImage)
            let captionHeight = caption.map { $0.height + 4 } ?? 0
            let left = paginator.left, contentWidth = paginator.width
            // A figure with its description as its caption (Cairo 1.16 writes no /Alt text).
            if let image {
                let x = left + (contentWidth - width) / 2
                paginator.placeWhole(height: height + captionHeight, tag: "Figure", open: true) {
                    .image(image, x: x, y: $0, width: width, height: height)
                }
                if let caption { paginator.addCaption(caption, x: left, y: paginator.y - caption.height) }
                paginator.add(.end("Figure"))
            } else if let caption {
                paginator.placeWhole(height: height, tag: "Figure", open: true) {
                    .fill(x: left, y: $0, width: width, height: height, color: _PDFStyle.placeholderFill)
                }
                paginator.addCaption(caption, x: left + 12, y: paginator.y - height + 12)
                paginator.add(.end("Figure"))
            }
            paginator.addGap(_PDFStyle.gapAroundImage)
        case .pageBreak:
            paginator.breakPage()
        }
    }

    static func draw(_ item: _PDFItem, canvas: _PDFCanvas, page: Int) {
        switch item {
        case .text(let block, let lines, let x, let y):
            block.draw(canvas.cr, x: x, y: y, lines: lines)
        case .fill(let x, let y, let width, let height, let color):
            canvas.fill(x: x, y: y, width: width, height: height, color: color)
        case .rule(let x, let y, let width, let color, let lineWidth):
            canvas.line(from: (x, y), to: (x + width, y), color: color, width: lineWidth)
        case .chart(let chart, let x, let y):
            chart.draw(canvas, x: x, y: y)
        case .image(let image, let x, let y, let width, let height):
            image.draw(canvas.cr, x: x, y: y, width: width, height: height)
        case .outline(let title, let y):
            canvas.addOutline(title, page: page, y: y)
        case .begin(let tag):
            cairo_tag_begin(canvas.cr, tag, "")
        case .end(let tag):
            cairo_tag_end(canvas.cr, tag)
        }
    }
}
