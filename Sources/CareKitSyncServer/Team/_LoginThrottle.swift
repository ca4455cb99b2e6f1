import Foundation
import Synchronization

/// Failed sign-ins, counted per account and per client address: after `limit` failures within
/// `window`, that account (or address) waits until the oldest of them is `window` old. A
/// waiting sign-in is refused before its password is checked, so guessing gains nothing.
/// Counts live in this server's memory (several servers each count their own).
final class _LoginThrottle: Sendable {
    let limit: Int
    let window: TimeInterval
    private let failures = Mutex<[String: [Date]]>([:])

    init(limit: Int = 5, window: TimeInterval = 15 * 60) {
        self.limit = max(1, limit)
        self.window = window
    }

    static func accountKey(_ email: String) -> String { "account:" + email }
    static func addressKey(_ address: String) -> String { "address:" + address }

    /// How long these keys must still wait at `now`; nil when they may try.
    func wait(_ keys: [String], now: Date) -> TimeInterval? {
        failures.withLock { table in
            var longest: TimeInterval?
            for key in keys {
                let recent = (table[key] ?? []).filter { now.timeIntervalSince($0) < window }
                table[key] = recent.isEmpty ? nil : recent
                guard recent.count >= limit, let oldest = recent.suffix(limit).first else { continue }
                longest = max(longest ?? 0, window - now.timeIntervalSince(oldest))
            }
            return longest
        }
    }

    func fail(_ keys: [String], now: Date) {
        failures.withLock { table in
            for key in keys {
                var list = (table[key] ?? []).filter { now.timeIntervalSince($0) < window }
                list.append(now)
                table[key] = Array(list.suffix(limit))
            }
            // Forget keys that no longer count, so a flood of addresses cannot fill memory for long.
            if table.count > 100_000 { table = table.filter { $0.value.contains { now.timeIntervalSince($0) < window } } }
        }
    }

    func succeed(_ keys: [String]) {
        failures.withLock { table in for key in keys { table[key] = nil } }
    }

    /// "3 minutes", "1 minute", rounded up.
    static func words(_ interval: TimeInterval) -> String {
        let minutes = max(1, Int((interval / 60).rounded(.up)))
        return minutes == 1 ? "1 minute" : "\(minutes) minutes"
    }
}
