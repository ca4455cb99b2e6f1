import CareKitStore
import Foundation
import Testing

@Suite("Semantic versions")
struct SemanticVersionTests {

    struct Parsed: CustomTestStringConvertible, Sendable {
        let text: String
        let version: OCKSemanticVersion
        var testDescription: String { "\"\(text)\"" }
    }

    @Test(
        "Versions parse into major.minor.patch; empty parts are skipped",
        arguments: [
            Parsed(text: "2", version: OCKSemanticVersion(majorVersion: 2)),
            Parsed(text: "2.1", version: OCKSemanticVersion(majorVersion: 2, minorVersion: 1)),
            Parsed(text: "2.1.0", version: OCKSemanticVersion(majorVersion: 2, minorVersion: 1, patchNumber: 0)),
            Parsed(text: "10.20.30", version: OCKSemanticVersion(majorVersion: 10, minorVersion: 20, patchNumber: 30)),
            Parsed(text: "1..2", version: OCKSemanticVersion(majorVersion: 1, minorVersion: 2, patchNumber: 0)),
            Parsed(text: ".3.", version: OCKSemanticVersion(majorVersion: 3)),
            Parsed(text: "1.2.3.", version: OCKSemanticVersion(majorVersion: 1, minorVersion: 2, patchNumber: 3)),
            Parsed(text: "0.0.0", version: OCKSemanticVersion(majorVersion: 0))
        ])
    func parses(_ parsed: Parsed) throws {
        #expect(try OCKSemanticVersion.parse(parsed.text) == parsed.version)
        #expect(OCKSemanticVersion(parsed.text) == parsed.version)
    }

    struct Failure: CustomTestStringConvertible, Sendable {
        let text: String
        let error: OCKSemanticVersion.ParsingError
        var testDescription: String { "\"\(text)\"" }
    }

    @Test(
        "Malformed versions throw the matching error",
        arguments: [
            Failure(text: "", error: .emptyString),
            Failure(text: "...", error: .emptyString),
            Failure(text: "1.2.3.4", error: .tooManySeparators),
            Failure(text: "1..2.3.4", error: .tooManySeparators),
            Failure(text: "x.1", error: .invalidMajorVersion),
            Failure(text: "-1.0", error: .invalidMajorVersion),
            Failure(text: " 1", error: .invalidMajorVersion),
            Failure(text: "1.b", error: .invalidMinorVersion),
            Failure(text: "1.-2", error: .invalidMinorVersion),
            Failure(text: "1.2.c", error: .invalidPatchVersion),
            Failure(text: "1.2.3-beta", error: .invalidPatchVersion)
        ])
    func failures(_ failure: Failure) {
        #expect(throws: failure.error) { try OCKSemanticVersion.parse(failure.text) }
        #expect(OCKSemanticVersion(failure.text) == nil)
    }

    @Test("The description is always major.minor.patch and parses back")
    func description() throws {
        let version = OCKSemanticVersion(majorVersion: 2, minorVersion: 1)
        #expect(version.description == "2.1.0")
        #expect("\(version)" == "2.1.0")
        #expect(try OCKSemanticVersion.parse(version.description) == version)
    }

    @Test("Versions order by major, then minor, then patch")
    func ordering() throws {
        let texts = ["2.1.0", "1.10.0", "1.2.10", "1.2.9", "10.0.0", "2.0.1", "2"]
        let sorted = try texts.map { try OCKSemanticVersion.parse($0) }.sorted().map(\.description)
        #expect(sorted == ["1.2.9", "1.2.10", "1.10.0", "2.0.0", "2.0.1", "2.1.0", "10.0.0"])
        #expect(try OCKSemanticVersion.parse("2") == OCKSemanticVersion.parse("2.0.0"))
        #expect(!(try OCKSemanticVersion.parse("2") < OCKSemanticVersion.parse("2.0.0")))
    }

    @Test("JSON has CareKit's three keys")
    func json() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(OCKSemanticVersion(majorVersion: 2, minorVersion: 1, patchNumber: 0))
        #expect(String(data: data, encoding: .utf8) == #"{"majorVersion":2,"minorVersion":1,"patchNumber":0}"#)
        #expect(try JSONDecoder().decode(OCKSemanticVersion.self, from: data) == OCKSemanticVersion(majorVersion: 2, minorVersion: 1))
    }
}
