import CareKitStore
import CareKitTestSupport
import CareKitUI
import Foundation
import Testing
import ZombieKit

@testable import CareKitWeb

private typealias W = WebTestSupport

/// The web app in English, Spanish, German and Arabic: which language a request gets, how the
/// patient chooses one, and the Care Card and a task page in each, compared with golden files.
@Suite("Web app: languages")
struct LanguageWebTests {

    /// The pages kept as golden files: the ZombieKit Care Card and its Cardio task page.
    static let pages = [("care-card", "/care-card"), ("task", "/tasks/cardio")]

    static func languageCookie(_ tag: String) -> [String: String] {
        ["carekit_csrf": W.csrf, CareKitWebServer.languageCookie: tag]
    }

    @Test("The Care Card and a task page in en, es, de and ar match their golden files", arguments: OCKLanguage.supported)
    func pagesMatchTheirGoldenFiles(language: OCKLanguage) async throws {
        let (_, server) = try await W.makeServer()
        for (name, path) in Self.pages {
            let response = await server.handle(W.get(path, cookies: Self.languageCookie(language.tag)))
            #expect(response.status == 200, "\(path) in \(language.code)")
            let html = try #require(response.bodyText)
            #expect(html.contains("<html lang=\"\(language.code)\" dir=\"\(language.direction)\""), "\(path) in \(language.code): lang and dir")
            WebGolden.check(html, named: "\(name)-\(language.code)")
        }
    }

    @Test("Pages in another language than English carry no English of the web app's own")
    func translatedPagesLeaveNoEnglish() async throws {
        let (_, server) = try await W.makeServer()
        for language in OCKLanguage.supported where language != .english {
            let page = try #require(await server.handle(W.get("/tasks/cardio", cookies: Self.languageCookie(language.tag))).bodyText)
            for english in [">Schedule<", ">Back<", "Previous week", "Next week", ">Edit schedule<", "Skip to content", "Sent what you did offline."] {
                #expect(!page.contains(english), "\(language.code) task page still says \(english)")
            }
            let words = try #require(page.firstMatch(of: /data-ck-strings="([^"]*)"/)?.1)
            #expect(words.contains(language == .german ? "offline erledigt" : language == .spanish ? "sin conexión" : "دون اتصال"), "the script's toasts in \(language.code)")
        }
    }

    @Test("A store's refusal is shown in the page's language: one read-only store, a German and an English tap")
    func aStoresRefusalIsInThePagesLanguage() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("care.sqlite")
        let clock = W.now
        let seeded = OCKStore(url: url, clock: { clock })
        try await CarePlanData(startingInWeekOf: W.now, calendar: W.calendar).seed(into: seeded)
        seeded.close()
        // Opened once (in English, as `carekit serve` opens it), then asked in two languages.
        let store = OCKStore(url: url, options: [.readOnly], clock: { clock })
        let server = try CareKitWebServer(store: store, application: ZombieKitApp.application, configuration: .init(calendar: W.calendar, clock: { clock }))
        let cardio = try await W.todaysEvent(store, task: "cardio")
        let tap = W.eventPath(cardio.id) + "/complete"

        let german = await server.handle(W.post(tap, [("completed", "true")], cookies: Self.languageCookie("de")))
        #expect(german.status == 409)
        let page = try #require(german.bodyText)
        #expect(page.contains("Der Speicher hat die Änderung abgelehnt"), "the page's heading")
        #expect(page.contains("Der Speicher \(url.path) wurde schreibgeschützt geöffnet. Es wurde nichts geschrieben."), "the store's reason, in German")
        #expect(!page.contains("was opened read-only"), "no English reason on a German page")

        let english = try #require(await server.handle(W.post(tap, [("completed", "true")])).bodyText)
        #expect(english.contains("The store \(url.path) was opened read-only. Nothing was written."))
        store.close()
    }

    @Test("Accept-Language picks the language; without it the app speaks English")
    func acceptLanguagePicksTheLanguage() async throws {
        let (_, server) = try await W.makeServer()
        let headers = ["host": "127.0.0.1:8080", "accept-language": "fr-FR,fr;q=0.9,es;q=0.8,en;q=0.5"]
        let spanish = try #require(await server.handle(W.get("/care-card", headers: headers)).bodyText)
        #expect(spanish.contains("<html lang=\"es\""))
        #expect(spanish.contains(">Registro de síntomas</a>"), "the tab titles")
        #expect(spanish.contains("Semana anterior"))
        let english = try #require(await server.handle(W.get("/care-card")).bodyText)
        #expect(english.contains("<html lang=\"en\""))
        #expect(english.contains("‹ Previous week"))
    }

    @Test("The language cookie wins over Accept-Language")
    func theCookieWinsOverAcceptLanguage() async throws {
        let (_, server) = try await W.makeServer()
        let headers = ["host": "127.0.0.1:8080", "accept-language": "es-ES,es;q=0.9"]
        let page = try #require(await server.handle(W.get("/care-card", headers: headers, cookies: Self.languageCookie("de"))).bodyText)
        #expect(page.contains("<html lang=\"de\""))
        #expect(page.contains(">Symptomtagebuch</a>"))
        #expect(!page.contains("Registro de síntomas"))
    }

    @Test("POST /settings without the CSRF token is refused and saves nothing")
    func settingsWithoutCSRFAreRefused() async throws {
        let (store, server) = try await W.makeServer()
        let forged = await server.handle(W.post("/settings", [("language", "de")], csrfField: "forged"))
        #expect(forged.status == 403)
        #expect(!forged.headers.contains { $0.0.lowercased() == "set-cookie" && $0.1.hasPrefix("carekit_lang=") })
        #expect(try await store.preference(forKey: OCKStore.PreferenceKey.language) == nil)
        let missing = await server.handle(W.post("/settings", [("language", "de")], csrfField: nil))
        #expect(missing.status == 403)
        #expect(try await store.preference(forKey: OCKStore.PreferenceKey.language) == nil)
        let page = try #require(await server.handle(W.get("/care-card")).bodyText)
        #expect(page.contains("<html lang=\"en\""), "a refused choice changes no page")
    }

    @Test("POST /settings keeps the choice in a cookie and in the store; “auto” clears both")
    func settingsKeepAndClearTheChoice() async throws {
        let (store, server) = try await W.makeServer()
        let chosen = await server.handle(W.post("/settings", [("language", "de"), ("return", "/care-card")]))
        #expect(chosen.status == 303)
        #expect(chosen.headers.contains { $0.0 == "Location" && $0.1 == "/care-card" })
        let cookie = try #require(chosen.headers.first { $0.0.lowercased() == "set-cookie" && $0.1.hasPrefix("carekit_lang=") }?.1)
        #expect(cookie.hasPrefix("carekit_lang=\(OCKLanguage.german.tag);"))
        #expect(try await store.preference(forKey: OCKStore.PreferenceKey.language) == OCKLanguage.german.tag)
        // A browser without the cookie (another device) gets the store's language.
        let elsewhere = try #require(await server.handle(W.get("/care-card")).bodyText)
        #expect(elsewhere.contains("<html lang=\"de\""))

        let cleared = await server.handle(W.post("/settings", [("language", "auto")]))
        #expect(cleared.status == 303)
        let expired = try #require(cleared.headers.first { $0.0.lowercased() == "set-cookie" && $0.1.hasPrefix("carekit_lang=") }?.1)
        #expect(expired.hasPrefix("carekit_lang=;") && expired.contains("Max-Age=0"))
        #expect(try await store.preference(forKey: OCKStore.PreferenceKey.language) == nil)
        let headers = ["host": "127.0.0.1:8080", "accept-language": "ar"]
        let browser = try #require(await server.handle(W.get("/care-card", headers: headers)).bodyText)
        #expect(browser.contains("<html lang=\"ar\" dir=\"rtl\""), "after “auto”, the browser's language again")
    }

    @Test("A page cached in one language is never served in another")
    func cachedPagesKeepTheirLanguage() async throws {
        let (_, server) = try await W.makeServer()
        for _ in 0..<2 {
            for language in OCKLanguage.supported {
                for (_, path) in Self.pages {
                    let page = try #require(await server.handle(W.get(path, cookies: Self.languageCookie(language.tag))).bodyText)
                    #expect(page.contains("<html lang=\"\(language.code)\""), "\(path) asked in \(language.code)")
                    #expect(page.contains(text("‹ Previous week", language: language)) || path != "/care-card")
                }
            }
        }
    }

    @Test("The manifest describes the app in the request's language and direction")
    func theManifestFollowsTheLanguage() async throws {
        let (_, server) = try await W.makeServer()
        let arabic = try #require(await server.handle(W.get("/manifest.webmanifest", cookies: Self.languageCookie("ar"))).bodyText)
        #expect(arabic.contains(#""dir":"rtl""#) && arabic.contains(#""lang":"ar""#))
        #expect(arabic.contains("خطة رعايتك"))
        #expect(arabic.contains(#""name":"ZombieKit""#), "the app's name is not translated")
        let english = try #require(await server.handle(W.get("/manifest.webmanifest")).bodyText)
        #expect(english.contains(#""dir":"ltr""#) && english.contains("Your care plan: what to do today"))
    }

    @Test("A request refused before it reaches the app (a foreign Host) is told why in the browser's language")
    func refusalsSpeakTheBrowsersLanguage() async throws {
        let (_, server) = try await W.makeServer()
        let foreign = await server.handle(W.get("/care-card", headers: ["host": "evil.example", "accept-language": "de-DE,de;q=0.9"]))
        #expect(foreign.status == 421)
        let page = try #require(foreign.bodyText)
        #expect(page.contains("<html lang=\"de\""))
        #expect(page.contains("Falscher Host"))
        let english = try #require(await server.handle(W.get("/care-card", headers: ["host": "evil.example"])).bodyText)
        #expect(english.contains("Wrong host"))
    }

    @Test("In Arabic a value inside a sentence is isolated; in English the sentence is the key's")
    func valuesAreIsolatedInRightToLeftSentences() {
        let arabic = OCKLocalization.$language.withValue(.arabic) { loc("Stop {task}", ["task": "Cardio"]) }
        #expect(arabic == "إيقاف \u{2068}Cardio\u{2069}")
        let english = OCKLocalization.$language.withValue(.english) { loc("Stop {task}", ["task": "Cardio"]) }
        #expect(english == "Stop Cardio")
        let table = OCKStringTable(name: "Test", translations: ["ar": ["{a} {b}": "{a} {b}"]])
        let unknown = table.string("{a} {b}", ["a": "{b}"], language: .arabic)
        #expect(unknown == "\u{2068}{b}\u{2069} {b}", "a value is not read again; an unknown name stays")
    }

    private func text(_ key: String, language: OCKLanguage) -> String {
        OCKLocalization.$language.withValue(language) { loc(key) }
    }
}

/// Golden pages of the web app: `Golden/<name>.html` beside these tests, one element a line,
/// with the stylesheet's and the icon's fingerprints and the store's UUIDs masked (another change of the CSS is not
/// this test's business). `UPDATE_GOLDEN=1` rewrites them.
enum WebGolden {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden", isDirectory: true)

    /// The page as its golden file keeps it: the store's random UUIDs (in event ids) masked too.
    static func normalized(_ html: String) -> String {
        html.replacing(/\?v=[0-9A-Za-z_-]+/, with: "?v=…")
            .replacing(/[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}/, with: "UUID")
            .replacingOccurrences(of: "><", with: ">\n<") + "\n"
    }

    static func check(_ html: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let file = folder.appendingPathComponent(name + ".html")
        let page = normalized(html)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(page.utf8).write(to: file)
            } catch {
                Issue.record("\(file.path) could not be written: \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let kept = try? String(contentsOf: file, encoding: .utf8) else {
            Issue.record("No golden file \(name).html: run UPDATE_GOLDEN=1 swift test --filter LanguageWebTests", sourceLocation: sourceLocation)
            return
        }
        let keptLines = kept.components(separatedBy: "\n")
        let lines = page.components(separatedBy: "\n")
        guard let first = (0..<max(keptLines.count, lines.count)).first(where: { keptLines[safe: $0] != lines[safe: $0] }) else { return }
        Issue.record(
            "\(name).html differs at line \(first + 1):\n  kept: \(keptLines[safe: first] ?? "(end)")\n  now:  \(lines[safe: first] ?? "(end)")",
            sourceLocation: sourceLocation)
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
