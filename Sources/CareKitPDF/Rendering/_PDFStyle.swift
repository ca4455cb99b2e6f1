import CareKitUI
import Foundation

/// A colour for drawing with Cairo: components in `0...1`.
struct _PDFColor: Equatable {
    var red: Double, green: Double, blue: Double, alpha: Double

    init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A colour from `0xRRGGBB`.
    init(hex: UInt32, alpha: Double = 1) {
        self.init(
            red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
            blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }

    /// The light appearance of a CareKit colour (paper is white).
    init(_ color: OCKColor) {
        self.init(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
    }
}

/// A font: the document's family at a size, regular or bold.
struct _PDFFont: Equatable {
    var size: Double
    var bold = false
}

/// The look of a PDF document: type sizes, colours, spacing. Sizes are in points.
enum _PDFStyle {
    /// Pango font families, first match wins; glyphs missing from them (CJK, for example) come
    /// from fontconfig's fallback fonts.
    static let fontFamily = "DejaVu Sans,Noto Sans,Liberation Sans,sans-serif"

    // Colours.
    static let text = _PDFColor(hex: 0x1F2328)
    static let secondaryText = _PDFColor(hex: 0x59636E)
    static let tertiaryText = _PDFColor(hex: 0x7A838C)
    static let accent = _PDFColor(OCKColor.systemBlue)
    static let rule = _PDFColor(hex: 0xD1D9E0)
    static let tableHeaderFill = _PDFColor(hex: 0xEEF2F5)
    static let tableZebraFill = _PDFColor(hex: 0xF7F9FA)
    static let tableHeaderRule = _PDFColor(hex: 0xB8C2CC)
    static let tableRowRule = _PDFColor(hex: 0xE3E8EC)
    static let chartGrid = _PDFColor(hex: 0xD5DBE1)
    static let chartBaseline = _PDFColor(hex: 0x9AA4AE)
    static let placeholderFill = _PDFColor(hex: 0xF3F5F7)

    /// The colours of chart series without their own, like the HTML chart's `.ock-series-N`.
    static let seriesPalette: [OCKColor] = [.systemBlue, .systemGreen, .systemOrange, .systemPurple, .systemPink, .systemTeal]

    // Type.
    static let title = _PDFFont(size: 21, bold: true)
    static let author = _PDFFont(size: 10.5)
    static let subtitle = _PDFFont(size: 13, bold: true)
    static let body = _PDFFont(size: 10.25)
    static let pageHeader = _PDFFont(size: 8.5)
    static let pageFooter = _PDFFont(size: 8.5)
    static let tableHeader = _PDFFont(size: 8.25, bold: true)
    static let tableCell = _PDFFont(size: 8.5)
    static let chartTitle = _PDFFont(size: 10.5, bold: true)
    static let chartDetail = _PDFFont(size: 9)
    static let chartAxis = _PDFFont(size: 7.75)
    static let chartValue = _PDFFont(size: 7)
    static let chartLegend = _PDFFont(size: 8.5)
    static let caption = _PDFFont(size: 8.5)

    /// Line height as a multiple of the font's natural line height, for running text.
    static let bodyLineSpacing = 1.2

    // Page furniture.
    /// Space taken at the top of every page by the page header and its rule.
    static let headerBand = 28.0
    /// Space taken at the bottom of every page by the page number.
    static let footerBand = 22.0

    // Spacing between blocks (collapsed like CSS margins, dropped at the top of a page).
    static let gapAfterTitle = 4.0
    static let gapAfterAuthor = 6.0
    static let gapAfterTitleBlock = 18.0
    static let gapBeforeSubtitle = 16.0
    static let gapAfterSubtitle = 6.0
    static let gapAfterParagraph = 8.0
    static let gapAroundTable = 10.0
    static let gapAroundChart = 12.0
    static let gapAroundImage = 10.0

    // Tables.
    static let cellPaddingX = 5.0
    static let cellPaddingY = 4.0
    static let minimumColumnWidth = 28.0
}
