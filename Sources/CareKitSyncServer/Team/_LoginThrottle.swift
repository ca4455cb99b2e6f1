import Foundation

/// Failed sign-ins, counted per account and per client address: after `limit` failures within
/// `window`, that account (or address) waits until the oldest of the last `limit` of them is
/// `window` old. A waiting sign-in is refused before its password is checked, so guessing gains
/// nothing. The counts are kept in storage, so several servers on one database share them.
struct _LoginThrottle: Sendable {
    let storage: any SyncStorage
    let limit: Int
    let window: TimeInterval

    init(storage: any SyncStorage, limit: Int = 5, window: TimeInterval = 15 * 60) {
        self.storage = storage
        self.limit = max(1, limit)
        self.window = window
    }

    static func accountKey(_ email: String) -> String { "account:" + email }
    static func addressKey(_ address: String) -> String { "address:" + address }

    /// How long these keys must still wait at `now`; nil when they may try.
    func wait(_ keys: [String], now: Date) throws -> TimeInterval? {
        var longest: TimeInterval?
        for recent in try storage.loginFailures(keys: keys, since: now.addingTimeInterval(-window)).values {
            let counted = recent.filter { now.timeIntervalSince($0) < window }
            guard counted.count >= limit, let oldest = counted.suffix(limit).first else { continue }
            longest = max(longest ?? 0, window - now.timeIntervalSince(oldest))
        }
        return longest
    }

    /// Counts a failure under each key; failures older than the window are forgotten, so a
    /// flood of addresses cannot fill storage for long.
    func fail(_ keys: [String], now: Date) throws {
        try storage.addLoginFailure(keys: keys, at: now, forgettingBefore: now.addingTimeInterval(-window))
    }

    func succeed(_ keys: [String]) throws {
        try storage.removeLoginFailures(keys: keys)
    }

    /// "3 minutes", "1 minute", rounded up.
    static func words(_ interval: TimeInterval) -> String {
        let minutes = max(1, Int((interval / 60).rounded(.up)))
        return minutes == 1 ? "1 minute" : "\(minutes) minutes"
    }
}
