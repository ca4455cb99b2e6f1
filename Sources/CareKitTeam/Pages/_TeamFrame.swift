import CareKitHTTP
import CareKitSyncServer
import CareKitUI
import CareKitWeb
import Foundation

/// The frame of the dashboard's pages: the patient app's shell (CareKitWeb's `_WebShell`: its
/// header, skip link, footer and error page) with the care team's name, its sections and who is
/// signed in, and the dashboard's one stylesheet (CareKitUI's, the app's rules, then
/// `Resources/team.css`) and icon. No script and no manifest: every page works without
/// JavaScript.
enum _TeamFrame {
    /// The stylesheet every page links, with its fingerprint.
    static let stylesheet = OCKStyleSheet.css + "\n" + OCKWebApplication.pageStyleSheet + "\n" + String(embeddedResource: PackageResources.team_css)
    static let stylesheetTag = FNV1a.hex(of: stylesheet)
    /// The icon: the app's heart, in the app's blue.
    static let icon = WebAssets.favicon(tint: "#007aff")
    static let iconTag = FNV1a.hex(of: icon)

    /// The `activeTab` of the patient list's pages and of two-step sign-in's.
    static let patientsSection = "patients", secondFactorSection = "second-factor"

    /// The shell of a page: with the clinician signed in, the sections (Patients, Two-step
    /// sign-in), who is signed in and Sign out; without, the name and the footer's Language only.
    static func shell(_ clinician: SyncClinician?, csrf: String) -> _WebShell {
        var sections: [_WebShell.Section] = []
        if clinician != nil {
            sections = [
                _WebShell.Section(title: loc.key("Patients"), path: TeamRoute.patients.path, id: patientsSection),
                _WebShell.Section(title: loc.key("Two-step sign-in"), path: TeamRoute.secondFactor.path, id: secondFactorSection)
            ]
        }
        var shell = _WebShell(
            title: loc("CareKit care team"), homePath: TeamRoute.patients.path,
            stylesheetURL: TeamRoute.asset(.stylesheet).path(query: [("v", stylesheetTag)]), iconURL: TeamRoute.asset(.icon).path(query: [("v", iconTag)]),
            sections: sections, strings: .careKitTeam, backLink: (loc.key("Back to the dashboard"), TeamRoute.patients.path), mainClass: "team-main")
        if let clinician {
            shell.headerItems = [
                .element("span", [.class("team-who")], [.text(loc("Signed in as {email}", ["email": clinician.email]))]),
                .element(
                    "form", [HTMLAttribute("method", "post"), HTMLAttribute("action", TeamRoute.signOut.path), .class("ck-lock-form")],
                    [_WebShell.csrfField(csrf), .element("button", [HTMLAttribute("type", "submit"), .class("ck-lock-button")], [.text(loc("Sign out"))])])
            ]
        }
        shell.footerLinks = [(loc.key("Language"), TeamRoute.language.path)]
        return shell
    }

    /// The answer to `GET /team/assets/{file}`: cached for good at the fingerprinted address the
    /// pages link, revalidated by its ETag elsewhere.
    static func asset(_ asset: TeamAsset, for request: HTTPRequest) -> HTTPResponse {
        let (text, type, tag) =
            switch asset {
            case .stylesheet: (stylesheet, "text/css; charset=utf-8", stylesheetTag)
            case .icon: (icon, "image/svg+xml", iconTag)
            }
        var response = HTTPResponse.text(text, contentType: type)
        response.setHeader("Cache-Control", request.queryValue("v") == tag ? "public, max-age=31536000, immutable" : "no-cache")
        return response.withETag(tag, for: request).compressed(for: request)
    }
}
