import Foundation
import Synchronization

/// Time-ordered UUIDs (version 7 of RFC 9562): 48 bits of Unix time in milliseconds, then a
/// 12-bit sequence, then 62 random bits. The uuids and ids a CareKit app makes by default are
/// these, so that each new row of a store lands at the end of the uuid and id indexes instead
/// of on a random page of each: a batch of 1,000 outcomes dirties a few pages per index, not a
/// thousand (issue 32, part 1 of carekit-bench: bulk `addOutcomes` 1.26–1.47× faster than with
/// random ids in the same runs, 4.8 KiB written per outcome instead of 10.2). They are still UUIDs,
/// unique without coordination, read as any other by every CareKit and FHIR reader.
///
/// Within one process they increase strictly, in the order they are made: two made in the same
/// millisecond differ by the sequence (4,096 a millisecond; past that the time moves on by one
/// millisecond), and a clock that goes back does not take them back.
package enum _TimeOrderedUUID {
    /// Makes them in order: the last time and sequence given out, under a lock. The process has
    /// one (``make(now:)``); a test makes its own so that the clocks it tries stay its own.
    package final class Generator: Sendable {
        private struct State {
            var milliseconds: UInt64 = 0
            var sequence: UInt16 = 0
        }

        private let state = Mutex(State())

        package init() {}

        /// A new uuid, made at `now` (the clock's time for the first 48 bits).
        package func make(now: Date) -> UUID {
            var random = SystemRandomNumberGenerator()
            let wall = _TimeOrderedUUID.milliseconds(of: now)
            let (milliseconds, sequence) = state.withLock { state -> (UInt64, UInt16) in
                if wall > state.milliseconds {
                    // A new millisecond starts its sequence low and random, leaving room to count.
                    state.milliseconds = wall
                    state.sequence = UInt16.random(in: 0...0x3FF, using: &random)
                } else if state.sequence < 0xFFF {
                    state.sequence += 1
                } else if state.milliseconds < _TimeOrderedUUID.latestMilliseconds {
                    state.milliseconds += 1
                    state.sequence = 0
                } else {
                    // A clock at the end of what 48 bits hold: still unique (62 random bits), no
                    // longer in order.
                    state.sequence = 0
                }
                return (state.milliseconds, state.sequence)
            }
            return _TimeOrderedUUID.make(milliseconds: milliseconds, sequence: sequence, random: random.next())
        }
    }

    private static let shared = Generator()

    /// A new uuid, made at `now` (the clock's time for the first 48 bits), in order with every
    /// other this process made.
    package static func make(now: Date = Date()) -> UUID {
        shared.make(now: now)
    }

    /// The largest time 48 bits hold (the year 10889).
    static let latestMilliseconds: UInt64 = (1 << 48) - 1

    /// `date` in milliseconds since 1970, within what 48 bits hold: a clock before 1970 counts as
    /// 1970, one past the year 10889 (or not a number: an injected clock can say anything) as
    /// the latest time, so that no clock makes the conversion trap.
    static func milliseconds(of date: Date) -> UInt64 {
        let value = date.timeIntervalSince1970 * 1_000
        guard value.isFinite else { return value > 0 ? latestMilliseconds : 0 }
        return UInt64(min(max(value, 0), Double(latestMilliseconds)))
    }

    /// The uuid of `milliseconds` since 1970, `sequence` (12 bits) and `random` (62 bits are
    /// used): for callers that choose their own randomness (the benchmark's seeded fixtures).
    package static func make(milliseconds: UInt64, sequence: UInt16, random: UInt64) -> UUID {
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<6 { bytes[index] = UInt8(truncatingIfNeeded: milliseconds >> (8 * (5 - index))) }
        bytes[6] = 0x70 | UInt8(truncatingIfNeeded: (sequence >> 8) & 0x0F)
        bytes[7] = UInt8(truncatingIfNeeded: sequence)
        for index in 8..<16 { bytes[index] = UInt8(truncatingIfNeeded: random >> (8 * (15 - index))) }
        bytes[8] = 0x80 | (bytes[8] & 0x3F)
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
