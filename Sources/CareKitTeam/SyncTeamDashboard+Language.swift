import CareKitHTTP
import CareKitLocalization
import CareKitUI
import CareKitWeb

/// The clinician's language: the one chosen on `/team/language` (kept in this browser's
/// cookie), else the browser's (`Accept-Language`), else English. The pages, the alerts and
/// the refusals speak it; the audit trail stays in English.
extension SyncTeamDashboard {
    /// The cookie that keeps a browser's choice, on the dashboard's paths only.
    static let languageCookie = "carekit_team_lang"

    /// The language of a request.
    static func language(of request: HTTPRequest) -> OCKLanguage {
        request.cookies[languageCookie].flatMap(OCKLanguage.init(tag:))
            ?? request.header("accept-language").flatMap(OCKLanguage.preferred(acceptLanguage:)) ?? .english
    }

    /// GET: the languages, each named in itself, and "as my browser"; POST (`language`,
    /// `return`, a path of the dashboard, else the patient list): keeps the choice in this
    /// browser and goes there. Open signed out too (the sign-in page links it).
    func languagePage(_ request: HTTPRequest) throws -> HTTPResponse {
        let back = { (text: String?) in
            text.flatMap { $0.hasPrefix(TeamRoute.patients.path) ? HTTPReturnPath.safe($0, fallback: TeamRoute.patients.path) : nil } ?? TeamRoute.patients.path
        }
        guard request.method == "POST" else {
            let chosen = request.cookies[Self.languageCookie].flatMap(OCKLanguage.init(tag:))
            let returnPath = back(request.queryValue("return"))
            return page(request) { csrf in _TeamPages.languagePage(chosen: chosen, returnPath: returnPath, csrf: csrf) }
        }
        let form = try verifiedForm(request)
        let choice = form["language"] ?? "auto"
        let cookie: String
        if choice == "auto" {
            cookie = "\(Self.languageCookie)=; Path=\(TeamRoute.patients.path); Max-Age=0; HttpOnly; SameSite=Strict"
        } else if let language = OCKLanguage(tag: choice) {
            // A year, on the dashboard's paths only.
            cookie = "\(Self.languageCookie)=\(language.tag); Path=\(TeamRoute.patients.path); Max-Age=31536000; HttpOnly; SameSite=Strict"
        } else {
            return .html(
                _TeamPages.message(
                    loc("Nothing was changed"), loc("'{language}' is not a language the dashboard speaks. Choose one from the list.", ["language": choice]),
                    link: (loc("Language"), TeamRoute.language.path)), status: 400)
        }
        var response = HTTPResponse.redirect(to: back(form["return"]))
        response.headers.append(("Set-Cookie", secure ? cookie + "; Secure" : cookie))
        return response
    }
}
