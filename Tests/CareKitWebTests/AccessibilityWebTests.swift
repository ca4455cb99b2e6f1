import CareKit
import CareKitTestSupport
import CareKitUI
import Testing
import ZombieKit

@testable import CareKitWeb

/// What the browser tests' axe audit checks on every page, checked here on what the server
/// sends: the tint as served, and text sizes that follow the browser's font size.
@Suite("Web app: contrast and text size")
struct AccessibilityWebTests {
    typealias W = WebTestSupport

    /// The `--ock-tint` the server's stylesheet gives the page: `light-dark(#light, #dark)`.
    static func servedTint(_ server: CareKitWebServer) throws -> OCKColor {
        let css = server.stylesheet
        let match = try #require(css.firstMatch(of: /--ock-tint: light-dark\((#[0-9a-f]{6}), (#[0-9a-f]{6})\)/))
        return OCKColor(light: try #require(OCKColor(hex: String(match.1))), dark: try #require(OCKColor(hex: String(match.2))))
    }

    @Test("The demo's tint is served with 4.5:1 against every background it is drawn on, light and dark")
    func demoTintAsServed() async throws {
        let (_, server) = try await W.makeServer(demo: false)
        let tint = try Self.servedTint(server)
        let backgrounds = OCKStyle().color.tintBackgrounds
        #expect(tint.minimumContrast(against: backgrounds) >= OCKColor.minimumTextContrast, "\(tint.cssValue)")
        let asWritten = try #require(ZombieKitApp.application.tintColor)
        #expect(asWritten.minimumContrast(against: backgrounds) < OCKColor.minimumTextContrast, "the green as written fails")
    }

    @Test("Any app's tint is served adjusted; an app without one gets CareKit's blue, which passes")
    func otherTints() async throws {
        let backgrounds = OCKStyle().color.tintBackgrounds
        for written in [OCKColor.systemYellow, OCKColor(hex: 0xFFFF00), OCKColor(hex: 0x1E90FF)] {
            var application = ZombieKitApp.application
            application.tintColor = written
            let (_, server) = try await W.makeServer(demo: false, application: application)
            let tint = try Self.servedTint(server)
            #expect(tint.minimumContrast(against: backgrounds) >= OCKColor.minimumTextContrast, "\(written.cssValue) served as \(tint.cssValue)")
        }
        var plain = ZombieKitApp.application
        plain.tintColor = nil
        let (_, server) = try await W.makeServer(demo: false, application: plain)
        #expect(!server.stylesheet.contains("--ock-tint:"))
        #expect(OCKStyle().color.customBlue.minimumContrast(against: backgrounds) >= OCKColor.minimumTextContrast)
    }

    @Test("No text size the app sends is in px: the stylesheet, the report's page and the pages' markup")
    func noPixelFontSizes() async throws {
        let (_, server) = try await W.makeServer()
        #expect(server.stylesheet.pixelFontSizes.isEmpty, "\(server.stylesheet.pixelFontSizes)")
        #expect(WebAssets.css.contains("font-size: 1.875rem"), "the page title, 30 px at the default size")
        let report = OCKDocument(title: "Report", elements: [OCKDocumentElementParagraph(content: "Text.")]).htmlContent
        #expect(report.pixelFontSizes.isEmpty, "\(report.pixelFontSizes)")
        for path in ["/care-card", "/symptoms", "/insights", "/connect", "/report?from=2026-11-20&to=2026-11-26&format=html"] {
            let html = try #require(await server.handle(W.get(path)).bodyText)
            #expect(html.pixelFontSizes.isEmpty, "\(path): \(html.pixelFontSizes)")
        }
    }
}
