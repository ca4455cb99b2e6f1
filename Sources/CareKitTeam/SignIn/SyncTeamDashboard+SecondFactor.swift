import CareKitHTTP
import CareKitOTP
import CareKitSyncServer
import Foundation

/// Two-step sign-in (docs/team.md, "Two-step sign-in"): after the right password, a clinician
/// who set up an authenticator app types its current code (or one of their recovery codes);
/// with `requireSecondFactor` a clinician who has none sets one up before anything else.
///
/// * ``TeamRoute/secondStep`` (`GET|POST /team/login/code`): the second step.
/// * ``TeamRoute/secondFactor`` (`GET|POST /team/second-factor`): setting up the app: its QR
///   code, the `otpauth://` URI and the secret to type, confirmed by a first code; the recovery
///   codes are then shown once.
///
/// Wrong codes are counted per account (five free, then waits that double), apart from
/// passwords: knowing the password does not buy more guesses at the code. A code is taken once:
/// the same code cannot sign in twice, even within its 30 seconds.
extension SyncTeamDashboard {
    /// A session between its password and its second step lasts this long.
    static let secondStepTimeout: TimeInterval = 10 * 60
    /// Recovery codes made at enrollment.
    static let recoveryCodeCount = 10

    /// Where a session that is not signed in yet goes next.
    static func page(of stage: SyncSessionStage) -> String {
        switch stage {
        case .signedIn: TeamRoute.patients.path
        case .needsCode: TeamRoute.secondStep.path
        case .needsEnrollment: TeamRoute.secondFactor.path
        }
    }

    /// The stage a clinician whose password was right starts at.
    func stageAfterPassword(_ clinician: SyncClinician) throws -> SyncSessionStage {
        if try service.storage.secondFactor(of: clinician.id) != nil { return .needsCode }
        return policy.requireSecondFactor ? .needsEnrollment : .signedIn
    }

    // MARK: The second step

    /// The session at `stage`, or the refusal (to sign-in, or to the page its stage needs).
    private func session(_ request: HTTPRequest, at stages: Set<SyncSessionStage>) throws -> (session: SyncTeamSession, hash: Data) {
        guard let found = try anySession(request) else {
            if request.method == "GET" { throw Refusal(response: .redirect(to: TeamRoute.signIn.path)) }
            throw Refusal(response: .html(_TeamPages.message(loc("Signed out"), loc("Your sign-in has ended. Sign in again."), link: (loc("Sign in"), TeamRoute.signIn.path)), status: 403))
        }
        guard stages.contains(found.session.stage) else { throw Refusal(response: .redirect(to: Self.page(of: found.session.stage))) }
        return found
    }

    func codePage(_ request: HTTPRequest, message: String?, status: Int = 200) throws -> HTTPResponse {
        let (session, _) = try session(request, at: [.needsCode])
        return page(request, status: status) { _TeamPages.codeForm(csrf: $0, email: session.clinician.email, message: message) }
    }

    func checkCode(_ request: HTTPRequest) throws -> HTTPResponse {
        let form = try verifiedForm(request)
        let (session, hash) = try session(request, at: [.needsCode])
        let clinician = session.clinician
        let typed = (form["code"] ?? "").trimmingCharacters(in: .whitespaces)
        let from = address(request)
        guard let attempt = DeviceToken.generate() else {
            return try codePage(request, message: loc("The system's random source could not be used; try again."), status: 503)
        }
        if let wait = try throttle.beginCode(attempt, email: clinician.email, now: clock()) {
            try auditSignIn(clinician, typed: "", "second step refused without checking the code: too many wrong codes, waits \(inEnglish { _LoginThrottle.words(wait) })", from)
            var response = try codePage(
                request, message: loc("Too many wrong codes for this account. Wait {wait} and try again.", ["wait": _LoginThrottle.words(wait)]), status: 429)
            response.setHeader("Retry-After", String(Int(wait.rounded(.up))))
            return response
        }
        let how: String
        if typed.filter(\.isNumber).count == 6 && typed.count <= 8 {
            guard let factor = try service.storage.secondFactor(of: clinician.id),
                let step = TOTP(secret: Array(factor.secret)).matchingStep(typed, at: clock())
            else {
                try auditSignIn(clinician, typed: "", "wrong authenticator code", from)
                return try codePage(request, message: loc("That code is not the one your authenticator app shows now. Type the current code."), status: 401)
            }
            guard try service.storage.takeTimeStep(step, of: clinician.id) else {
                try auditSignIn(clinician, typed: "", "authenticator code used again, refused", from)
                return try codePage(request, message: loc("That code was already used. Wait for the next one (at most 30 seconds) and type it."), status: 401)
            }
            how = "password and authenticator code"
        } else {
            let (used, left) = try service.storage.useRecoveryCode(hash: Self.recoveryHash(typed, clinician: clinician.id), of: clinician.id, at: clock())
            guard used else {
                try auditSignIn(clinician, typed: "", "wrong or used recovery code", from)
                return try codePage(request, message: loc("That is neither the current code nor an unused recovery code."), status: 401)
            }
            how = "password and a recovery code, \(left) left"
        }
        try throttle.succeedCode(attempt, email: clinician.email)
        // A new cookie for the signed-in session: the one that carried the first step ends.
        guard let token = DeviceToken.generate() else {
            return try codePage(request, message: loc("The system's random source could not be used; try again."), status: 503)
        }
        try service.storage.removeSession(hash: hash)
        try service.storage.addSession(hash: DeviceToken.hash(token), clinician: clinician.id, at: clock(), stage: .signedIn)
        try auditSignIn(clinician, typed: "", "signed in (\(how))", from)
        var response = HTTPResponse.redirect(to: TeamRoute.patients.path)
        response.headers.append(("Set-Cookie", sessionCookie(token)))
        return response
    }

    // MARK: Setting up the authenticator app

    func enrollmentPage(_ request: HTTPRequest, message: String?, status: Int = 200) throws -> HTTPResponse {
        let (session, hash) = try session(request, at: [.signedIn, .needsEnrollment])
        let clinician = session.clinician
        if try service.storage.secondFactor(of: clinician.id) != nil {
            return page(request) { _TeamPages.secondFactorIsSet(csrf: $0, clinician: clinician) }
        }
        let secret: Data
        if let pending = session.pendingSecret {
            secret = pending
        } else {
            guard let made = TOTP.generate() else {
                return .html(_TeamPages.message(loc("Not available right now"), loc("The system's random source could not be used; try again.")), status: 503)
            }
            secret = Data(made.secret)
            try service.storage.setSessionStage(hash: hash, stage: session.stage, pendingSecret: secret)
        }
        let totp = TOTP(secret: Array(secret))
        let uri = totp.uri(issuer: policy.issuer, account: clinician.email)
        let qr = (try? QRCode(text: uri, correction: .medium)).map { $0.svg(label: loc("QR code of the authenticator app's key"), moduleSize: 5) }
        return page(request, status: status) {
            _TeamPages.enrollment(
                csrf: $0, clinician: clinician, uri: uri, secret: Base32.encode(totp.secret), qrSVG: qr, required: session.stage == .needsEnrollment,
                message: message)
        }
    }

    func enroll(_ request: HTTPRequest) throws -> HTTPResponse {
        let form = try verifiedForm(request)
        let (session, hash) = try session(request, at: [.signedIn, .needsEnrollment])
        let clinician = session.clinician
        guard let secret = session.pendingSecret, try service.storage.secondFactor(of: clinician.id) == nil else {
            return try enrollmentPage(request, message: nil)
        }
        guard let attempt = DeviceToken.generate() else { return try enrollmentPage(request, message: loc("The system's random source could not be used; try again."), status: 503) }
        if let wait = try throttle.beginCode(attempt, email: clinician.email, now: clock()) {
            return try enrollmentPage(request, message: loc("Too many wrong codes. Wait {wait} and try again.", ["wait": _LoginThrottle.words(wait)]), status: 429)
        }
        guard let step = TOTP(secret: Array(secret)).matchingStep(form["code"] ?? "", at: clock()) else {
            return try enrollmentPage(
                request, message: loc("That code does not match. Check that the app added this key, then type the code it shows now."), status: 400)
        }
        try throttle.succeedCode(attempt, email: clinician.email)
        var codes: [String] = []
        for _ in 0..<Self.recoveryCodeCount {
            guard let code = Self.recoveryCode() else { return try enrollmentPage(request, message: loc("The system's random source could not be used; try again."), status: 503) }
            codes.append(code)
        }
        try service.storage.enrollSecondFactor(
            clinician: clinician.id, secret: secret, step: step, recoveryCodes: codes.map { Self.recoveryHash($0, clinician: clinician.id) }, session: hash,
            audit: SyncAuditEntry(
                date: clock(), clinician: clinician.id, clinicianEmail: clinician.email, patient: nil,
                action: "set up two-step sign-in (authenticator app, \(codes.count) recovery codes)", address: address(request)))
        return page(request) { _TeamPages.recoveryCodes(csrf: $0, clinician: clinician, codes: codes) }
    }

    // MARK: Recovery codes

    /// A recovery code: 80 random bits as 16 Base32 letters in groups of four
    /// ("abcd-efgh-ijkm-nopq"), or nil when the random source fails.
    static func recoveryCode() -> String? {
        guard let random = DeviceToken.generate() else { return nil }
        var bytes: [UInt8] = []
        var index = random.startIndex
        while bytes.count < 10, let next = random.index(index, offsetBy: 2, limitedBy: random.endIndex) {
            bytes.append(UInt8(random[index..<next], radix: 16) ?? 0)
            index = next
        }
        let letters = Array(Base32.encode(bytes).lowercased())
        return stride(from: 0, to: 16, by: 4).map { String(letters[$0..<$0 + 4]) }.joined(separator: "-")
    }

    /// How a recovery code is kept: a hash of the clinician's number and the code as typed
    /// without case, spaces or dashes (80 random bits need no slow hash).
    static func recoveryHash(_ typed: String, clinician: Int64) -> Data {
        let normalized = typed.lowercased().filter { $0 != "-" && $0 != " " }
        return DeviceToken.hash("recovery-code \(clinician) \(normalized)")
    }
}
