import CareKitHTTP
import CareKitSecrets
import Synchronization

/// The passcode lock's memory. Which browsers are unlocked is kept here only: each unlocked
/// browser holds a random cookie, of which the server keeps the BLAKE2b digest and the last
/// time the browser was used (by ``clock``, injected); a browser not used for the passcode's
/// minutes, locked by Lock now, or unlocked before the server started is locked. Wrong
/// passcodes are counted here too, for the whole app (on one machine every browser shares an
/// address, and a cookie is easily dropped): ``freeAttempts`` free, then waits that double.
final class _AppLock: Sendable {
    /// The passcode the store keeps: its Argon2id hash (never the passcode) and the minutes
    /// without use after which a browser locks.
    struct Passcode: Sendable, Equatable {
        var hash: String
        var idleMinutes: Int

        /// The minutes the settings page offers, and the default.
        static let minuteChoices = [1, 5, 15, 60]
        static let defaultMinutes = 5
        /// The longest wait the store may name (a day), for a value written by hand.
        static let longestIdle = 1_440

        var idleTime: Duration { .seconds(idleMinutes * 60) }
    }

    /// The cookie of an unlocked browser.
    static let cookie = "carekit_unlock"
    /// Wrong passcodes typed before the first wait.
    static let freeAttempts = 5
    /// The wait after the last free attempt, doubled after each further wrong passcode, up to
    /// ``longestWait``.
    static let firstWait: Duration = .seconds(30)
    static let longestWait: Duration = .seconds(3_600)
    /// Browsers unlocked at once, at most: unlocking another locks the one unused longest.
    static let maximumSessions = 64

    private struct Session {
        var lastUse: ContinuousClock.Instant
        /// The live streams of this browser, each told when the browser locks.
        var endings: [Int: AsyncStream<Void>.Continuation] = [:]
    }

    private struct State {
        var isLoaded = false
        var passcode: Passcode?
        var sessions: [[UInt8]: Session] = [:]
        var failures = 0
        var retryAt: ContinuousClock.Instant?
        var nextEndingID = 0
        /// The live streams opened while the app had no passcode, told when it gets one.
        var unguarded: [Int: AsyncStream<Void>.Continuation] = [:]
    }

    private let state = Mutex(State())
    /// "Now", for the minutes without use and the waits between wrong passcodes.
    let clock: @Sendable () -> ContinuousClock.Instant

    init(clock: @escaping @Sendable () -> ContinuousClock.Instant) {
        self.clock = clock
    }

    // MARK: The passcode

    /// The passcode, read from the store (`load`) on first use; nil: the app has none. An
    /// error `load` throws (the store cannot be read) is rethrown and read again next time.
    func passcode(loading load: () async throws -> Passcode?) async throws -> Passcode? {
        let known = state.withLock { $0.isLoaded ? Optional($0.passcode) : nil }
        if let known { return known }
        let loaded = try await load()
        return state.withLock { state in
            if !state.isLoaded { (state.isLoaded, state.passcode) = (true, loaded) }
            return state.passcode
        }
    }

    /// A new passcode (nil: removed). A new hash locks every browser but `keeping` (and ends
    /// the live streams opened without a passcode); no passcode, every browser.
    func setPasscode(_ passcode: Passcode?, keeping session: [UInt8]?) {
        let ended = state.withLock { state -> [AsyncStream<Void>.Continuation] in
            let changed = state.passcode?.hash != passcode?.hash
            (state.isLoaded, state.passcode) = (true, passcode)
            guard changed else { return [] }
            var ended: [AsyncStream<Void>.Continuation] = []
            if passcode != nil { (ended, state.unguarded) = (Array(state.unguarded.values), [:]) }
            let ending = state.sessions.keys.filter { passcode == nil || $0 != session }
            return ended + ending.flatMap { state.sessions.removeValue(forKey: $0).map { Array($0.endings.values) } ?? [] }
        }
        for continuation in ended { continuation.finish() }
    }

    // MARK: Browsers

    /// The digest of the unlocked session `cookie` names, or nil when that browser is locked.
    /// `use`: the request is the patient's doing, and restarts the minutes without use.
    func session(cookie: String?, use: Bool) -> [UInt8]? {
        sweep()
        guard let cookie, cookie.utf8.count == 64 else { return nil }
        let digest = SecretDigest.blake2b(cookie)
        let now = clock()
        return state.withLock { state in
            guard state.sessions[digest] != nil else { return nil }
            if use { state.sessions[digest]?.lastUse = now }
            return digest
        }
    }

    /// Unlocks a browser: the value of its new cookie (64 hex digits, 256 random bits).
    func unlock() -> String {
        let token = HTTPAccessToken.random()
        let digest = SecretDigest.blake2b(token)
        let now = clock()
        let ended = state.withLock { state -> [AsyncStream<Void>.Continuation] in
            var ended: [AsyncStream<Void>.Continuation] = []
            while state.sessions.count >= Self.maximumSessions, let oldest = state.sessions.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
                ended += state.sessions.removeValue(forKey: oldest).map { Array($0.endings.values) } ?? []
            }
            state.sessions[digest] = Session(lastUse: now)
            return ended
        }
        for continuation in ended { continuation.finish() }
        return token
    }

    /// Locks the browser of `session` (Lock now); its live streams end.
    func lock(_ session: [UInt8]) {
        let ended = state.withLock { $0.sessions.removeValue(forKey: session).map { Array($0.endings.values) } ?? [] }
        for continuation in ended { continuation.finish() }
    }

    /// Locks the browsers not used for the passcode's minutes, and ends their live streams.
    func sweep() {
        let now = clock()
        let ended = state.withLock { state -> [AsyncStream<Void>.Continuation] in
            guard let idle = state.passcode?.idleTime else { return [] }
            let expired = state.sessions.filter { now - $0.value.lastUse >= idle }.map(\.key)
            return expired.flatMap { state.sessions.removeValue(forKey: $0).map { Array($0.endings.values) } ?? [] }
        }
        for continuation in ended { continuation.finish() }
    }

    /// How long the browser of `session` stays unlocked if it is not used; nil when it is locked.
    func remaining(_ session: [UInt8]) -> Duration? {
        let now = clock()
        return state.withLock { state in
            guard let idle = state.passcode?.idleTime, let lastUse = state.sessions[session]?.lastUse else { return nil }
            return max(.zero, idle - (now - lastUse))
        }
    }

    /// Returns when the browser of `session` locks (its minutes pass, Lock now, a new
    /// passcode), or when the task is cancelled: a live stream's end. Without a session (the
    /// app has no passcode), when the app gets one.
    func waitUntilLocked(_ session: [UInt8]?) async {
        let (endings, continuation) = AsyncStream<Void>.makeStream()
        let registered = state.withLock { state -> Int? in
            let id = state.nextEndingID
            if let session {
                guard state.sessions[session] != nil else { return nil }
                state.sessions[session]?.endings[id] = continuation
            } else {
                guard state.passcode == nil else { return nil }
                state.unguarded[id] = continuation
            }
            state.nextEndingID += 1
            return id
        }
        guard let registered else { return }
        defer {
            state.withLock { state in
                if let session { state.sessions[session]?.endings[registered] = nil } else { state.unguarded[registered] = nil }
            }
        }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { for await _ in endings {} }
            // The clock may be a test's: wake when it says the minutes are up, and look again.
            if let session {
                group.addTask { [self] in
                    while !Task.isCancelled, let remaining = remaining(session) {
                        try? await Task.sleep(for: remaining)
                        sweep()
                    }
                }
            }
            await group.next()
            group.cancelAll()
        }
    }

    // MARK: Wrong passcodes

    /// Counts an attempt at the passcode before it is checked (so that attempts in flight at
    /// once count too): nil when it may be checked, else how long to wait. ``accepted()``
    /// forgets the count when the passcode was right.
    func attempt() -> Duration? {
        let now = clock()
        return state.withLock { state in
            if let retryAt = state.retryAt, retryAt > now { return retryAt - now }
            state.failures += 1
            if state.failures >= Self.freeAttempts {
                let doublings = min(state.failures - Self.freeAttempts, 7)
                state.retryAt = now + min(Self.firstWait * (1 << doublings), Self.longestWait)
            }
            return nil
        }
    }

    /// The passcode was right: wrong ones typed before are forgotten.
    func accepted() {
        state.withLock { ($0.failures, $0.retryAt) = (0, nil) }
    }
}
