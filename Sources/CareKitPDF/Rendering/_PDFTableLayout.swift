import CCairo
import Foundation

/// A table laid out for a PDF: column widths from the content, cells wrapped to them, and
/// pagination that never cuts a row and repeats the header row on every page.
final class _PDFTableLayout {
    /// The cells of one row, wrapped to their columns.
    typealias Row = [_PDFTextBlock]

    let columnWidths: [Double]
    let header: Row?
    let rows: [Row]
    /// Whether the first column is on the right (right-to-left text).
    let isRightToLeft: Bool

    /// Lays out `table` to fill `width` points.
    init(_ table: PDFTable, width: Double, canvas: _PDFCanvas) {
        isRightToLeft = canvas.isRightToLeft
        let columnCount = max(table.headers.count, table.rows.map(\.count).max() ?? 0)
        func cells(_ row: [String], font: _PDFFont, color: _PDFColor) -> Row {
            (0..<columnCount).map { column in
                canvas.makeText(column < row.count ? row[column] : "", font: font, color: color)
            }
        }
        let header = table.headers.isEmpty ? nil : cells(table.headers, font: _PDFStyle.tableHeader, color: _PDFStyle.text)
        let rows = table.rows.map { cells($0, font: _PDFStyle.tableCell, color: _PDFStyle.text) }

        // Per column: the longest word (the least it can be), the widest body cell and the
        // widest cell of all (header included), unwrapped.
        var minimum = Array(repeating: 0.0, count: columnCount)
        var body = Array(repeating: 0.0, count: columnCount)
        var natural = Array(repeating: 0.0, count: columnCount)
        var wordWidths: [String: Double] = [:]
        func measureWords(_ text: String, font: _PDFFont, column: Int) {
            for word in text.split(whereSeparator: \.isWhitespace) {
                let key = (font.bold ? "b" : "r") + word
                let width = wordWidths[key] ?? canvas.textWidth(String(word), font: font)
                wordWidths[key] = width
                minimum[column] = max(minimum[column], width)
            }
        }
        for column in 0..<columnCount {
            if let header {
                natural[column] = header[column].naturalWidth
                if column < table.headers.count { measureWords(table.headers[column], font: _PDFStyle.tableHeader, column: column) }
            }
            for (strings, cells) in zip(table.rows, rows) {
                body[column] = max(body[column], cells[column].naturalWidth)
                if column < strings.count { measureWords(strings[column], font: _PDFStyle.tableCell, column: column) }
            }
            natural[column] = max(natural[column], body[column])
        }
        let padding = 2 * _PDFStyle.cellPaddingX
        let levels = [minimum, zip(minimum, body).map { max($0, $1) }, natural].map { level in
            level.map { max($0 + padding, _PDFStyle.minimumColumnWidth) }
        }
        columnWidths = Self.distribute(width: width, levels: levels)

        // Numbers line up on the right.
        let numeric = (0..<columnCount).map { column in
            column > 0 && table.rows.contains { column < $0.count && !$0[column].isEmpty }
                && table.rows.allSatisfy { column >= $0.count || Self.looksNumeric($0[column]) }
        }
        for (column, columnWidth) in columnWidths.enumerated() {
            let alignment = numeric[column] ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT
            let textWidth = max(1, columnWidth - padding)
            header?[column].setWidth(textWidth, alignment: alignment)
            for row in rows { row[column].setWidth(textWidth, alignment: alignment) }
        }
        self.header = header
        self.rows = rows
    }

    /// Column widths adding up to `width`, from levels of preferred widths (each at least the
    /// one before): the widest level that fits, grown towards the next one (or, past the last,
    /// in proportion) to fill the width. When even the first level doesn't fit, it is scaled
    /// down and words break between characters.
    ///
    /// The levels used: longest words, body cells unwrapped (headers may wrap), everything
    /// unwrapped.
    static func distribute(width: Double, levels: [[Double]]) -> [Double] {
        guard let first = levels.first, !first.isEmpty else { return [] }
        let sums = levels.map { $0.reduce(0, +) }
        guard sums[0] <= width else { return first.map { width * $0 / sums[0] } }
        let fitting = sums.lastIndex { $0 <= width } ?? 0
        let base = levels[fitting]
        let spare = width - sums[fitting]
        guard fitting + 1 < levels.count else {
            return base.map { $0 + spare * $0 / sums[fitting] }
        }
        let next = levels[fitting + 1]
        let wants = zip(next, base).map { max(0, $0 - $1) }
        let wanted = wants.reduce(0, +)
        return zip(base, wants).map { $0 + (wanted > 0 ? spare * $1 / wanted : spare / Double(base.count)) }
    }

    /// Whether a cell holds a number, a fraction, a percentage or a dash.
    static func looksNumeric(_ text: String) -> Bool {
        let allowed = Set("0123456789.,:/%()+-–—−  ")
        return !text.isEmpty && text.count <= 24 && text.allSatisfy { allowed.contains($0) } && text.contains { $0.isNumber || $0 == "–" || $0 == "-" }
    }

    /// The height of a row's lines (per cell, a range of lines), padding included.
    func height(_ row: Row, lines: [Range<Int>]) -> Double {
        zip(row, lines).map { $0.height(of: $1) }.max().map { $0 + 2 * _PDFStyle.cellPaddingY } ?? 0
    }

    func fullHeight(_ row: Row) -> Double { height(row, lines: row.map { 0..<$0.lines.count }) }

    /// The header row's height (0 without one).
    var headerHeight: Double { header.map(fullHeight) ?? 0 }

    /// What must fit with a heading placed before the table: the header and the first row.
    var leadHeight: Double { headerHeight + (rows.first.map(fullHeight) ?? 0) }
}

extension _PDFPaginator {
    /// Places a table: rows whole, moved to the next page (under a repeated header row) when
    /// they don't fit. Only a row taller than a whole page is split, between lines of text.
    mutating func placeTable(_ table: _PDFTableLayout) {
        guard !table.columnWidths.isEmpty, table.header != nil || !table.rows.isEmpty else { return }
        let headerHeight = table.headerHeight
        if hasContent, table.leadHeight > available, table.leadHeight <= pageHeight { newPage() }
        add(.begin("Table"))
        defer { add(.end("Table")) }
        placeHeader(table)
        for (index, row) in table.rows.enumerated() {
            let height = table.fullHeight(row)
            if height > available {
                if hasContent, height <= pageHeight - headerHeight {
                    newPage()
                    placeHeader(table)
                } else {
                    placeTallRow(table, row, index: index)
                    continue
                }
            }
            placeRow(table, row, lines: row.map { 0..<$0.lines.count }, index: index)
        }
    }

    private mutating func placeHeader(_ table: _PDFTableLayout) {
        guard let header = table.header else { return }
        let height = table.fullHeight(header)
        let top = place(height: height)
        add(.fill(x: left, y: top, width: width, height: height, color: _PDFStyle.tableHeaderFill))
        addCells(table, header, lines: header.map { 0..<$0.lines.count }, top: top, cellTag: "TH")
        add(.rule(x: left, y: top + height, width: width, color: _PDFStyle.tableHeaderRule, lineWidth: 0.75))
    }

    private mutating func placeRow(_ table: _PDFTableLayout, _ row: _PDFTableLayout.Row, lines: [Range<Int>], index: Int) {
        let height = table.height(row, lines: lines)
        let top = place(height: height)
        if index % 2 == 1 { add(.fill(x: left, y: top, width: width, height: height, color: _PDFStyle.tableZebraFill)) }
        addCells(table, row, lines: lines, top: top, cellTag: "TD")
        add(.rule(x: left, y: top + height, width: width, color: _PDFStyle.tableRowRule, lineWidth: 0.5))
    }

    /// The last resort for a row taller than a page: as many lines of each cell as fit, the
    /// rest on the next pages.
    private mutating func placeTallRow(_ table: _PDFTableLayout, _ row: _PDFTableLayout.Row, index: Int) {
        var starts = Array(repeating: 0, count: row.count)
        while zip(row, starts).contains(where: { $1 < $0.lines.count }) {
            let room = available - 2 * _PDFStyle.cellPaddingY
            var lines = zip(row, starts).map { cell, start in start..<(start + cell.lineCount(from: start, fitting: room)) }
            if lines.allSatisfy(\.isEmpty) {
                if hasContent, available < pageHeight - table.headerHeight {
                    newPage()
                    placeHeader(table)
                    continue
                }
                // Not even one line fits on an empty page: place one line of each cell anyway.
                lines = zip(row, starts).map { cell, start in start..<min(start + 1, cell.lines.count) }
            }
            placeRow(table, row, lines: lines, index: index)
            starts = lines.map(\.upperBound)
            if zip(row, starts).contains(where: { $1 < $0.lines.count }) {
                newPage()
                placeHeader(table)
            }
        }
    }

    /// A row's cells, as a table row ("TR") of header ("TH") or data ("TD") cells.
    private mutating func addCells(_ table: _PDFTableLayout, _ row: _PDFTableLayout.Row, lines: [Range<Int>], top: Double, cellTag: String) {
        // Columns run from the left, or from the right for right-to-left text.
        var x = table.isRightToLeft ? left + width : left
        add(.begin("TR"))
        for (column, cell) in row.enumerated() where column < table.columnWidths.count {
            if table.isRightToLeft { x -= table.columnWidths[column] }
            add(.begin(cellTag))
            if column < lines.count, !lines[column].isEmpty {
                add(.text(cell, lines: lines[column], x: x + _PDFStyle.cellPaddingX, y: top + _PDFStyle.cellPaddingY))
            }
            add(.end(cellTag))
            if !table.isRightToLeft { x += table.columnWidths[column] }
        }
        add(.end("TR"))
    }
}
