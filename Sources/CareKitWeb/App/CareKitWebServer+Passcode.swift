import CareKitHTTP
import CareKitSecrets
import CareKitStore
import Foundation

/// The passcode settings page (``OCKWebRoute/passcode``): the passcode is kept as its Argon2id
/// hash, with the minutes, in the store's settings (``CareKitStore/OCKPreferenceKey/passcodeHash``,
/// ``CareKitStore/OCKPreferenceKey/lockMinutes``), both written in one call (all or none).
extension CareKitWebServer {
    /// The passcode's Argon2id limits unless configured: 3 passes over 64 MiB, above OWASP's
    /// minimum (2 passes over 19 MiB). An unlock checks it in about 0.1 s on a busy two-core
    /// machine (libsodium's "moderate", 256 MiB, takes 0.6 s there).
    public static let passcodeLimits = Argon2id.Limits(operations: 3, memory: 64 << 20)

    /// The shortest and the longest passcode, in characters.
    static let passcodeLengths = 4...128

    /// Why a new passcode is not taken, or nil.
    static func passcodeProblem(_ passcode: String) -> String? {
        if passcode.trimmingCharacters(in: .whitespaces).count < passcodeLengths.lowerBound { return loc("A passcode needs at least 4 characters.") }
        if passcode.count > passcodeLengths.upperBound || passcode.utf8.count > Argon2id.maximumSecretBytes { return loc("A passcode can have at most 128 characters.") }
        return nil
    }

    /// GET: the passcode's state and its forms. POST `action=save`: sets the passcode (new,
    /// twice) and the minutes, or changes either (the current passcode first; an empty new
    /// one keeps it); `action=remove`: removes it (the current passcode first). A new passcode
    /// locks every other browser; the one that set it stays unlocked.
    func passcodeSettings(_ request: HTTPRequest, csrf: String, gate: _LockGate) async throws -> HTTPResponse {
        let passcode = gate.passcode
        var page = _PasscodePage(currentMinutes: passcode?.idleMinutes, isAvailable: preferences != nil, csrfToken: csrf)
        guard request.method == "POST" else {
            page.saved = request.queryValue("saved")
            return .html(shell.document(title: page.title, activeTab: nil, main: page.main))
        }
        let form = try checkedForm(request)
        guard let preferences else { throw HTTPError(status: 409, message: loc("This app's store cannot keep a passcode.")) }
        let removing = form["action"] == "remove"
        page.problemsAreInRemoval = removing
        // What is new is checked first: a typo there costs no attempt at the current passcode.
        var minutes = passcode?.idleMinutes ?? _AppLock.Passcode.defaultMinutes
        var newPasscode: String?
        if !removing {
            if let text = form["minutes"] {
                if let chosen = Int(text), _AppLock.Passcode.minuteChoices.contains(chosen) { minutes = chosen } else { page.problems["minutes"] = loc("Choose when the app locks.") }
            }
            page.chosenMinutes = minutes
            let typed = form["passcode"] ?? ""
            if passcode == nil || !typed.isEmpty {
                if let problem = Self.passcodeProblem(typed) {
                    page.problems["passcode"] = problem
                } else if form["repeat"] != typed {
                    page.problems["repeat"] = loc("The two passcodes are not the same.")
                } else {
                    newPasscode = typed
                }
            }
        }
        if !page.problems.isEmpty { return .html(shell.document(title: page.title, activeTab: nil, main: page.main), status: 400) }
        if let passcode, let refusal = await checkPasscode(form["current"], against: passcode) {
            page.problems["current"] = refusal.problem(wrong: loc("That is not the current passcode."))
            return refusal.response(.html(shell.document(title: page.title, activeTab: nil, main: page.main)))
        }
        if removing {
            if passcode != nil {
                try await preferences.setPreferences([OCKPreferenceKey.passcodeHash: nil, OCKPreferenceKey.lockMinutes: nil])
                appLock.setPasscode(nil, keeping: nil)
            }
            var response = HTTPResponse.redirect(to: OCKWebRoute.passcode.path(query: [("saved", "removed")]), status: 303)
            response.headers.append(("Set-Cookie", Self.unlockCookie(nil)))
            return response
        }
        let hash: String
        if let newPasscode {
            guard let made = await Argon2id.hash(newPasscode, limits: configuration.passcodeLimits) else {
                throw HTTPError(status: 503, message: loc("The passcode could not be hashed (the computer is short of memory), so nothing was saved. Try again in a moment."))
            }
            hash = made
        } else if let passcode {
            hash = passcode.hash
        } else {
            throw HTTPError(status: 400, message: loc("A passcode needs at least 4 characters."))
        }
        try await preferences.setPreferences([OCKPreferenceKey.passcodeHash: hash, OCKPreferenceKey.lockMinutes: String(minutes)])
        let updated = _AppLock.Passcode(hash: hash, idleMinutes: minutes)
        var response = HTTPResponse.redirect(to: OCKWebRoute.passcode.path(query: [("saved", passcode == nil ? "set" : "changed")]), status: 303)
        if passcode == nil {
            // The browser that set the passcode stays unlocked; every other one is locked now.
            appLock.setPasscode(updated, keeping: nil)
            response.headers.append(("Set-Cookie", Self.unlockCookie(appLock.unlock())))
        } else {
            appLock.setPasscode(updated, keeping: gate.session)
        }
        return response
    }
}
