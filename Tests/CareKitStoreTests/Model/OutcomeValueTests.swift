import CareKitStore
import Foundation
import Testing

@Suite("Outcome values")
struct OutcomeValueTests {

    let created = referenceDate(763_048_032.734921)

    struct Kind: CustomTestStringConvertible, Sendable {
        let name: String
        let value: OCKOutcomeValue
        let type: OCKOutcomeValueType
        var testDescription: String { name }
    }

    static let kinds: [Kind] = [
        Kind(name: "Int", value: value(3), type: .integer),
        Kind(name: "Double", value: value(98.6), type: .double),
        Kind(name: "integral Double", value: value(120.0), type: .double),
        Kind(name: "Bool", value: value(true), type: .boolean),
        Kind(name: "String", value: value("Mild nausea 🤢"), type: .text),
        Kind(name: "Data", value: value(Data([0x89, 0x50, 0x4E, 0x47])), type: .binary),
        Kind(name: "Date", value: value(referenceDate(763_047_900)), type: .date)
    ]

    @Test("The type follows the stored value", arguments: kinds)
    func types(_ kind: Kind) {
        #expect(kind.value.type == kind.type)
    }

    @Test("Each typed accessor answers only for its own type", arguments: kinds)
    func accessors(_ kind: Kind) {
        let v = kind.value
        #expect((v.integerValue != nil) == (kind.type == .integer))
        #expect((v.doubleValue != nil) == (kind.type == .double))
        #expect((v.booleanValue != nil) == (kind.type == .boolean))
        #expect((v.stringValue != nil) == (kind.type == .text))
        #expect((v.dataValue != nil) == (kind.type == .binary))
        #expect((v.dateValue != nil) == (kind.type == .date))
        #expect((v.numberValue != nil) == [.integer, .double, .boolean].contains(kind.type))
        #expect((v.numericValue != nil) == [.integer, .double].contains(kind.type))
    }

    @Test("Accessors return the stored values")
    func accessorValues() {
        #expect(value(3).integerValue == 3)
        #expect(value(98.6).doubleValue == 98.6)
        #expect(value(true).booleanValue == true)
        #expect(value("x").stringValue == "x")
        #expect(value(Data([1, 2])).dataValue == Data([1, 2]))
        #expect(value(referenceDate(5)).dateValue == referenceDate(5))
        #expect(value(3).numericValue == 3)
        #expect(value(true).numberValue?.boolValue == true)
        #expect(value(2.5).numberValue?.doubleValue == 2.5)
    }

    @Test("Every type round-trips through JSON with kind, units and createdDate", arguments: kinds)
    func roundTrip(_ kind: Kind) throws {
        var original = kind.value
        original.kind = "measurement"
        original.units = "u"
        let decoded = try JSONDecoder().decode(OCKOutcomeValue.self, from: JSONEncoder().encode(original))
        #expect(decoded == original)
        #expect(decoded.type == kind.type)
    }

    @Test("An integral Double is written like an Int but reads back as a double")
    func integralDoubleKeepsType() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(OCKOutcomeValue(120.0, units: "mmHg", kind: "systolic", createdDate: created))
        #expect(String(data: data, encoding: .utf8) == #"{"createdDate":763048032.734921,"kind":"systolic","type":"double","units":"mmHg","value":120}"#)
        let decoded = try JSONDecoder().decode(OCKOutcomeValue.self, from: data)
        #expect(decoded.type == .double)
        #expect(decoded.doubleValue == 120)
        #expect(decoded.integerValue == nil)
    }

    @Test("Equality covers value, type, kind, units and createdDate")
    func equality() {
        let base = OCKOutcomeValue(1, units: "tablet", kind: "dose", createdDate: created)
        #expect(base == OCKOutcomeValue(1, units: "tablet", kind: "dose", createdDate: created))
        #expect(base != OCKOutcomeValue(1.0, units: "tablet", kind: "dose", createdDate: created))
        #expect(base != OCKOutcomeValue(2, units: "tablet", kind: "dose", createdDate: created))
        #expect(base != OCKOutcomeValue(1, units: "mg", kind: "dose", createdDate: created))
        #expect(base != OCKOutcomeValue(1, units: "tablet", kind: nil, createdDate: created))
        #expect(base != OCKOutcomeValue(1, units: "tablet", kind: "dose", createdDate: created.addingTimeInterval(1)))
        #expect(OCKOutcomeValue(true, units: nil, kind: nil, createdDate: created) != OCKOutcomeValue(1, units: nil, kind: nil, createdDate: created))
    }

    @Test("Setting value changes the type")
    func settingValue() {
        var v = value(1)
        v.value = "one"
        #expect(v.type == .text)
        #expect(v.stringValue == "one")
        #expect(v.integerValue == nil)
    }

    struct Custom: OCKOutcomeValueUnderlyingType, CustomStringConvertible {
        var description: String { "custom-7" }
    }

    @Test("A value of a type CareKit does not know is kept as text instead of trapping")
    func unknownType() {
        let v = value(Custom())
        #expect(v.type == .text)
        #expect(v.stringValue == "custom-7")
    }

    @Test("A value without createdDate does not decode (CareKit requires it)")
    func createdDateRequired() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(OCKOutcomeValue.self, from: Data(#"{"type":"integer","value":1}"#.utf8))
        }
    }

    @Test(
        "A value whose JSON type does not match its value does not decode",
        arguments: [
            #"{"type":"integer","value":1.5,"createdDate":0}"#,
            #"{"type":"boolean","value":"yes","createdDate":0}"#,
            #"{"type":"binary","value":"***","createdDate":0}"#,
            #"{"type":"decimal","value":1,"createdDate":0}"#
        ])
    func mismatchedType(_ json: String) {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(OCKOutcomeValue.self, from: Data(json.utf8))
        }
    }

    @Test("The description shows value and units")
    func descriptionText() {
        #expect(value(98.6, units: "°F").description == "98.6 °F")
        #expect(value(120.0, units: "mmHg").description == "120 mmHg")
        #expect(value(2).description == "2")
        #expect(value(true).description == "Yes")
        #expect(value(Data([1, 2, 3])).description == "3 bytes")
        #expect(value(utc("2025-03-07T13:45:00Z")).description == "2025-03-07T13:45:00Z")
    }
}
