import CareKit
import CareKitTestSupport
import CareKitUI
import Foundation
import Testing

@Suite("PDF charts and images")
struct ChartAndImageTests {

    @Test("A chart is vector drawing with real text: no raster image, labels and legend extract")
    func chartIsVector() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("chart.pdf")
        try SampleDocuments.brains().writePDF(to: url)
        let data = try Data(contentsOf: url)
        #expect(data.count < 150_000, "a vector chart is small: \(data.count) bytes")
        #expect(try await Poppler.imageCount(url) == 0)
        let text = try await Poppler.text(url)
        for label in [
            "Zombie Training Plan", "Training Compliance and Zombie Risks", "0%", "50%", "100%",
            "1/12", "1/15", "1/18", "Zombie Training", "Temperature", "Pulse", "104.1", "N/A", "90%"
        ] {
            #expect(text.contains(label), "\(label) is text in the PDF")
        }
        #expect(text.contains(SampleDocuments.brainsIntro.prefix(60)))
    }

    @Test("Line and scatter charts, empty and non-finite data", arguments: [OCKCartesianGraphView.PlotType.line, .scatter, .bar])
    func otherCharts(type: OCKCartesianGraphView.PlotType) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let chart = OCKCartesianChartView(type: type)
        chart.headerView.titleLabel.text = "Weight"
        chart.graphView.horizontalAxisMarkers = (1...30).map { "Jan \($0)" }
        let values: [CGFloat] = (0..<30).map { (day: Int) -> CGFloat in
            let bump: Double = day % 3 == 0 ? 1 : 0
            return CGFloat(180 - Double(day) * 0.4 + bump)
        }
        var weight = OCKDataSeries(values: values, title: "Weight (lb)")
        weight.valueLabels = (0..<30).map { String(180 - $0) }
        let oddPoints = [CGPoint(x: 0, y: CGFloat.nan), CGPoint(x: 1, y: CGFloat.infinity), CGPoint(x: 2, y: 175)]
        let odd = OCKDataSeries(dataPoints: oddPoints, title: "Odd")
        chart.graphView.dataSeries = [weight, odd]
        let empty = OCKCartesianChartView(type: type)
        empty.headerView.titleLabel.text = "Nothing yet"
        let huge = OCKCartesianChartView(type: type)
        huge.graphView.dataSeries = [OCKDataSeries(values: [-1e300, 1e300, 0], title: "Extremes")]

        let document = OCKDocument(title: "Charts", elements: [OCKDocumentElementChart(chart: chart), OCKDocumentElementChart(chart: empty), OCKDocumentElementChart(chart: huge)])
        let url = directory.file("charts.pdf")
        try document.writePDF(to: url)
        let text = try await Poppler.text(url)
        #expect(text.contains("Weight (lb)"))
        #expect(text.contains("Jan 1"))
        #expect(text.contains("No data"))
        #expect(text.contains("Extremes"))
        #expect(try await Poppler.imageCount(url) == 0)
    }

    @Test("A chart taller than a page (a legend of 400 series) is scaled down to fit one page")
    func hugeLegend() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let chart = OCKCartesianChartView(type: .line)
        chart.headerView.titleLabel.text = "Everything"
        chart.graphView.dataSeries = (1...400).map { OCKDataSeries(values: [CGFloat($0), CGFloat($0 + 1)], title: "Series number \($0)") }
        let document = OCKDocument(title: "Legend", elements: [OCKDocumentElementParagraph(content: "Before."), OCKDocumentElementChart(chart: chart)])
        let url = directory.file("legend.pdf")
        try document.writePDF(to: url)
        let pages = try await Poppler.pages(url)
        #expect(pages.count == 2)
        #expect(pages[1].contains("Everything") && pages[1].contains("Series number 1") && pages[1].contains("Series number 400"))
        #expect(pages[1].contains("Page 2 of 2"))
    }

    @Test("A PNG is embedded scaled to the page, with its description; bad data shows the description")
    func images() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let document = OCKDocument(
            title: "Images",
            elements: [
                OCKDocumentElementImage(pngData: TestPNG.make(width: 2400, height: 300), description: "A wide banner"),
                OCKDocumentElementImage(pngData: TestPNG.make(width: 40, height: 40), description: "A small square"),
                OCKDocumentElementImage(pngData: Data("not a png".utf8), description: "Wound photo, Jan 6"),
                OCKDocumentElementImage(pngData: TestPNG.header(width: 100_000, height: 100_000), description: "Hostile header")
            ])
        let url = directory.file("images.pdf")
        try document.writePDF(to: url)
        #expect(try await Poppler.imageCount(url) == 2)
        let text = try await Poppler.text(url)
        #expect(text.contains("A wide banner"))
        #expect(text.contains("A small square"))
        #expect(text.contains("Image not shown: Wound photo, Jan 6"))
        #expect(text.contains("Image not shown: Hostile header"))
        // The 2400-pixel banner is scaled to the content width (595 - 2 × 54 pt).
        let list = try await Poppler.run("pdfimages", ["-list", url.path])
        #expect(list.contains("2400") && list.contains("300"))
    }
}

/// Tiny uncompressed PNGs made in code (stored deflate blocks), for image tests.
enum TestPNG {
    static func make(width: Int, height: Int) -> Data {
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(0)  // filter: none
            for x in 0..<width {
                raw += [UInt8((x * 255) / max(1, width - 1)), UInt8((y * 255) / max(1, height - 1)), 180]
            }
        }
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        png += chunk("IHDR", be32(width) + be32(height) + [8, 2, 0, 0, 0])
        png += chunk("IDAT", zlibStored(raw))
        png += chunk("IEND", [])
        return png
    }

    /// A PNG signature and header claiming a size, with no image data.
    static func header(width: Int, height: Int) -> Data {
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        png += chunk("IHDR", be32(width) + be32(height) + [8, 2, 0, 0, 0])
        return png
    }

    static func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }

    static func chunk(_ type: String, _ body: [UInt8]) -> Data {
        let typed = Array(type.utf8) + body
        return Data(be32(body.count) + typed + be32(Int(crc32(typed))))
    }

    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            let last: UInt8 = offset + count == data.count ? 1 : 0
            out += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[offset..<(offset + count)]
            offset += count
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + be32(Int(b << 16 | a))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
