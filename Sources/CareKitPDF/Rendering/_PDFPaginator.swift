import Foundation

/// Something placed on a page, drawn in the second pass (when the page count is known).
enum _PDFItem {
    /// Lines of a text block, the top of the first at `y`.
    case text(_PDFTextBlock, lines: Range<Int>, x: Double, y: Double)
    /// A filled rectangle.
    case fill(x: Double, y: Double, width: Double, height: Double, color: _PDFColor)
    /// A horizontal rule.
    case rule(x: Double, y: Double, width: Double, color: _PDFColor, lineWidth: Double)
    /// A chart with its top left corner at `x`, `y`.
    case chart(_PDFChartLayout, x: Double, y: Double)
    /// An image in a rectangle.
    case image(_PDFDecodedImage, x: Double, y: Double, width: Double, height: Double)
    /// A bookmark in the PDF's outline.
    case outline(String, y: Double)
    /// The start of a structure element of the tagged PDF ("P", "H1", "Table", "Figure"…):
    /// what is drawn until its ``end(_:)`` belongs to it, across pages too.
    case begin(String)
    /// The end of the innermost open structure element, named as it began.
    case end(String)
}

/// Places blocks on pages from top to bottom: the current position, the space left, and the
/// gap owed before the next block (collapsed like CSS margins and dropped at the top of a page).
struct _PDFPaginator {
    /// The content area of every page.
    let top: Double
    let bottom: Double
    let left: Double
    let width: Double

    /// The pages so far; the last one is being filled.
    private(set) var pages: [[_PDFItem]] = [[]]
    /// Where the next block goes (before its gap).
    private(set) var y: Double
    /// Whether anything was placed on the current page.
    private(set) var hasContent = false
    private var gap = 0.0

    init(top: Double, bottom: Double, left: Double, width: Double) {
        self.top = top
        self.bottom = bottom
        self.left = left
        self.width = width
        self.y = top
    }

    /// The height of the content area of a page.
    var pageHeight: Double { bottom - top }

    /// The space left on the current page for the next block (after its gap).
    var available: Double { bottom - y - (hasContent ? gap : 0) }

    /// Asks for at least `gap` points before the next block.
    mutating func addGap(_ gap: Double) { self.gap = max(self.gap, gap) }

    /// Starts a new page.
    mutating func newPage() {
        pages.append([])
        y = top
        hasContent = false
        gap = 0
    }

    /// Starts a new page unless the current one is still empty.
    mutating func breakPage() {
        if hasContent { newPage() }
    }

    /// Takes `height` points for a block and returns the y of its top.
    mutating func place(height: Double) -> Double {
        if hasContent { y += gap }
        gap = 0
        let at = y
        y += max(0, height)
        hasContent = true
        return at
    }

    /// Adds an item to the current page.
    mutating func add(_ item: _PDFItem) {
        pages[pages.count - 1].append(item)
    }
}

extension _PDFPaginator {
    /// Places a text block, splitting it between pages at line boundaries. A paragraph of four
    /// or more lines leaves at least two lines on each page. `keepWith` is the height of what
    /// must follow on the same page (a heading's first lines of text).
    mutating func placeText(_ block: _PDFTextBlock, x: Double, keepWith lead: Double = 0, outline: String? = nil, tag: String = "P") {
        let count = block.lines.count
        guard count > 0 else { return }
        if lead > 0, hasContent, block.height + lead > available, block.height + lead <= pageHeight {
            newPage()
        }
        var start = 0
        while start < count {
            var fitting = block.lineCount(from: start, fitting: available)
            let remaining = count - start
            if fitting < remaining, count >= 4 {
                if fitting < 2, hasContent {
                    newPage()
                    continue
                }
                if remaining - fitting == 1, fitting > 2 { fitting -= 1 }
            }
            if fitting == 0 {
                if hasContent {
                    newPage()
                    continue
                }
                fitting = 1  // A line taller than a page: place it anyway.
            }
            let lines = start..<(start + fitting)
            let top = place(height: block.height(of: lines))
            if start == 0, let outline { add(.outline(outline, y: top)) }
            if start == 0 { add(.begin(tag)) }
            add(.text(block, lines: lines, x: x, y: top))
            start += fitting
            if start < count { newPage() }
        }
        add(.end(tag))
    }

    /// Places a block that must stay whole (a chart, an image): on the next page when it
    /// does not fit the rest of this one.
    /// With a `tag`, the block is a structure element of its own, left open with `open` (for
    /// a caption to join it).
    mutating func placeWhole(height: Double, tag: String? = nil, open: Bool = false, _ make: (_ y: Double) -> _PDFItem) {
        if hasContent, height > available { newPage() }
        let top = place(height: height)
        if let tag { add(.begin(tag)) }
        add(make(top))
        if let tag, !open { add(.end(tag)) }
    }

    /// A caption's lines at `x`, `y` (already placed with its figure), as the figure's "Caption".
    mutating func addCaption(_ caption: _PDFTextBlock, x: Double, y: Double) {
        add(.begin("Caption"))
        add(.text(caption, lines: 0..<caption.lines.count, x: x, y: y))
        add(.end("Caption"))
    }
}
