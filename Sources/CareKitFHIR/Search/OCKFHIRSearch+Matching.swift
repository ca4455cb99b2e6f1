import Foundation

// How each search parameter reads a resource (FHIR's search rules for references, tokens and dates).

extension OCKFHIRSearch {

    /// A resource's subject references (`subject`, a RelatedPerson's or allergy's `patient`), or its `basedOn`.
    static func references(of resource: FHIRResource, subject: Bool) -> [FHIRReference] {
        switch resource.content {
        case .carePlan(let plan): return subject ? [plan.subject].compactMap { $0 } : []
        case .observation(let observation): return subject ? [observation.subject].compactMap { $0 } : observation.basedOn ?? []
        case .careTeam(let team): return subject ? [team.subject].compactMap { $0 } : []
        case .allergyIntolerance(let allergy): return subject ? [allergy.patient].compactMap { $0 } : []
        case .person(let person): return subject ? [person.patient].compactMap { $0 } : []
        case .patient(let patient): return subject ? [.to("Patient", patient.id ?? "")] : []
        case .other: return []
        }
    }

    /// Whether a reference names `value`: `Type/id`, a bare id, or an absolute URL ending so.
    static func same(_ reference: FHIRReference, _ value: String, type: String) -> Bool {
        guard let target = reference.target, target.type == type else { return false }
        if value.contains("/") {
            let parts = value.split(separator: "/")
            return parts.count >= 2 && parts[parts.count - 2] == type && String(parts[parts.count - 1]) == target.id
        }
        return target.id == value
    }

    static func status(of resource: FHIRResource) -> String? {
        switch resource.content {
        case .carePlan(let plan): return plan.status
        case .observation(let observation): return observation.status
        case .careTeam(let team): return team.status
        default: return nil
        }
    }

    static func categories(of resource: FHIRResource) -> [FHIRCoding] {
        guard case .observation(let observation) = resource.content else { return [] }
        return (observation.category ?? []).flatMap { $0.coding ?? [] }
    }

    static func identifiers(of resource: FHIRResource) -> [FHIRIdentifier] {
        let written: [FHIRIdentifier]?
        switch resource.content {
        case .patient(let patient): written = patient.identifier
        case .carePlan(let plan): written = plan.identifier
        case .observation(let observation): written = observation.identifier
        case .person(let person): written = person.identifier
        default: written = nil
        }
        let kept = (resource.additionalMembers["identifier"]).flatMap { try? FHIRJSON.convert($0, to: [FHIRIdentifier].self) } ?? []
        return (written ?? []) + kept
    }

    /// When the resource was last written (`meta.lastUpdated`).
    static func lastUpdated(of resource: FHIRResource, timeZone: TimeZone) -> Date? {
        resource.meta?.lastUpdated.flatMap { FHIRDateTime.parse($0, timeZone: timeZone)?.start }
    }

    static func codes(of resource: FHIRResource) -> [FHIRCoding] {
        guard case .observation(let observation) = resource.content else { return [] }
        return observation.code?.coding ?? []
    }

    /// FHIR tokens: `system|code`, `code` (any system), `|code` (no system), `system|` (any code).
    static func token(_ value: String, matches coding: FHIRCoding) -> Bool {
        guard let bar = value.firstIndex(of: "|") else { return coding.code == value }
        let system = String(value[..<bar]), code = String(value[value.index(after: bar)...])
        if system.isEmpty { return coding.system == nil && coding.code == code }
        if code.isEmpty { return coding.system == system }
        return coding.system == system && coding.code == code
    }

    static func effectiveDate(of resource: FHIRResource, timeZone: TimeZone) -> Date? {
        guard case .observation(let observation) = resource.content,
            let text = observation.effectiveDateTime ?? observation.effectiveInstant ?? observation.effectivePeriod?.start
        else { return nil }
        return FHIRDateTime.parse(text, timeZone: timeZone)?.start
    }

    /// A date parameter's prefix and the span its date names (`2025-01` is all of January).
    static func dateRange(_ value: String, timeZone: TimeZone) -> (prefix: String, start: Date, end: Date)? {
        let prefixes = ["eq", "ne", "gt", "lt", "ge", "le", "sa", "eb"]
        let prefix = prefixes.first { value.hasPrefix($0) } ?? "eq"
        let text = value.hasPrefix(prefix) ? String(value.dropFirst(2)) : value
        guard let parsed = FHIRDateTime.parse(text, timeZone: timeZone) else { return nil }
        return (prefix, parsed.start, max(parsed.end, parsed.start))
    }

    /// An instant against a date parameter's span, by FHIR's rules for a point in time.
    static func compare(_ instant: Date, _ prefix: String, _ range: (prefix: String, start: Date, end: Date)) -> Bool {
        let inside = instant >= range.start && (instant < range.end || (range.end == range.start && instant == range.start))
        switch prefix {
        case "eq": return inside
        case "ne": return !inside
        case "gt", "sa": return instant >= range.end && !inside
        case "lt", "eb": return instant < range.start
        case "ge": return instant >= range.start
        case "le": return instant < range.end || instant == range.start
        default: return false
        }
    }
}
