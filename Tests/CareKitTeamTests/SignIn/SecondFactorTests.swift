import CareKitHTTP
import CareKitOTP
import Foundation
import Testing

@testable import CareKitSyncServer
@testable import CareKitTeam

/// Two-step sign-in (docs/team.md): the second step after the password, setting up the
/// authenticator app, recovery codes, limits on wrong codes, and the administrator's reset.
/// Codes are made with the fixture's clock; tests/interop/test_team_mfa.py checks them against
/// PyPI's pyotp and the QR code against zbar.
@Suite("Team dashboard: two-step sign-in")
struct SecondFactorTests {
    typealias F = TeamFixture

    static func requiring() async throws -> TeamFixture {
        var policy = SyncTeamDashboard.Policy()
        policy.requireSecondFactor = true
        return try await F.make(policy: policy)
    }

    /// The key the enrollment page shows (its otpauth URI), and the recovery codes once a code confirms it.
    static func enroll(_ browser: inout TeamClient, _ fixture: TeamFixture) async throws -> (totp: TOTP, codes: [String]) {
        let page = try #require(await browser.get("/team/second-factor").bodyText)
        let uri = try #require(page.firstMatch(of: /otpauth:\/\/totp\/[^<"]+/)).output.replacingOccurrences(of: "&amp;", with: "&")
        let secret = try #require(URLComponents(string: String(uri))?.queryItems?.first { $0.name == "secret" }?.value)
        let totp = TOTP(secret: try #require(Base32.decode(secret)))
        let done = await browser.post("/team/second-factor", [("code", totp.code(at: fixture.clock.now))])
        #expect(done.status == 200)
        let codes = (done.bodyText ?? "").matches(of: /<code translate="no"[^>]*>([a-z2-7]{4}(?:-[a-z2-7]{4}){3})<\/code>/).map { String($0.output.1) }
        return (totp, codes)
    }

    @Test("Required: after the password a clinician without a second factor sees nothing but its setup; the QR code, the URI and the key agree")
    func requiredSetup() async throws {
        let fixture = try await Self.requiring()
        var browser = fixture.client()
        let signIn = await browser.signIn("grace@clinic.example", F.gracePassword)
        #expect(signIn.status == 303 && signIn.header("location") == "/team/second-factor")
        for page in ["/team", "/team/patients/\(fixture.ada.id)"] {
            #expect(await browser.get(page).header("location") == "/team/second-factor", "\(page) before the setup")
        }
        #expect(await browser.post("/team/patients/\(fixture.ada.id)/alerts/acknowledge", [("key", "x"), ("note", "")]).status == 403)
        let page = try #require(await browser.get("/team/second-factor").bodyText)
        #expect(!page.contains("Ada"), "nothing about a patient before the second factor")
        let uri = try #require(page.firstMatch(of: /otpauth:\/\/totp\/[^<"]+/)).output.replacingOccurrences(of: "&amp;", with: "&")
        #expect(uri.hasPrefix("otpauth://totp/CareKit%20care%20team:grace%40clinic.example?secret="))
        #expect(uri.hasSuffix("&issuer=CareKit%20care%20team&algorithm=SHA1&digits=6&period=30"))
        let image = try #require(page.firstMatch(of: /src="data:image\/svg\+xml;base64,([A-Za-z0-9+\/=]+)"/)).output.1
        let svg = String(decoding: try #require(Data(base64Encoded: String(image))), as: UTF8.self)
        #expect(svg.hasPrefix("<svg") && svg.contains("<path"))
        #expect(await browser.get("/team/second-factor").bodyText?.contains(uri.replacingOccurrences(of: "&", with: "&amp;")) == true, "a reload shows the same key")

        #expect(await browser.post("/team/second-factor", [("code", "000000")]).status == 400)
        #expect(await browser.get("/team").header("location") == "/team/second-factor", "a wrong code turns nothing on")
        let (_, codes) = try await Self.enroll(&browser, fixture)
        #expect(codes.count == 10 && Set(codes).count == 10, "ten recovery codes, all different")
        #expect(await browser.get("/team").status == 200)
        #expect(await browser.get("/team/second-factor").bodyText?.contains(codes[0]) == false, "the recovery codes are shown once")
        let audit = try fixture.service.storage.auditEntries(after: 0, limit: 100).map(\.action)
        #expect(audit.contains("password accepted; two-step sign-in must be set up first"))
        #expect(audit.contains("set up two-step sign-in (authenticator app, 10 recovery codes)"))
    }

    @Test("The second step: a wrong, a reused or a two-minute-old code is refused; a recovery code works once; the cookie changes")
    func secondStep() async throws {
        let fixture = try await Self.requiring()
        var first = fixture.client()
        await first.signIn("grace@clinic.example", F.gracePassword)
        let (totp, codes) = try await Self.enroll(&first, fixture)
        let enrolledAt = fixture.clock.now

        var browser = fixture.client(address: "192.0.2.20")
        #expect(await browser.signIn("grace@clinic.example", F.gracePassword).header("location") == "/team/login/code")
        #expect(await browser.get("/team").header("location") == "/team/login/code")
        let pending = browser.cookies[SyncTeamDashboard.sessionCookie]
        #expect(await browser.post("/team/login/code", [("code", totp.code(at: enrolledAt))]).status == 401, "the code that confirmed the setup cannot sign in again")
        fixture.clock.advance(30)
        #expect(await browser.post("/team/login/code", [("code", totp.code(at: fixture.clock.now.addingTimeInterval(-120)))]).status == 401)
        let signedIn = await browser.post("/team/login/code", [("code", totp.code(at: fixture.clock.now))])
        #expect(signedIn.status == 303 && signedIn.header("location") == "/team")
        #expect(browser.cookies[SyncTeamDashboard.sessionCookie] != pending, "the session of the first step ends; a new cookie is set")
        #expect(await browser.get("/team").status == 200)

        var stranger = fixture.client(address: "192.0.2.30")
        await stranger.signIn("grace@clinic.example", F.gracePassword)
        #expect(await stranger.post("/team/login/code", [("code", totp.code(at: fixture.clock.now))]).status == 401, "a code seen over a shoulder is already used")
        #expect(await stranger.post("/team/login/code", [("code", codes[3].uppercased().replacingOccurrences(of: "-", with: " "))]).status == 303)
        var again = fixture.client(address: "192.0.2.31")
        await again.signIn("grace@clinic.example", F.gracePassword)
        #expect(await again.post("/team/login/code", [("code", codes[3])]).status == 401, "a recovery code works once")
        let audit = try fixture.service.storage.auditEntries(after: 0, limit: 200).map(\.action)
        #expect(audit.contains("signed in (password and authenticator code)"))
        #expect(audit.contains("signed in (password and a recovery code, 9 left)"))
        #expect(audit.contains("authenticator code used again, refused"))
    }

    @Test("Wrong codes wait after five, from any address and whatever the password did; the right code then waits too")
    func wrongCodesWait() async throws {
        let fixture = try await Self.requiring()
        var first = fixture.client()
        await first.signIn("grace@clinic.example", F.gracePassword)
        let (totp, _) = try await Self.enroll(&first, fixture)
        fixture.clock.advance(30)
        for round in 0..<5 {
            var guesser = fixture.client(address: "198.51.100.\(round)")
            await guesser.signIn("grace@clinic.example", F.gracePassword)
            let wrong = totp.code(at: fixture.clock.now) == "123456" ? "654321" : "123456"
            #expect(await guesser.post("/team/login/code", [("code", wrong)]).status == 401)
        }
        var browser = fixture.client(address: "198.51.100.99")
        await browser.signIn("grace@clinic.example", F.gracePassword)
        let waiting = await browser.post("/team/login/code", [("code", totp.code(at: fixture.clock.now))])
        #expect(waiting.status == 429 && waiting.header("retry-after") == "15")
        fixture.clock.advance(16)
        #expect(await browser.post("/team/login/code", [("code", totp.code(at: fixture.clock.now))]).status == 303)
    }

    @Test("A first step left waiting ends after 10 minutes; the administrator's reset signs out and asks for the setup again, audited")
    func timeoutAndReset() async throws {
        let fixture = try await Self.requiring()
        var grace = fixture.client()
        await grace.signIn("grace@clinic.example", F.gracePassword)
        _ = try await Self.enroll(&grace, fixture)
        var waiting = fixture.client(address: "192.0.2.40")
        await waiting.signIn("grace@clinic.example", F.gracePassword)
        fixture.clock.advance(9 * 60)
        _ = await waiting.get("/team/login/code")
        fixture.clock.advance(2 * 60)
        #expect(await waiting.get("/team/login/code").header("location") == "/team/login")

        fixture.clock.advance(30)
        try fixture.service.resetSecondFactor("grace@clinic.example", by: .commandLine(user: "root"))
        #expect(await grace.get("/team").header("location") == "/team/login", "her sessions ended")
        #expect(await grace.signIn("grace@clinic.example", F.gracePassword).header("location") == "/team/second-factor")
        #expect(throws: SyncStorageError.self) { try fixture.service.resetSecondFactor("alan@clinic.example", by: .commandLine(user: "root")) }
        let line = try #require(try fixture.service.storage.auditEntries(after: 0, limit: 200).first { $0.action.hasPrefix("reset the two-step") })
        #expect(line.action == "reset the two-step sign-in of grace@clinic.example" && line.clinicianEmail == "administrator (unix user root)")
    }

    @Test("Not required: the password alone signs in; a clinician may set up the app from the header's link and is asked for codes from then on")
    func optional() async throws {
        let fixture = try await F.make()
        var browser = await fixture.grace()
        #expect(await browser.get("/team").status == 200)
        #expect(await browser.get("/team").bodyText?.contains(#"href="/team/second-factor""#) == true)
        _ = try await Self.enroll(&browser, fixture)
        var next = fixture.client(address: "192.0.2.50")
        #expect(await next.signIn("grace@clinic.example", F.gracePassword).header("location") == "/team/login/code")
    }
}
