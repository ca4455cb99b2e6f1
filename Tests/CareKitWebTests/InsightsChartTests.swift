import CareKit
import CareKitStore
import Foundation
import Testing

@testable import CareKitWeb

/// Insights draws each measurement honestly: its own line chart on a real axis with units,
/// the task's target range as a band, and a dangerous value flagged where it lies.
@Suite("Insights measurement charts")
struct InsightsChartTests {
    typealias W = WebTestSupport

    /// The `<article>` of the chart card titled `title`, up to the next card.
    static func chart(_ html: String, titled title: String) -> String? {
        let cards = html.components(separatedBy: "<article")
        return cards.first { $0.contains("ock-cartesian-chart-view") && $0.contains("aria-label=\"" + title + "\"") }
    }

    @Test func aDangerouslyLowPulseIsDrawnLowAndFlagged() async throws {
        let (store, server) = try await W.makeServer()
        let pulse = try await W.todaysEvent(store, task: "pulse")
        _ = await server.handle(W.post("/survey/" + URLEncoding.encode(pulse.id), [("q.pulse", "35"), ("confirmed", "1")]))
        let html = try #require(await server.handle(W.get("/insights")).bodyText)
        let chart = try #require(Self.chart(html, titled: "Pulse"), "Pulse has a chart of its own")
        #expect(chart.contains("ock-chart-type-line"))
        #expect(chart.contains("ock-chart-target-band"))
        #expect(chart.contains("Target 40–100\u{00A0}bpm"))
        #expect(chart.contains("\u{00A0}bpm</text>"), "the value axis has the unit")
        #expect(chart.contains(">35\u{00A0}low</text>"), "the low value is labelled and flagged in words")
        #expect(chart.contains("<polygon"), "and by shape")
        #expect(!chart.contains("No value"))
        let temperature = try #require(Self.chart(html, titled: "Temperature"))
        #expect(temperature.contains("Target 95–100.3\u{00A0}°F"))
    }
}
