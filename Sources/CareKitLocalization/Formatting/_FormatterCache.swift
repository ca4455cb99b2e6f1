import Foundation

/// Foundation formatters, made once per key and shared: each is used under the cache's lock
/// (they are not thread-safe), and the cache is emptied when it holds `capacity` of them.
final class _FormatterCache<Formatter: AnyObject>: @unchecked Sendable {
    private var formatters: [String: Formatter] = [:]
    private let lock = NSLock()
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// `body` applied to the formatter of `key` (made by `make` the first time).
    func use<Result>(_ key: String, make: () -> Formatter, _ body: (Formatter) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        if let formatter = formatters[key] { return body(formatter) }
        let formatter = make()
        if formatters.count >= capacity { formatters.removeAll() }
        formatters[key] = formatter
        return body(formatter)
    }
}
