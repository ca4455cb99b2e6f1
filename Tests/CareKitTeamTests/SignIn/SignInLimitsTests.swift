import CareKitHTTP
import Foundation
import Testing

@testable import CareKitSyncServer
@testable import CareKitTeam

/// How sign-ins are limited (docs/team.md, "Limits"): attempts counted before their password
/// is checked, waits per (account, address) that grow, an account or an address under a real
/// attack waiting everywhere, a bounded number checked at once, and every attempt audited.
@Suite("Care team sign-in limits")
struct SignInLimitsTests {
    typealias F = TeamFixture

    /// Sends `passwords` for `email` all at once, each from `address(i)`; the statuses.
    static func simultaneous(_ fixture: F, _ email: String, _ passwords: [String], address: @escaping @Sendable (Int) -> String) async -> [Int] {
        await withTaskGroup(of: Int.self) { group in
            for (index, password) in passwords.enumerated() {
                group.addTask {
                    var browser = fixture.client(address: address(index))
                    _ = await browser.get("/team/login")
                    return await browser.signIn(email, password).status
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
    }

    @Test("40 guesses sent at once from one address: at most 3 passwords are checked, the rest wait unchecked")
    func simultaneousGuesses() async throws {
        let fixture = try await F.make()
        let guesses = (0..<39).map { "guess number \($0) of many" } + [F.gracePassword]
        let statuses = await Self.simultaneous(fixture, "grace@clinic.example", guesses.shuffled()) { _ in "198.51.100.7" }
        let checked = statuses.filter { $0 == 401 || $0 == 303 }.count
        // The right password, when it is among the first three let through, forgets the pair's
        // failures (as it should: it is the account's owner), so up to three more are checked
        // after it; without it at most three are. 40 of 40 were checked before the fix.
        #expect(checked <= (statuses.contains(303) ? 6 : 3), "\(statuses)")
        #expect(statuses.filter { $0 == 429 }.count == 40 - checked)
        let counted = try fixture.service.storage.loginFailures(keys: ["pair:grace@clinic.example 198.51.100.7"], since: .distantPast)
        #expect((counted.values.first?.count ?? 0) <= 3, "refused attempts are not checked, so not counted")
    }

    @Test("Behind one clinic's NAT, one person's five typos make only that person wait; colleagues and the same person at home sign in")
    func sharedAddress() async throws {
        let fixture = try await F.make()
        var nurse = fixture.client(address: "203.0.113.5")
        for _ in 0..<3 { #expect(await nurse.signIn("grace@clinic.example", "grace's long passwort").status == 401) }
        #expect(await nurse.signIn("grace@clinic.example", "grace's long passwort").status == 429)
        fixture.clock.advance(16)
        #expect(await nurse.signIn("grace@clinic.example", "grace's long passwort").status == 401)
        #expect(await nurse.signIn("grace@clinic.example", F.gracePassword).status == 429, "the typist waits 30 s now")
        var colleague = fixture.client(address: "203.0.113.5")
        #expect(await colleague.signIn("alan@clinic.example", F.alanPassword).status == 303, "the same address, another account")
        var home = fixture.client(address: "192.0.2.99")
        #expect(await home.signIn("grace@clinic.example", F.gracePassword).status == 303, "a fresh address, the right password")
    }

    @Test("An account guessed at from 20 addresses waits everywhere, the right password too; other accounts do not")
    func accountUnderAttack() async throws {
        let fixture = try await F.make()
        for index in 0..<20 {
            var bot = fixture.client(address: "198.51.100.\(index + 1)")
            #expect(await bot.signIn("grace@clinic.example", "guess \(index) guess guess").status == 401)
        }
        var grace = fixture.client(address: "192.0.2.99")
        let waiting = await grace.signIn("grace@clinic.example", F.gracePassword)
        #expect(waiting.status == 429 && waiting.bodyText?.contains("Wait 15 seconds") == true)
        var alan = fixture.client(address: "198.51.100.1")
        #expect(await alan.signIn("alan@clinic.example", F.alanPassword).status == 303)
        fixture.clock.advance(16)
        #expect(await grace.signIn("grace@clinic.example", F.gracePassword).status == 303)
    }

    @Test("One address guessing across 20 accounts waits, for a real account too; other addresses do not")
    func addressSpraying() async throws {
        let fixture = try await F.make()
        var sprayer = fixture.client(address: "198.51.100.66")
        for index in 0..<20 { #expect(await sprayer.signIn("user\(index)@clinic.example", "Winter2026!Winter").status == 401) }
        #expect(await sprayer.signIn("alan@clinic.example", F.alanPassword).status == 429)
        var alan = fixture.client(address: "192.0.2.31")
        #expect(await alan.signIn("alan@clinic.example", F.alanPassword).status == 303)
    }

    @Test("When every place is taken, a sign-in is told in words to come back (429, Retry-After) and nothing is counted")
    func busy() async throws {
        let fixture = try await F.make()
        let places = fixture.dashboard.signInPlaces
        var taken = 0
        while places.enter() { taken += 1 }
        #expect(taken == 8)
        var grace = fixture.client(address: "192.0.2.40")
        let busy = await grace.signIn("grace@clinic.example", "guess guess guess")
        #expect(busy.status == 429 && busy.header("Retry-After") == "2" && busy.bodyText?.contains("Try again in a few seconds") == true)
        #expect(try fixture.service.storage.loginFailures(keys: ["account:grace@clinic.example"], since: .distantPast).isEmpty)
        for _ in 0..<taken { places.leave() }
        #expect(await grace.signIn("grace@clinic.example", F.gracePassword).status == 303)
        #expect(places.inUse == 0, "every sign-in gives its place back")
    }

    @Test("Sign-ins, failures, refusals and sign-outs are audited with the address, never with what was typed as a password")
    func audited() async throws {
        let fixture = try await F.make()
        var browser = fixture.client(address: "192.0.2.50")
        #expect(await browser.signIn("grace@clinic.example", "wrong but long password").status == 401)
        #expect(await browser.signIn("not an e-mail secret-ish", "x").status == 401)
        #expect(await browser.signIn("nobody@clinic.example", "also wrong password").status == 401)
        for _ in 0..<2 { _ = await browser.signIn("grace@clinic.example", "wrong but long password") }
        #expect(await browser.signIn("grace@clinic.example", F.gracePassword).status == 429)
        fixture.clock.advance(60)
        #expect(await browser.signIn("grace@clinic.example", F.gracePassword).status == 303)
        #expect(await browser.post("/team/logout").status == 303)
        let lines = try fixture.service.storage.auditEntries(after: 0, limit: 100).filter { $0.address == "192.0.2.50" }
        let summary = lines.map { "\($0.clinicianEmail): \($0.action)" }
        #expect(
            summary == [
                "grace@clinic.example: failed sign-in (wrong password or unknown account)",
                "unknown account: failed sign-in (wrong password or unknown account)",
                "unknown account nobody@clinic.example: failed sign-in (wrong password or unknown account)",
                "grace@clinic.example: failed sign-in (wrong password or unknown account)",
                "grace@clinic.example: failed sign-in (wrong password or unknown account)",
                "grace@clinic.example: sign-in refused without checking the password: too many failed sign-ins, waits 15 seconds",
                "grace@clinic.example: signed in",
                "grace@clinic.example: signed out"
            ], "\(summary)")
        #expect(!summary.joined().contains("wrong but long") && !summary.joined().contains("secret-ish"))
        #expect(lines.allSatisfy { $0.patient == nil })
    }
}
