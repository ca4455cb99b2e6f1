import CareKitStore
import CareKitSyncProtocol
import Foundation
import Testing

@testable import CareKitSyncServer

/// A push's entities are kept as the device sent them, found by walking the body's bytes.
@Suite("Push bodies: each entity's bytes as sent")
struct PushSlicesTests {
    static func entity(_ id: String) -> OCKEntity {
        var task = OCKTask(id: id, title: id, carePlanUUID: nil, schedule: .dailyAtTime(hour: 8, minutes: 0, start: Date(timeIntervalSince1970: 0), end: nil, text: nil))
        task.uuid = UUID()
        return .task(task)
    }

    @Test("Each slice is exactly one entity, in order, across revisions; what follows it is not included")
    func slicesAreTheEntities() throws {
        let request = OCKSyncPushRequest(
            revisions: [
                OCKRevisionRecord(entities: [Self.entity("a"), Self.entity("b")], knowledgeVector: .init([UUID(): 1])),
                OCKRevisionRecord(entities: [], knowledgeVector: .init([UUID(): 2])),
                OCKRevisionRecord(entities: [Self.entity("c")], knowledgeVector: .init([UUID(): 3]))
            ], deviceKnowledge: nil)
        for formatting in [JSONEncoder.OutputFormatting(), [.prettyPrinted], [.sortedKeys]] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = formatting
            let body = try encoder.encode(request)
            let slices = try #require(_PushSlices.entities(in: body))
            #expect(slices.map(\.count) == [2, 0, 1])
            let decoded = try slices.flatMap { $0 }.map { try JSONDecoder().decode(OCKEntity.self, from: body[$0]) }
            #expect(decoded == request.revisions.flatMap(\.entities))
            let stored = try SyncService.rawRevisions(body, decoded: request)
            #expect(stored.flatMap(\.versions).map(\.uuid) == request.revisions.flatMap(\.entities).map(\.uuid))
        }
    }

    @Test("Fields this version does not know are kept, and keys named like ours inside an entity are not followed")
    func unknownFieldsAndLookalikeKeys() throws {
        let entity = String(decoding: try JSONEncoder().encode(Self.entity("a")), as: UTF8.self)
        let withExtra = entity.dropLast() + #","futureField":{"entities":[1,2],"revisions":"x\"y"}}"#
        let body = Data(#"{"deviceKnowledge":null, "revisions":[{"knowledgeVector":{"processes":[]},"entities":[\#(withExtra)]}]}"#.utf8)
        let slices = try #require(_PushSlices.entities(in: body))
        #expect(slices.count == 1 && slices[0].count == 1)
        #expect(String(decoding: body[slices[0][0]], as: UTF8.self) == withExtra)
    }

    @Test("What the walk does not take gives nil (the caller then reads the body with Foundation): duplicates, trailing bytes")
    func refusals() {
        for text in [
            #"{"revisions":[],"revisions":[]}"#, #"{"revisions":[]} x"#, #"{"revisions":[{"entities":[{}]"#, "[]", ""
        ] {
            #expect(_PushSlices.entities(in: Data(text.utf8)) == nil, "\(text)")
        }
        #expect(_PushSlices.entities(in: Data(#"{"other":1}"#.utf8)) == nil, "no revisions at all")
    }

    @Test("Keys are read by what they say: an escaped key is the same key, and a key given twice is found however it is written")
    func escapedAndDuplicateKeys() {
        #expect(_PushSlices.entities(in: Data(#"{"revi\u0073ions":[{"entities":[{}]}]}"#.utf8))?.map(\.count) == [1])
        for text in [#"{"a":1,"\u0061":2}"#, #"{"x":{"k\u00e9":1,"k\u00E9":2}}"#, #"{"x":[{"id":1,"id":1}]}"#, #"{"\ud83d\ude00":1,"😀":2}"#] {
            #expect(_PushSlices.read(Data(text.utf8)).duplicateKey != nil, "\(text)")
        }
        #expect(_PushSlices.read(Data(#"{"a":1,"b":{"a":2}}"#.utf8)).duplicateKey == nil, "the same key in two objects is not a duplicate")
        #expect(_PushSlices.read(Data(#"{"k":{"processes":[1,2,3]},"processes":[1]}"#.utf8)).largestVector == 3)
    }
}
