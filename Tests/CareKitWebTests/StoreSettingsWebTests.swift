import CareKitHTTP
import CareKitStore
import CareKitTestSupport
import CareKitUI
import Foundation
import Testing
import ZombieKit

@testable import CareKitWeb

/// The patient's settings are kept by whatever store stands behind the app, through
/// `OCKPreferenceStore`: behind a coordinator they outlive a restart as they do on an
/// `OCKStore`, and a store that keeps none says so instead of dropping them.
@Suite("Web app: settings behind any store")
struct StoreSettingsWebTests {
    typealias W = WebTestSupport

    /// A coordinator in front of the ZombieKit store in `file` (seeded when `seed`), and the
    /// app served through it, with the cheapest passcode hash.
    static func serveCoordinator(file: URL, seed: Bool) async throws -> (OCKStore, OCKStoreCoordinator, CareKitWebServer) {
        let clock = W.now
        let store = OCKStore(url: file, clock: { clock })
        if seed { try await CarePlanData(startingInWeekOf: W.now, calendar: W.calendar).seed(into: store) }
        let coordinator = OCKStoreCoordinator()
        coordinator.attach(store: store)
        var configuration = CareKitWebServer.Configuration(calendar: W.calendar, clock: { clock })
        configuration.passcodeLimits = .minimum
        return (store, coordinator, try CareKitWebServer(store: coordinator, application: ZombieKitApp.application, configuration: configuration))
    }

    @Test("Behind a coordinator, the language, the units, the time zone and the passcode outlive a restart")
    func aCoordinatorKeepsTheSettings() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.file("app.sqlite")
        do {
            let (store, coordinator, server) = try await Self.serveCoordinator(file: file, seed: true)
            #expect(coordinator.keepsPreferences && coordinator.preferenceStore === store)
            #expect(await server.handle(W.post("/settings", [("language", "de")])).status == 303)
            #expect(await server.handle(W.post("/settings", [("units", "us")])).status == 303)
            // `carekit serve --timezone` saves the zone through the same protocol.
            try await coordinator.setPreference("Europe/Madrid", forKey: OCKPreferenceKey.timeZone)
            let passcode = await server.handle(W.post("/settings/passcode", [("action", "save"), ("passcode", "2718"), ("repeat", "2718"), ("minutes", "15")]))
            #expect(passcode.status == 303, "\(passcode.bodyText ?? "")")
            store.close()
        }

        // The next run: a new store on the file, a new coordinator, a new server.
        #expect(OCKStore.preference(forKey: OCKPreferenceKey.timeZone, inStoreAt: file) == "Europe/Madrid", "read before the store is opened, as carekit serve does")
        let (store, coordinator, server) = try await Self.serveCoordinator(file: file, seed: false)
        defer { store.close() }
        #expect(try await coordinator.preference(forKey: OCKPreferenceKey.timeZone) == "Europe/Madrid")
        #expect(try await coordinator.preference(forKey: OCKPreferenceKey.language) == OCKLanguage.german.tag)
        #expect(await server.language(of: W.get("/care-card")) == .german, "a browser without the cookie gets the kept language")
        #expect(await server.measurementSystem(of: W.get("/care-card")) == OCKUnit.System.usCustomary, "and the kept units")
        let passcode = try #require(try await server.currentPasscode())
        #expect(passcode.idleMinutes == 15)
        #expect(LockedApp.isLockPage(await server.handle(W.get("/care-card"))), "the app asks for the passcode kept before the restart")
    }

    @Test("A store that keeps no settings refuses a passcode in words, and the language stays in the browser")
    func aStoreWithoutSettingsSaysSo() async throws {
        let (inner, _) = try await W.makeServer()
        let custom = CountingStore(inner)
        let coordinator = OCKStoreCoordinator()
        coordinator.attach(store: custom)
        coordinator.attachReadOnly(eventStore: inner)
        #expect(!coordinator.keepsPreferences, "a custom store without settings, and a store attached read-only, keep none")
        #expect(try await coordinator.preference(forKey: OCKPreferenceKey.language) == nil)
        do {
            try await coordinator.setPreference("de", forKey: OCKPreferenceKey.language)
            Issue.record("a coordinator without a store that keeps settings saved one")
        } catch let error as OCKStoreError {
            #expect(error.reason.contains("None of the stores attached to this coordinator keeps settings, so 'language' could not be saved; nothing was written."), "\(error.reason)")
        }
        #expect(try await inner.preference(forKey: OCKPreferenceKey.language) == nil, "nothing went to the store attached read-only")

        let clock = W.now
        for store in [custom, coordinator] as [any OCKAnyStoreProtocol & OCKObservableStore] {
            let server = try CareKitWebServer(store: store, application: ZombieKitApp.application, configuration: CareKitWebServer.Configuration(calendar: W.calendar, clock: { clock }))
            let page = try #require(await server.handle(W.get("/care-card")).bodyText)
            #expect(!page.contains("href=\"/settings/passcode\""), "no Passcode link in the footer")
            let refused = await server.handle(W.post("/settings/passcode", [("action", "save"), ("passcode", "2718"), ("repeat", "2718")]))
            #expect(refused.status == 409)
            #expect(refused.bodyText?.contains("This app's store cannot keep a passcode.") == true, "\(refused.bodyText ?? "")")
            let language = await server.handle(W.post("/settings", [("language", "de")]))
            #expect(language.status == 303, "the choice is kept in the browser's cookie")
            #expect(language.headers.contains { $0.0 == "Set-Cookie" && $0.1.hasPrefix("carekit_lang=de") })
        }
        #expect(try await inner.preference(forKey: OCKPreferenceKey.language) == nil)
    }
}
