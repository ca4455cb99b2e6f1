import CareKit
import CareKitTestSupport
import Foundation
import Testing

@Suite("PDF and HTML text")
struct TextTests {
    static let accented = "Crème brûlée, naïve façade, Ærøskøbing, Łódź, São Paulo — 37,5 °C"
    static let arabic = "ضغط الدم طبيعي"
    static let hebrew = "לחץ הדם תקין"
    static let chinese = "血压正常"
    static let japanese = "血圧は正常です"

    static func international() -> OCKDocument {
        let document = OCKDocument(
            title: "Rapport — Ærø",
            elements: [
                OCKDocumentElementParagraph(content: accented),
                OCKDocumentElementParagraph(content: arabic),
                OCKDocumentElementParagraph(content: hebrew),
                OCKDocumentElementParagraph(content: chinese + " " + japanese),
                OCKDocumentElementTable(headers: ["Langue", "Texte"], rows: [["ar", arabic], ["he", hebrew], ["zh", chinese], ["fr", "Fièvre légère"]])
            ])
        document.pageHeader = "Dossier de Zoë Müller"
        document.author = "Zoë Müller"
        document.language = "fr"
        return document
    }

    @Test("Accented, right-to-left and CJK text survives into the PDF's text")
    func internationalText() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("international.pdf")
        try Self.international().writePDF(to: url)
        let raw = try await Poppler.text(url, layout: false)
        let laidOut = try await Poppler.text(url)
        #expect(raw.contains(Self.accented))
        #expect(laidOut.contains("Dossier de Zoë Müller"))
        #expect(laidOut.collapsingWhitespace.contains("fr Fièvre légère"))
        #expect(try await Poppler.info(url)["Author"] == "Zoë Müller")
        #expect(try await Poppler.info(url)["Title"] == "Rapport — Ærø")

        // Right-to-left: the letters come back in logical order. (pdftotext wraps RTL lines in
        // embedding marks and guesses word gaps inside shaped Arabic/Hebrew; both are ignored.)
        let compactRaw = raw.compactingForBidi
        #expect(compactRaw.contains(Self.arabic.compactingForBidi), "Arabic extracts")
        #expect(compactRaw.contains(Self.hebrew.compactingForBidi), "Hebrew extracts")
        #expect(compactRaw.contains("ar" + Self.arabic.compactingForBidi), "Arabic table cell after its language")

        if hasCJKFont {
            #expect(raw.contains(Self.chinese))
            #expect(raw.contains(Self.japanese))
            let fonts = try await Poppler.fonts(url)
            #expect(fonts.count >= 2, "a CJK fallback font is embedded: \(fonts.map(\.name))")
            #expect(fonts.allSatisfy { $0.embedded })
        } else {
            // Without a CJK font Pango draws hex boxes; the rest of the text must still be there.
            print("note: no CJK font installed (fonts-wqy-microhei), CJK glyph checks skipped")
        }
    }

    @Test("Text that looks like markup stays text in the PDF")
    func markupIsText() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let hostile = "<script>alert(1)</script> <b>bold?</b> & <span foreground=\"red\">"
        let document = OCKDocument(
            title: hostile,
            elements: [
                OCKDocumentElementParagraph(content: hostile),
                OCKDocumentElementTable(headers: [hostile], rows: [[hostile]])
            ])
        document.pageHeader = hostile
        let url = directory.file("hostile.pdf")
        try document.writePDF(to: url)
        let text = try await Poppler.text(url, layout: false)
        #expect(text.occurrences(of: "<script>alert(1)</script>") >= 4)
        #expect(text.contains("<b>bold?</b> & <span foreground=\"red\">"))
        #expect(try await Poppler.info(url)["Title"] == hostile)
    }

    @Test("Control characters, empty strings and endless words neither trap nor vanish")
    func oddText() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let longWord = String(repeating: "Pneumonoultramicroscopicsilicovolcanoconiosis", count: 12)
        let document = OCKDocument(
            title: "",
            elements: [
                OCKDocumentElementParagraph(content: "Before\u{0}NUL\tTab\r\nCRLF\u{7}Bell after"),
                OCKDocumentElementParagraph(content: ""),
                OCKDocumentElementSubtitle(subtitle: ""),
                OCKDocumentElementParagraph(content: longWord),
                OCKDocumentElementTable(headers: [], rows: [["only", "a"], ["ragged"], [], ["rows", "of", "cells"]]),
                OCKDocumentElementTable(headers: [], rows: []),
                OCKDocumentElementTable(headers: ["x"], rows: [[longWord, longWord]])
            ])
        document.pageHeader = "   "
        document.author = ""
        let url = directory.file("odd.pdf")
        try document.writePDF(to: url)
        let text = try await Poppler.text(url, layout: false)
        #expect(text.contains("BeforeNUL Tab"))
        #expect(text.contains("CRLFBell after"))
        #expect(text.replacingOccurrences(of: "\n", with: "").contains(longWord))
        #expect(text.contains("ragged") && text.contains("cells"))
        #expect(try await Poppler.info(url)["Author"] == nil)
    }

    @Test("htmlContent escapes hostile text everywhere")
    func htmlEscapes() throws {
        let hostile = "<script>alert(1)</script>\"'&"
        let chart = SampleDocuments.trainingChart()
        chart.headerView.titleLabel.text = hostile
        chart.graphView.dataSeries[0].title = hostile
        chart.graphView.horizontalAxisMarkers[0] = hostile
        let document = OCKDocument(
            title: hostile,
            elements: [
                OCKDocumentElementParagraph(content: hostile),
                OCKDocumentElementSubtitle(subtitle: hostile),
                OCKDocumentElementTable(headers: [hostile], rows: [[hostile]]),
                OCKDocumentElementChart(chart: chart),
                OCKDocumentElementImage(pngData: Data([1, 2, 3]), description: hostile)
            ])
        document.pageHeader = hostile
        document.author = hostile
        let html = document.htmlContent
        #expect(!html.contains("<script>alert"))
        #expect(!html.lowercased().contains("<script>alert"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.occurrences(of: "&lt;script&gt;alert(1)&lt;/script&gt;") >= 8)
        #expect(html.hasPrefix("<!DOCTYPE html>") || html.lowercased().hasPrefix("<!doctype html>"))
        #expect(html.contains("@page { size: A4"))
    }
}

extension String {
    /// Without whitespace and Unicode direction marks.
    var compactingForBidi: String {
        let ignored: Set<UInt32> = [0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]
        return String(String.UnicodeScalarView(unicodeScalars.filter { !ignored.contains($0.value) && !$0.properties.isWhitespace }))
    }
}
