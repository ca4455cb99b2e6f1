import CareKit
import CareKitHTTP
import CareKitStore
import CareKitUI
import Foundation

/// The patient's language: chosen on the settings page (kept in a cookie and in the store),
/// else the browser's.
extension CareKitWebServer {
    /// The cookie that keeps a browser's choice of language.
    static let languageCookie = "carekit_lang"

    /// The language of a request: the browser's choice (its cookie), else the one kept in the
    /// store or configured, else the best of `Accept-Language`, else English.
    func language(of request: HTTPRequest) async -> OCKLanguage {
        if let tag = request.cookies[Self.languageCookie], let language = OCKLanguage(tag: tag) { return language }
        if let saved = await storedLanguage() { return saved }
        if let header = request.header("accept-language"), let language = OCKLanguage.preferred(acceptLanguage: header) { return language }
        return .english
    }

    /// The language kept in the store (read once; the settings page changes it), else the configured one.
    private func storedLanguage() async -> OCKLanguage? {
        let saved = savedLanguage.withLock { $0 }
        if saved.isLoaded { return saved.language ?? configuration.language }
        let tag = try? await preferences?.preference(forKey: OCKPreferenceKey.language)
        let language = tag.flatMap(OCKLanguage.init(tag:))
        savedLanguage.withLock { if !$0.isLoaded { $0 = (true, language) } }
        return savedLanguage.withLock { $0.language } ?? configuration.language
    }

    /// GET /settings: the languages, each named in itself, and the units; POST /settings: keeps
    /// the choices in this browser's cookies and in the store, and returns to the page the
    /// patient came from. A form without `language` (or without `units`) leaves that one as it is.
    func settings(_ request: HTTPRequest, csrf: String) async throws -> HTTPResponse {
        guard request.method == "POST" else {
            let page = _SettingsPage(
                current: OCKLocalization.language, chosen: request.cookies[Self.languageCookie].flatMap(OCKLanguage.init(tag:)),
                returnPath: HTTPReturnPath.safe(request.queryValue("return"), fallback: OCKWebRoute.home.path),
                saved: request.queryValue("saved") != nil, csrfToken: csrf, units: OCKMeasurementUnits.preferredSystem)
            return .html(shell.document(title: page.title, activeTab: nil, main: page.main))
        }
        let form = try checkedForm(request)
        var cookies: [String] = []
        if let units = form["units"] { cookies.append(try await saveMeasurementSystem(units)) }
        if form["language"] != nil || form["units"] == nil { cookies.append(try await saveLanguage(form["language"] ?? "")) }
        let back = HTTPReturnPath.safe(form["return"], fallback: OCKWebRoute.settings.path(query: [("saved", "1")]))
        var response = HTTPResponse.redirect(to: back, status: 303)
        for cookie in cookies { response.headers.append(("Set-Cookie", cookie)) }
        return response
    }

    /// Keeps the language `choice` names ("auto": the browser's) in the store; the cookie that
    /// keeps it in this browser.
    private func saveLanguage(_ choice: String) async throws -> String {
        let language: OCKLanguage?
        if choice == "auto" {
            language = nil
        } else if let chosen = OCKLanguage(tag: choice) {
            language = chosen
        } else {
            throw HTTPError(status: 400, message: loc("'{language}' is not a language this app speaks. Choose one from the list.", ["language": choice]))
        }
        if let preferences {
            try await preferences.setPreference(language?.tag, forKey: OCKPreferenceKey.language)
        }
        savedLanguage.withLock { $0 = (true, language) }
        // A year; cleared (expired) when the patient goes back to the browser's language.
        return language.map { "\(Self.languageCookie)=\($0.tag); Path=/; Max-Age=31536000; HttpOnly; SameSite=Strict" }
            ?? "\(Self.languageCookie)=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict"
    }
}
