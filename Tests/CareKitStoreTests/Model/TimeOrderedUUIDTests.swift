import Foundation
import Testing

@testable import CareKitStore

/// The uuids and ids CareKit makes by default are time-ordered (RFC 9562, version 7), so that
/// a store's new rows land at the end of its indexes; they must still be valid UUIDs, and their
/// order must be the order they were made in, whatever the clock does.
@Suite("Time-ordered uuids")
struct TimeOrderedUUIDTests {
    /// The 16 bytes of `uuid`.
    static func bytes(_ uuid: UUID) -> [UInt8] { withUnsafeBytes(of: uuid.uuid) { Array($0) } }

    /// The milliseconds since 1970 in the first 48 bits.
    static func milliseconds(_ uuid: UUID) -> UInt64 { bytes(uuid).prefix(6).reduce(0) { $0 << 8 | UInt64($1) } }

    @Test("Version 7, RFC variant, and the time they were made in their first 48 bits")
    func layout() {
        let instant = Date(timeIntervalSince1970: 1_767_225_600.123)  // 2026-01-01 00:00:00.123 UTC
        let uuid = _TimeOrderedUUID.Generator().make(now: instant.addingTimeInterval(86_400 * 365 * 20))
        let bytes = Self.bytes(uuid)
        #expect(bytes[6] >> 4 == 7, "version nibble")
        #expect(bytes[8] >> 6 == 0b10, "variant bits")
        #expect(UUID(uuidString: uuid.uuidString) == uuid)
        #expect(uuid.uuidString.dropFirst(14).first == "7")

        let fixed = _TimeOrderedUUID.make(milliseconds: 1_767_225_600_123, sequence: 0xABC, random: .max)
        // What Python's uuid module makes of the same fields (version 7).
        #expect(fixed.uuidString == "019B76DA-A87B-7ABC-BFFF-FFFFFFFFFFFF")
        #expect(Self.milliseconds(fixed) == 1_767_225_600_123)
    }

    @Test("Ten thousand made in one millisecond sort in the order they were made, as uuids and as text")
    func orderWithinAMillisecond() {
        let instant = Date(timeIntervalSince1970: 1_767_225_600)
        let made = (0..<10_000).map { _ in _TimeOrderedUUID.make(now: instant) }
        #expect(Set(made).count == made.count)
        let texts = made.map(\.uuidString)
        #expect(texts == texts.sorted(), "text order is the order they were made")
        #expect(made.map(Self.bytes).elementsEqual(made.map(Self.bytes).sorted { $0.lexicographicallyPrecedes($1) }))
    }

    @Test("A clock that goes back (daylight saving does not, but a corrected clock does) does not take them back")
    func clockGoingBack() {
        let generator = _TimeOrderedUUID.Generator()
        let later = generator.make(now: Date(timeIntervalSince1970: 1_900_000_000))
        let earlierClock = generator.make(now: Date(timeIntervalSince1970: 1_899_996_400))  // an hour before
        #expect(earlierClock.uuidString > later.uuidString)
    }

    @Test("Any clock gives a valid one, in order: before 1970, past what 48 bits hold, infinite, not a number")
    func unusualClocks() {
        // A generator of its own: the process's is not taken to the end of time.
        let generator = _TimeOrderedUUID.Generator()
        var previous = generator.make(now: Date(timeIntervalSince1970: 0))
        for seconds in [-1e12, 1e15, .infinity, -.infinity, .nan, 1_767_225_600] as [Double] {
            let uuid = generator.make(now: Date(timeIntervalSince1970: seconds))
            #expect(Self.bytes(uuid)[6] >> 4 == 7 && Self.bytes(uuid)[8] >> 6 == 0b10, "\(seconds)")
            #expect(uuid.uuidString > previous.uuidString, "\(seconds)")
            previous = uuid
        }
        #expect(_TimeOrderedUUID.milliseconds(of: Date(timeIntervalSince1970: .nan)) == 0)
        #expect(_TimeOrderedUUID.milliseconds(of: Date(timeIntervalSince1970: 1e15)) == _TimeOrderedUUID.latestMilliseconds)
        #expect(_TimeOrderedUUID.milliseconds(of: Date(timeIntervalSince1970: -5)) == 0)
    }

    @Test("New entities and the store's new versions get them; an update sorts after the version it follows")
    func defaults() async throws {
        let outcome = OCKOutcome(taskUUID: UUID(), taskOccurrenceIndex: 0, values: [])
        let task = OCKTask(id: "walk", title: "Walk", carePlanUUID: nil, schedule: .dailyAtTime(hour: 8, minutes: 0, start: Date(timeIntervalSince1970: 1_767_225_600), end: nil, text: nil))
        for uuid in [outcome.uuid, try #require(UUID(uuidString: outcome.id)), task.uuid, OCKPatient(id: "ada", givenName: "Ada", familyName: "L").uuid] {
            #expect(Self.bytes(uuid)[6] >> 4 == 7)
        }
        #expect(outcome.uuid.uuidString > outcome.id, "made after the id")

        let store = OCKStore(name: "ordered", type: .inMemory, clock: { Date(timeIntervalSince1970: 1_767_225_600) })
        let first = try await store.addTask(task)
        var changed = first
        changed.title = "A longer walk"
        changed.effectiveDate = Date(timeIntervalSince1970: 1_767_225_600 + 86_400 * 3)
        let second = try await store.updateTask(changed)
        #expect(Self.bytes(second.uuid)[6] >> 4 == 7)
        #expect(second.uuid.uuidString > first.uuid.uuidString)
    }
}
