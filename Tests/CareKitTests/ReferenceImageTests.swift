import CareKit
import CareKitTestSupport
import Foundation
import Testing

/// Renders the documentation's reference reports to PNG with `pdftoppm`. The images in
/// docs/images were made by this test, looked at, and kept:
///
///     CAREKIT_REPORT_IMAGES=docs/images swift test --filter ReferenceImageTests
@Suite("Reference images")
struct ReferenceImageTests {
    /// Where to copy the images, when set.
    static let destination = ProcessInfo.processInfo.environment["CAREKIT_REPORT_IMAGES"].map { URL(fileURLWithPath: $0) }

    static func render(_ document: OCKDocument, name: String, expectedPages: ClosedRange<Int>) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let pdf = directory.file(name + ".pdf")
        try document.writePDF(to: pdf)
        let pages = try await Poppler.pageCount(pdf)
        #expect(expectedPages.contains(pages), "\(name): \(pages) pages")
        for page in 1...max(1, pages) {
            let png = try await Poppler.renderPNG(pdf, page: page, resolution: 80, to: directory.file("\(name)-page-\(page)"))
            let data = try Data(contentsOf: png)
            #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]), "page \(page) is a PNG")
            // A4 at 80 dpi: 661 × 935 pixels.
            #expect(data.count > 10_000, "page \(page) has something on it")
            if let destination {
                try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
                let target = destination.appendingPathComponent("\(name)-page-\(page).png")
                try? FileManager.default.removeItem(at: target)
                try FileManager.default.copyItem(at: png, to: target)
            }
        }
    }

    @Test("“Re: Your Brains” renders to one page")
    func brains() async throws {
        try await Self.render(SampleDocuments.brains(), name: "report", expectedPages: 1...1)
    }

    @Test("The care report for two weeks renders to three pages")
    func careReport() async throws {
        let store = try await CareReportFixtures.makeStore()
        let document = try await OCKCareReport.document(store: store, interval: CareReportFixtures.interval, formatter: CareReportFixtures.formatter)
        try await Self.render(document, name: "report-care", expectedPages: 3...3)
    }

    @Test("A week of temperatures with an edit, a late entry and values out of range renders to one page")
    func clinicalMarks() async throws {
        let store = try await CareReportClinicalTests.makeWeek()
        let document = try await OCKCareReport.document(
            store: store, interval: CareReportClinicalTests.interval,
            formatter: CareReportClinicalTests.formatter())
        try await Self.render(document, name: "report-marks", expectedPages: 1...1)
    }

    @Test("Two days of doses, ticked late and early, with the patient and the medication list, render to two pages")
    func doses() async throws {
        let store = try await CareReportDoseTests.makeStore()
        let document = try await OCKCareReport.document(store: store, interval: CareReportDoseTests.interval, formatter: CareReportDoseTests.formatter)
        try await Self.render(document, name: "report-doses", expectedPages: 2...2)
    }

    @Test("Accented, right-to-left and CJK text renders to one page")
    func international() async throws {
        try await Self.render(TextTests.international(), name: "report-international", expectedPages: 1...1)
    }
}
