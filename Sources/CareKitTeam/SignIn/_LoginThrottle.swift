import CareKitSyncServer
import Foundation

/// Sign-in attempts, counted in storage per (account, address) pair, per account and per
/// address (docs/team.md, "Limits"). An attempt is counted before its password is checked, in
/// the same transaction that checks the counts, so guesses sent at once are each counted
/// before the next is let through. A right password uncounts its own attempt and forgets the
/// pair's earlier failures, nothing else: knowing one password clears nothing for another
/// account, nor for the address.
///
/// Under each key, the first `free` failures within `window` cost nothing; from then on the
/// next attempt waits `firstWait` after the latest, doubling with each further failure, at most
/// `window`. The pair's `free` is small (typos); the account's and the address's are large, so
/// five typos behind one clinic's NAT make that one person wait seconds, and the right password
/// from a fresh address still works unless the account has seen a real attack.
struct _LoginThrottle: Sendable {
    /// How many failures each key forgives, and how the wait grows after them.
    struct Rule: Sendable, Hashable {
        var free: Int
        var firstWait: TimeInterval
        var longestWait: TimeInterval

        /// How long an attempt at `now` must still wait after `attempts` (oldest first); nil
        /// when it may go ahead.
        func wait(after attempts: [Date], now: Date) -> TimeInterval? {
            guard attempts.count >= free, let latest = attempts.last else { return nil }
            let doublings = min(attempts.count - free, 30)
            let delay = min(firstWait * Double(1 << doublings), longestWait)
            let left = delay - now.timeIntervalSince(latest)
            return left > 0 ? left : nil
        }
    }

    let storage: any SyncStorage
    let window: TimeInterval
    let pair: Rule
    let account: Rule
    let address: Rule

    init(storage: any SyncStorage, policy: SyncTeamDashboard.Policy) {
        self.storage = storage
        window = max(1, policy.failureWindow)
        let firstWait = max(0.001, policy.firstWait)
        pair = Rule(free: max(1, policy.failuresBeforeWaiting), firstWait: firstWait, longestWait: window)
        account = Rule(free: max(1, policy.accountFailuresBeforeWaiting), firstWait: firstWait, longestWait: window)
        address = Rule(free: max(1, policy.addressFailuresBeforeWaiting), firstWait: firstWait, longestWait: window)
    }

    /// The keys of one sign-in: the pair, the account, the address.
    struct Keys: Sendable, Hashable {
        var pair: String
        var account: String
        var address: String
        var all: [String] { [pair, account, address] }

        init(email: String, address: String) {
            pair = "pair:" + email + " " + address
            account = "account:" + email
            self.address = "address:" + address
        }
    }

    /// Counts an attempt `id` at `now` unless one of its keys must still wait; the wait, or
    /// nil when the attempt was counted and its password may be checked.
    func begin(_ id: String, _ keys: Keys, now: Date) throws -> TimeInterval? {
        try storage.countLoginAttempt(id, keys: keys.all, at: now, since: now.addingTimeInterval(-window)) { counted in
            let waits = [
                pair.wait(after: counted[keys.pair] ?? [], now: now),
                account.wait(after: counted[keys.account] ?? [], now: now),
                address.wait(after: counted[keys.address] ?? [], now: now)
            ]
            return waits.compactMap { $0 }.max()
        }
    }

    /// The password was right: attempt `id` no longer counts, nor the pair's earlier failures.
    func succeed(_ id: String, _ keys: Keys) throws {
        try storage.forgetLoginAttempt(id, clearing: [keys.pair])
    }

    /// Wrong second-step codes of an account, from any address: five free, then the waits
    /// double. A right password clears none of them.
    var code: Rule { Rule(free: 5, firstWait: pair.firstWait, longestWait: window) }

    /// Counts a second-step attempt `id` of the account unless it must still wait; the wait, or
    /// nil when the code may be checked.
    func beginCode(_ id: String, email: String, now: Date) throws -> TimeInterval? {
        let key = "code:" + email
        return try storage.countLoginAttempt(id, keys: [key], at: now, since: now.addingTimeInterval(-window)) { counted in
            code.wait(after: counted[key] ?? [], now: now)
        }
    }

    /// The code was right: the account's wrong codes no longer count.
    func succeedCode(_ id: String, email: String) throws {
        try storage.forgetLoginAttempt(id, clearing: ["code:" + email])
    }

    /// "3 minutes", "1 minute", "15 seconds", rounded up, in the current language.
    static func words(_ interval: TimeInterval) -> String {
        if interval < 59.5 { return loc("{count} seconds", count: max(1, Int(interval.rounded(.up)))) }
        return loc("{count} minutes", count: max(1, Int((interval / 60).rounded(.up))))
    }
}
