import Foundation
import Testing

@testable import CareKitStore

/// The store's own UUID text reading and writing agrees with Foundation's.
@Suite("UUID text")
struct UUIDTextTests {
    @Test("Writes what uuidString writes, and reads it back")
    func roundTrip() {
        for _ in 0..<200 {
            let uuid = UUID()
            let text = _UUIDTexts.string(uuid)
            #expect(text == uuid.uuidString)
            #expect(_UUIDTexts.parse(text) == uuid)
            #expect(_UUIDTexts.parse(text.lowercased()) == uuid)
        }
        let extremes = ["00000000-0000-0000-0000-000000000000", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF"]
        for text in extremes { #expect(_UUIDTexts.parse(text).map(_UUIDTexts.string) == text) }
    }

    static let malformedTexts = [
        "", "E621E1F8-C36C-495A-93FC-0C247A3E6E5", "E621E1F8-C36C-495A-93FC-0C247A3E6E5FF",
        "E621E1F8C36C-495A-93FC-0C247A3E6E5F0", "E621E1F8-C36C-495A-93FC-0C247A3E6E5G",
        "E621E1F8-C36C_495A-93FC-0C247A3E6E5F", "{621E1F8-C36C-495A-93FC-0C247A3E6E5F", "É621E1F8-C36C-495A-93FC-0C247A3E6E5"
    ]

    @Test("Refuses what UUID(uuidString:) refuses", arguments: malformedTexts)
    func malformed(_ text: String) {
        #expect(UUID(uuidString: text) == nil)
        #expect(_UUIDTexts.parse(text) == nil)
    }

    @Test("Lists of uuids read back as written; empty and malformed items are skipped")
    func lists() {
        let uuids = [UUID(), UUID(), UUID()]
        #expect(_Encoding.uuidList(_Encoding.uuidList(uuids)) == uuids)
        #expect(_Encoding.uuidList("") == [])
        let text = _Encoding.uuidList(uuids)
        #expect(_Encoding.uuidList(",," + text + ",nonsense,") == uuids)
    }
}
