import CareKitHTTP
import Foundation
import Testing

@testable import CareKitSyncServer
@testable import CareKitTeam

/// The dashboard speaks the patient app's four languages: the browser's (`Accept-Language`),
/// or the one a clinician chose (a cookie on /team, which wins); its pages, alerts, days,
/// numbers and refusals are in it, Arabic right to left; the audit trail stays in English.
@Suite("Care team dashboard: four languages")
struct TeamLanguageTests {
    typealias F = TeamFixture

    /// What the dashboard says in a language, as its translators wrote it.
    struct Language: Sendable, CustomTestStringConvertible {
        var header: String
        var html: String
        var signIn: String
        var yourPatients: String
        /// What the patient list says of Ada: her missed pill, her fever, her last sync.
        var list: [String]
        var whoLooked: String
        var notFound: (title: String, text: String)
        var expired: String
        var testDescription: String { header }
    }

    static let languages = [
        Language(
            header: "de-DE,de;q=0.9,en;q=0.5", html: #"<html lang="de" dir="ltr">"#, signIn: "Anmeldung für das Behandlungsteam", yourPatients: "Ihre Patienten",
            list: ["Heute verpasst: pills, fällig um 08:00.", "Temperature am 03.01.2025: 101,2 °F liegt über dem Zielbereich 95–100,3 °F.", "06.01.2025, 20:00"],
            whoLooked: "Wer die Daten dieser Person angesehen hat",
            notFound: ("Nicht gefunden", "Unter Ihren Patientinnen und Patienten gibt es diese Person nicht."), expired: "Das Formular ist abgelaufen"),
        Language(
            header: "es", html: #"<html lang="es" dir="ltr">"#, signIn: "Inicio de sesión del equipo de atención", yourPatients: "Tus pacientes",
            list: ["Omitida hoy: pills, prevista a las 8:00.", "Temperature el 03/01/2025: 101,2 °F está por encima del rango objetivo 95–100,3 °F.", "06/01/2025, 20:00"],
            whoLooked: "Quién ha consultado los datos de este paciente",
            notFound: ("No encontrado", "No hay ningún paciente así entre los tuyos."), expired: "El formulario ha caducado"),
        Language(
            // Values with left-to-right letters are isolated in a right-to-left sentence (U+2068 … U+2069); digits are Arabic-Indic.
            header: "ar-EG", html: #"<html lang="ar" dir="rtl">"#, signIn: "تسجيل دخول فريق الرعاية", yourPatients: "مرضاك",
            list: ["فائتة اليوم: \u{2068}pills\u{2069}، موعدها ٠٨:٠٠.", "\u{2068}١٠١٫٢ °F\u{2069} فوق النطاق المستهدف \u{2068}٩٥–١٠٠٫٣ °F\u{2069}.", "٢٠٢٥", "٢٠:٠٠"],
            whoLooked: "من اطّلع على بيانات هذا المريض",
            notFound: ("غير موجود", "لا يوجد مريض كهذا بين مرضاك."), expired: "انتهت صلاحية النموذج")
    ]

    @Test("With the browser's language, the sign-in, the patient list, a patient's day and the refusals are in German, Spanish or Arabic (right to left), days and numbers too", arguments: languages)
    func pagesInTheBrowsersLanguage(_ language: Language) async throws {
        let fixture = try await F.make()
        var grace = fixture.client()
        grace.headers["accept-language"] = language.header
        let signIn = try #require(await grace.get("/team/login").bodyText)
        #expect(signIn.contains(language.html) && signIn.contains(language.signIn) && !signIn.contains("Care team sign-in"))
        await grace.signIn("grace@clinic.example", F.gracePassword)

        let list = try #require(await grace.get("/team").bodyText)
        #expect(list.contains(language.html) && list.contains("<h1>\(language.yourPatients)</h1>"), "\(list)")
        for words in language.list { #expect(list.contains(words), "the alerts worded when shown, days, times and readings in the reader's form") }
        #expect(!list.contains("2025-01-06 20:00") && !list.contains("101.2"))
        #expect(!list.contains("Your patients") && !list.contains("Missed today"))

        let day = try #require(await grace.get("/team/patients/\(fixture.ada.id)?date=2025-01-06").bodyText)
        #expect(day.contains(language.html) && day.contains(language.whoLooked))
        #expect(day.contains(#"href="/team/patients/\#(fixture.ada.id)?date=2025-01-05""#), "links keep the day's YYYY-MM-DD form")
        let audit = try fixture.service.storage.auditEntries(after: 0, limit: 100).map(\.action)
        #expect(audit.contains("viewed the day 2025-01-06"), "the audit trail stays in English")

        let missing = await grace.get("/team/patients/999999")
        let missingPage = try #require(missing.bodyText)
        #expect(missing.status == 404 && missingPage.contains(language.html))
        #expect(missingPage.contains(language.notFound.title) && missingPage.contains(language.notFound.text) && missingPage.contains(#"class="ock-card ck-error""#))

        let forged = await grace.post("/team/patients/\(fixture.ada.id)/alerts/acknowledge", [("alert", "x"), ("note", "")], csrf: false)
        #expect(forged.status == 403 && forged.bodyText?.contains(language.expired) == true && forged.bodyText?.contains(language.html) == true)
    }

    @Test("A clinician chooses the language: kept in this browser on /team, it wins over the browser's; As my browser forgets it; the form needs its CSRF token")
    func choosingTheLanguage() async throws {
        let fixture = try await F.make()
        var grace = await fixture.grace()
        grace.headers["accept-language"] = "de"
        let page = try #require(await grace.get("/team/language").bodyText)
        #expect(page.contains("<h1>Sprache</h1>") && page.contains(#"lang="ar" dir="rtl""#) && page.contains("العربية") && page.contains(#"value="auto" checked"#))

        let forged = await grace.post("/team/language", [("language", "es")], csrf: false)
        #expect(forged.status == 403 && grace.cookies[SyncTeamDashboard.languageCookie] == nil)

        let chosen = await grace.post("/team/language", [("language", "es"), ("return", "/team/patients/\(fixture.ada.id)")])
        #expect(chosen.status == 303 && chosen.header("location") == "/team/patients/\(fixture.ada.id)")
        let cookie = try #require(chosen.headers.first { $0.name == "Set-Cookie" && $0.value.hasPrefix(SyncTeamDashboard.languageCookie + "=") }?.value)
        #expect(cookie.contains("Path=/team;") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains("Max-Age=31536000"))
        #expect(grace.cookies[SyncTeamDashboard.languageCookie] == "es-ES")
        #expect(await grace.get("/team").bodyText?.contains("<h1>Tus pacientes</h1>") == true, "the choice wins over Accept-Language")
        #expect(await grace.get("/team/language").bodyText?.contains(#"value="es" checked"#) == true)

        let elsewhere = await grace.post("/team/language", [("language", "ar"), ("return", "https://evil.example/team")])
        #expect(elsewhere.header("location") == "/team", "only a way back inside the dashboard")
        let unknown = await grace.post("/team/language", [("language", "fr")])
        #expect(unknown.status == 400 && unknown.bodyText?.contains("«\u{2068}fr\u{2069}» ليست لغة تتحدث بها لوحة المتابعة.") == true)

        #expect(await grace.post("/team/language", [("language", "auto")]).status == 303)
        #expect(grace.cookies[SyncTeamDashboard.languageCookie] == nil)
        #expect(await grace.get("/team").bodyText?.contains("<h1>Ihre Patienten</h1>") == true, "the browser's language again")
    }

    @Test("Without a choice or a language the browser asks for, the dashboard speaks English, as it always has")
    func englishOtherwise() async throws {
        let fixture = try await F.make()
        var grace = await fixture.grace()
        grace.headers["accept-language"] = "fr-FR,ja;q=0.8"
        let list = try #require(await grace.get("/team").bodyText)
        #expect(list.contains(#"<html lang="en" dir="ltr">"#) && list.contains("<h1>Your patients</h1>") && list.contains("2025-01-06 20:00"))
        #expect(list.contains(#"href="/team/language""#), "every page links the language")
    }
}
