import CareKitStore
import Foundation

/// An ``OCKOutcomeValue`` as an extension (target values of schedule elements, and what an
/// Observation's value[x] cannot say): `value` (in the value's own FHIR type), `units`, `kind`,
/// `createdDate`, and `type` where the FHIR type does not tell it.
enum _ValueExtension {

    static func make(_ url: String, _ value: OCKOutcomeValue, in zone: TimeZone) -> FHIRExtension {
        var parts = valueParts(value)
        if parts.isEmpty { parts = [.code("type", "text")] }
        if value.type == .double, let number = value.doubleValue, !number.isFinite { parts.append(.code("type", "double")) }
        if let units = value.units, !units.isEmpty { parts.append(.string("units", units)) }
        if let kind = value.kind, !kind.isEmpty { parts.append(.string("kind", kind)) }
        parts += FHIRExtension.instant("createdDate", value.createdDate, in: zone)
        return .complex(url, parts)
    }

    /// The value in its own FHIR type; nil for empty text, which FHIR cannot hold (`type` text says it).
    static func valuePart(_ value: OCKOutcomeValue) -> FHIRExtension? {
        valueParts(value).first
    }

    /// The value's parts: ``valuePart(_:)``, and for a date that milliseconds do not hold
    /// exactly, its exact seconds (`valueSeconds`).
    static func valueParts(_ value: OCKOutcomeValue) -> [FHIRExtension] {
        if value.type == .date { return FHIRExtension.instant("value", value.dateValue ?? Date(timeIntervalSinceReferenceDate: 0), in: .gmt) }
        return [oneValuePart(value)].compactMap { $0 }
    }

    private static func oneValuePart(_ value: OCKOutcomeValue) -> FHIRExtension? {
        switch value.type {
        case .integer: return .integer("value", value.integerValue ?? 0)
        case .double:
            let number = value.doubleValue ?? 0
            return number.isFinite ? .decimal("value", number) : .string("value", nonFiniteText(number))
        case .boolean: return .boolean("value", value.booleanValue ?? false)
        case .text: return (value.stringValue ?? "").isEmpty ? nil : .string("value", value.stringValue ?? "")
        case .date: return .dateTime("value", value.dateValue ?? Date(timeIntervalSinceReferenceDate: 0), in: .gmt)
        case .binary:
            return FHIRExtension(url: "value", value: .init(name: "valueBase64Binary", json: .string((value.dataValue ?? Data()).base64EncodedString())))
        }
    }

    static func nonFiniteText(_ number: Double) -> String {
        number.isNaN ? "NaN" : number > 0 ? "Infinity" : "-Infinity"
    }

    /// The value an extension made by ``make(_:_:in:)`` describes, or nil.
    static func read(_ part: FHIRExtension, timeZone: TimeZone) -> OCKOutcomeValue? {
        let type = part.part("type")?.textValue
        let exactDate = part.part("valueSeconds")?.decimalValue.flatMap { $0.isFinite ? Date(timeIntervalSinceReferenceDate: $0) : nil }
        let underlying = exactDate ?? part.part("value").flatMap { underlyingValue($0, type: type) } ?? (type == "text" ? "" : nil)
        guard let underlying else { return nil }
        let created = part.date("createdDate", timeZone: timeZone)
        return OCKOutcomeValue(
            underlying, units: part.part("units")?.textValue, kind: part.part("kind")?.textValue,
            createdDate: created ?? Date(timeIntervalSinceReferenceDate: 0))
    }

    static func underlyingValue(_ part: FHIRExtension, type: String?) -> (any OCKOutcomeValueUnderlyingType)? {
        guard let value = part.value else { return nil }
        switch (value.name, value.json) {
        case ("valueInteger", .integer(let number)): return number
        case ("valueDecimal", .integer(let number)): return Double(number)
        case ("valueDecimal", .number(let number)): return number
        case ("valueBoolean", .bool(let flag)): return flag
        case ("valueDateTime", .string(let text)): return FHIRDateTime.parse(text, timeZone: .gmt)?.start
        case ("valueBase64Binary", .string(let text)): return Data(base64Encoded: text)
        case ("valueString", .string(let text)):
            if type == "double" { return ["NaN": Double.nan, "Infinity": Double.infinity, "-Infinity": -Double.infinity][text] }
            return text
        default: return nil
        }
    }
}
