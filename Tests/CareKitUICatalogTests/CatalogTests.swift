import CareKitTestSupport
import CareKitUI
import CareKitUICatalog
import Testing

@Suite("Catalog")
struct CatalogTests {
    @Test("The catalog is deterministic")
    func deterministic() {
        #expect(OCKCatalog.document().render() == OCKCatalog.document().render())
    }

    @Test("The catalog shows every view")
    func everyView() {
        let html = OCKCatalog.document().render()
        for className in [
            "ock-simple-task-view", "ock-instructions-task-view", "ock-checklist-task-view", "ock-grid-task-view",
            "ock-button-log-task-view", "ock-numeric-progress-task-view", "ock-labeled-value-task-view", "ock-link-view",
            "ock-featured-content-view", "ock-detail-view", "ock-cartesian-chart-view", "ock-simple-contact-view",
            "ock-detailed-contact-view", "ock-week-calendar-view", "ock-message-tip", "ock-message-alert",
            "ock-chart-type-bar", "ock-chart-type-line", "ock-chart-type-scatter", "ock-scheme-dark"
        ] {
            #expect(html.contains(className), Comment(rawValue: className))
        }
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!html.contains("<script"))
    }

    @Test("Ids in the catalog are unique")
    func uniqueIDs() {
        let node = OCKCatalog.document().node
        let ids = node.elements { $0[attribute: "id"] != nil }.compactMap { $0[attribute: "id"] }
        #expect(Set(ids).count == ids.count)
    }

    @Test("The catalog sizes its text in rem, following the browser's font size")
    func remText() {
        let html = OCKCatalog.document().render()
        #expect(html.pixelFontSizes.isEmpty, "\(html.pixelFontSizes)")
    }
}
