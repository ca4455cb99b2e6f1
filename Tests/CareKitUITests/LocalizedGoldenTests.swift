import CareKitUI
import Foundation
import Testing

/// Cards rendered in each language, compared with `Golden/Localized-<card>-<code>.html`: the
/// words CareKitUI writes itself (button names, chart descriptions and table headings, ring
/// states) are in the reader's language, with the language's digits where people read numbers.
@Suite("Golden files in every language")
struct LocalizedGoldenTests {
    struct Card: Sendable, CustomTestStringConvertible {
        let name: String
        /// The golden file of the same card in English, when ``GoldenTests`` has one: English
        /// must stay byte for byte what it was.
        var english: String?
        let make: @Sendable () -> OCKView
        var testDescription: String { name }

        func golden(_ code: String) -> String {
            code == "en" ? english ?? "Localized-\(name)-en" : "Localized-\(name)-\(code)"
        }
    }

    static let cards: [Card] = [
        Card(name: "ChecklistTaskView", english: "ChecklistTaskView-items") { Fixtures.checklist() },
        Card(name: "InstructionsTaskView-default-titles", english: "InstructionsTaskView-default-titles") {
            let view = Fixtures.instructions()
            view.completionButton.label.text = nil
            view.completionButton.isSelected = true
            return view
        },
        Card(name: "SimpleTaskView", english: "SimpleTaskView-incomplete") { Fixtures.simple(selected: false) },
        Card(name: "CartesianChartView-line-target-range") {
            let chart = OCKCartesianChartView(type: .line)
            chart.headerView.titleLabel.text = "Pulse"
            chart.graphView.horizontalAxisMarkers = ["1", "2", "3", "4", "5", "6", "7"]
            chart.graphView.valueUnit = "bpm"
            chart.graphView.targetRange = 40...100
            chart.graphView.dataSeries = [
                OCKDataSeries(
                    dataPoints: [CGPoint(x: 0, y: 64), CGPoint(x: 1, y: 60.5), CGPoint(x: 3, y: 35), CGPoint(x: 4, y: 104)], title: "Pulse")
            ]
            return chart
        },
        Card(name: "WeekCalendarView", english: "WeekCalendarView-states") { Fixtures.week() }
    ]

    static let cases: [(card: Card, language: OCKLanguage)] = cards.flatMap { card in OCKLanguage.supported.map { (card, $0) } }

    @Test("A card in a language matches its golden file", arguments: cases.map { ($0.card, $0.language.code) })
    func matchesGolden(card: Card, code: String) throws {
        let language = try #require(OCKLanguage(tag: code))
        let html = OCKLocalization.$language.withValue(language) { card.make().html }
        Golden.check(html, named: card.golden(code))
    }

    @Test("English cards are written as they always were")
    func englishIsUnchanged() {
        let card = OCKLocalization.$language.withValue(.english) { Fixtures.simple(selected: false).html }
        #expect(card == Fixtures.simple(selected: false).html)
        #expect(card.contains("aria-label=\"Mark as completed\""))
    }

    @Test("Buttons without a title of their own are named in the reader's language")
    func defaultButtonNames() {
        let german = OCKLocalization.$language.withValue(.german) { Fixtures.simple(selected: false).html }
        #expect(german.contains("aria-label=\"Als erledigt markieren\""))
        #expect(!german.contains("Mark as completed"))
        let arabic = OCKLocalization.$language.withValue(.arabic) { () -> String in
            let view = Fixtures.instructions()
            view.completionButton.label.text = nil
            return view.html
        }
        #expect(arabic.contains("وضع علامة كمكتمل"))
        #expect(!arabic.contains("Mark as"))
    }

    @Test("The week's rings are read in the reader's language, days in its digits")
    func weekWords() {
        let arabic = OCKLocalization.$language.withValue(.arabic) { Fixtures.week().html }
        #expect(arabic.contains("aria-label=\"الأسبوع\""))
        #expect(arabic.contains(">٣</text>"), "day numbers in Arabic-Indic digits")
        #expect(arabic.contains("الأحد، ٣ مارس، مكتمل"))
        let spanish = OCKLocalization.$language.withValue(.spanish) { Fixtures.week().html }
        #expect(spanish.contains("domingo, 3 de marzo, Completado"))
    }

    @Test("The chart's description and table are in the reader's language and digits")
    func chartWords() throws {
        let spanish = OCKLocalization.$language.withValue(.spanish) { () -> String in
            let chart = try? #require(Self.cards.first { $0.name.hasPrefix("CartesianChartView") }).make()
            return chart?.html ?? ""
        }
        #expect(spanish.contains("Gráfico de líneas con 1 serie."))
        #expect(spanish.contains("Objetivo 40–100"))
        #expect(spanish.contains("60,5"), "a decimal comma in Spanish")
        let arabic = OCKLocalization.$language.withValue(.arabic) { () -> String in
            let chart = try? #require(Self.cards.first { $0.name.hasPrefix("CartesianChartView") }).make()
            return chart?.html ?? ""
        }
        #expect(arabic.contains("مخطط خطي بسلسلة بيانات واحدة."))
        #expect(arabic.contains("٦٠٫٥"), "Arabic-Indic digits in the table")
        #expect(arabic.contains("و٢ قيمة خارجه") || arabic.contains("وقيمتان خارجه"), "two values outside the band, in the dual")
    }
}
