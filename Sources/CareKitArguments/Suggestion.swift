/// "Did you mean …?" for a name typed wrongly.
package enum Suggestion {
    /// The candidate equal to `name` but for case, else the nearest within a few edits.
    package static func closest(to name: String, in candidates: [String]) -> String? {
        if let match = candidates.first(where: { $0.lowercased() == name.lowercased() }) { return match }
        let limit = max(1, min(3, name.count / 3))
        let scored = candidates.map { ($0, distance(name.lowercased(), $0.lowercased())) }.filter { $0.1 <= limit }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// The Levenshtein distance: insertions, deletions and substitutions.
    ///
    /// - Complexity: O(*m* × *n*).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
