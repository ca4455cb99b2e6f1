import CareKitStore
import Foundation
import Testing

/// `OCKOutcomeValue(parsing:)`: the one reading of a typed value, shared by the web app's log
/// form and `carekit log`.
@Suite("Outcome values typed by a person")
struct OutcomeValueParsingTests {
    enum Expected: Sendable, CustomTestStringConvertible {
        case integer(Int), double(Double), boolean(Bool), text(String)
        var testDescription: String {
            switch self {
            case .integer(let v): "integer \(v)"
            case .double(let v): "double \(v)"
            case .boolean(let v): "boolean \(v)"
            case .text(let v): "text '\(v)'"
            }
        }
    }

    static let table: [(String, Expected)] = [
        // Integers, with any sign.
        ("3", .integer(3)), ("-5", .integer(-5)), ("+7", .integer(7)), ("\u{2212}2", .integer(-2)), ("007", .integer(7)),
        ("  72\n", .integer(72)), ("-0", .integer(0)),
        // Too large for Int: still a number.
        ("99999999999999999999", .double(1e20)),
        // Decimals with a point or a comma.
        ("98.6", .double(98.6)), ("98,9", .double(98.9)), ("-0.5", .double(-0.5)), ("-.5", .double(-0.5)), (".5", .double(0.5)),
        (",25", .double(0.25)), ("0,125", .double(0.125)), ("12,34", .double(12.34)), ("1,2345", .double(1.2345)),
        ("1234,567", .double(1234.567)), ("1.234", .double(1.234)), ("120.0", .double(120)),
        // Booleans in any case.
        ("yes", .boolean(true)), ("No", .boolean(false)), ("TRUE", .boolean(true)), ("false", .boolean(false)), (" yes ", .boolean(true)),
        // Everything else is text, trimmed.
        ("feels odd", .text("feels odd")), ("  -feels odd ", .text("-feels odd")), ("1,234,567", .text("1,234,567")),
        ("1.2.3", .text("1.2.3")), ("1e5", .text("1e5")), ("0x10", .text("0x10")), ("nan", .text("nan")), ("inf", .text("inf")),
        ("5.", .text("5.")), ("-", .text("-")), ("1 234", .text("1 234")), ("٣", .integer(3)), ("１２", .text("１２")),
        ("y", .text("y")), ("", .text(""))
    ]

    @Test("Integers, decimals with a point or a comma, yes and no, and text", arguments: table)
    func reads(_ text: String, _ expected: Expected) throws {
        let value = try OCKOutcomeValue(parsing: text, units: "°F", kind: "temperature", createdDate: Date(timeIntervalSince1970: 0))
        switch expected {
        case .integer(let v): #expect(value.integerValue == v && value.type == .integer, "\(value)")
        case .double(let v): #expect(value.doubleValue == v && value.type == .double, "\(value)")
        case .boolean(let v): #expect(value.booleanValue == v && value.type == .boolean, "\(value)")
        case .text(let v): #expect(value.stringValue == v && value.type == .text, "\(value)")
        }
        #expect(value.units == "°F" && value.kind == "temperature" && value.createdDate == Date(timeIntervalSince1970: 0))
    }

    @Test(
        "A comma that could group thousands is refused with both readings",
        arguments: [
            ("1,234", "write 1234 for the whole number, or 1.234"),
            ("12,500", "write 12500 for the whole number, or 12.500"),
            ("-999,000", "write -999000 for the whole number, or -999.000")
        ])
    func ambiguousCommasAreRefused(_ text: String, _ advice: String) {
        #expect {
            _ = try OCKOutcomeValue.parsedValue(text)
        } throws: { error in
            guard case OCKStoreError.invalidValue(let reason) = error else { return false }
            return reason.contains("'\(text)' could be") && reason.contains(advice)
        }
    }
}
