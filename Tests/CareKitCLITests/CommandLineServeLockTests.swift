import CareKitStore
import CareKitTestSupport
import Foundation
import Testing

/// The patient app's passcode from the command line: `carekit serve` says when the app asks for
/// one, and `--remove-passcode` removes one forgotten (whoever can run it can read the store).
@Suite("carekit serve: the passcode lock")
struct CommandLineServeLockTests {
    @Test("--remove-passcode removes a forgotten passcode (hash and minutes) before serving; the start-up log says when there is one")
    func removePasscode() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("care.sqlite")
        let store = OCKStore(url: url)
        let keys = [OCKStore.PreferenceKey.passcodeHash, OCKStore.PreferenceKey.lockMinutes]
        try await store.setPreferences([keys[0]: "$argon2id$v=19$m=8,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA", keys[1]: "15"])
        store.close()
        let serve = ["serve", "--demo", "--port", "0", "--store", url.path]
        let locked = try await CommandLineLanguageTests.serveUntilRunning(serve, directory)
        #expect(locked.contains("The app asks for its passcode after some minutes without use (forgotten: --remove-passcode)."), "\(locked)")
        #expect(!locked.contains("argon2"), "the hash is never logged")

        let removed = try await CommandLineLanguageTests.serveUntilRunning(serve + ["--remove-passcode"], directory)
        #expect(removed.contains("Removed the app's passcode"), "\(removed)")
        for key in keys { #expect(OCKStore.preference(forKey: key, inStoreAt: url) == nil, "\(key)") }
        let open = try await CommandLineLanguageTests.serveUntilRunning(serve, directory)
        #expect(!open.contains("passcode"), "\(open)")
    }
}
