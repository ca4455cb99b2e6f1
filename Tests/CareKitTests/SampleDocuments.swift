import CareKit
import CareKitUI
import Foundation

/// Documents the PDF tests (and the reference images in docs/) are made from.
enum SampleDocuments {
    static let brainsIntro = "I've been tracking my efforts to avoid becoming a Zombie with ZombieKit. Please check the attached report to see if you're safe around me."

    /// The tutorial's training chart: completion per day, with the vitals normalised next to it.
    static func trainingChart() -> OCKCartesianChartView {
        let days = ["1/12", "1/13", "1/14", "1/15", "1/16", "1/17", "1/18"]
        let completion: [Double] = [1, 0.9, 0.6, 0.3, 0.2, 0.1, 0]
        let temperature: [Double?] = [98.6, 98.9, 99.8, 101.2, 102.5, nil, 104.1]
        let pulse: [Double?] = [72, 74, 80, 64, 51, 38, 30]

        let chart = OCKCartesianChartView(type: .bar)
        chart.headerView.titleLabel.text = "Zombie Training Plan"
        chart.headerView.detailLabel.text = "Training Compliance and Zombie Risks"
        chart.graphView.horizontalAxisMarkers = days
        chart.graphView.yMinimum = 0
        chart.graphView.yMaximum = 1
        chart.graphView.axisValueFormatter = { "\(Int(($0 * 100).rounded()))%" }
        var training = OCKDataSeries(
            values: completion.map { CGFloat($0) }, title: "Zombie Training",
            gradientStartColor: OCKColor(hex: 0xC93400), gradientEndColor: OCKColor(hex: 0xE8661A))
        training.valueLabels = completion.map { "\(Int(($0 * 100).rounded()))%" }
        var temperatureSeries = OCKDataSeries(
            values: normalize(temperature).map { CGFloat($0) }, title: "Temperature",
            gradientStartColor: OCKColor(hex: 0xA05A00), gradientEndColor: OCKColor(hex: 0xD4A017))
        temperatureSeries.valueLabels = temperature.map { $0.map { String(format: "%.1f", $0) } ?? "N/A" }
        var pulseSeries = OCKDataSeries(
            values: normalize(pulse).map { CGFloat($0) }, title: "Pulse",
            gradientStartColor: OCKColor(hex: 0x1E6B34), gradientEndColor: OCKColor(hex: 0x34A853))
        pulseSeries.valueLabels = pulse.map { $0.map { String(Int($0)) } ?? "N/A" }
        chart.graphView.dataSeries = [training, temperatureSeries, pulseSeries]
        return chart
    }

    /// The tutorial's `normalize`: highest 1, lowest 0, missing 0.
    static func normalize(_ values: [Double?]) -> [Double] {
        let present = values.compactMap { $0 }
        guard let low = present.min(), let high = present.max(), high > low else { return values.map { $0 == nil ? 0 : 1 } }
        return values.map { $0.map { ($0 - low) / (high - low) } ?? 0 }
    }

    /// "Re: Your Brains", the report the tutorial's Connect module sends.
    static func brains() -> OCKDocument {
        let intro = OCKDocumentElementParagraph(content: brainsIntro)
        let document = OCKDocument(title: "Re: Your Brains", elements: [intro, OCKDocumentElementChart(chart: trainingChart())])
        document.pageHeader = "ZombieKit: Weekly Report"
        document.author = "Survivor #4127"
        return document
    }

    /// A table of `count` rows, some of them wrapping to several lines. Each cell holds a
    /// token "R007C2" so a test can find where every row landed.
    static func longTable(rows count: Int) -> OCKDocumentElementTable {
        let rows = (1...count).map { row -> [String] in
            let id = String(format: "R%03d", row)
            let note =
                row % 9 == 0
                ? "\(id)C3 a longer note that wraps onto more than one line of the table cell, to check that tall rows are kept whole when a page ends"
                : "\(id)C3 ok"
            return ["\(id)C1 Cardio", "\(id)C2", note]
        }
        return OCKDocumentElementTable(headers: ["Task", "Done", "Note"], rows: rows)
    }
}
