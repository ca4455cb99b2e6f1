/// Where a peer stops knowing a history whose prefix knowledge only grows.
///
/// A history (a store's knowledge rows, a server's revisions) keeps with each entry its prefix:
/// the entry's knowledge vector merged with every earlier entry's. A peer that covers an entry's
/// prefix has everything up to that entry, and prefixes only grow, so "covered up to `n`" holds
/// for every `n` up to some point and for none after it: a binary search finds that point. Both
/// the store (``_Knowledge``) and the sync server's pulls use it.
package enum _PrefixSearch {
    /// The lowest number in `low...high` for which `covered` is false, or `high + 1` when it
    /// holds for all of them. `covered(n)` says whether the peer has every entry numbered `n` or
    /// less; it must hold up to some number and not after it (an entry whose prefix is not known
    /// counts as not covered, which only makes the search read more).
    /// - Complexity: about log₂(high − low) calls of `covered`.
    package static func firstUncovered(_ low: Int64, _ high: Int64, covered: (Int64) throws -> Bool) rethrows -> Int64 {
        var (low, high) = (low, high)
        while low <= high {
            let middle = low + (high - low) / 2
            if try covered(middle) { low = middle + 1 } else { high = middle - 1 }
        }
        return low
    }
}
