import Foundation

/// FHIR searches over exported resources, as pure functions, for a read API (`GET
/// /fhir/R4/Observation?subject=…&date=ge…&code=…`): parse the query, keep the matching
/// resources, and make one page of a `searchset` Bundle with its links. A server only maps its
/// routes onto these.
public struct OCKFHIRSearch: Hashable, Sendable {
    /// The resource type searched (`Patient`, `CarePlan`, `Observation`).
    public var resourceType: String
    /// The search parameters, in the order given (without `_count` and `_offset`).
    public var parameters: [Parameter]
    /// The page size (`_count`), 1 to ``maximumCount``.
    public var count: Int
    /// The index of the page's first match (`_offset`).
    public var offset: Int

    /// The page size without `_count`.
    public static let defaultCount = 50
    /// The largest `_count`.
    public static let maximumCount = 500

    /// One `name=value` of a search.
    public struct Parameter: Hashable, Sendable {
        /// The name.
        public var name: String
        /// The value.
        public var value: String

        /// Creates a value; elements not given are absent.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The parameters each type supports (besides `_count`, `_offset`, `_sort`, `_summary`
    /// and `_format`).
    public static let supported: [String: [String]] = [
        "Patient": ["_id", "_lastUpdated", "identifier"],
        "CarePlan": ["_id", "_lastUpdated", "subject", "patient", "status", "identifier"],
        "Observation": ["_id", "_lastUpdated", "subject", "patient", "date", "code", "category", "status", "based-on", "identifier"],
        "CareTeam": ["_id", "_lastUpdated", "subject", "patient", "status"],
        "Practitioner": ["_id", "_lastUpdated", "identifier"],
        "RelatedPerson": ["_id", "_lastUpdated", "patient", "identifier"],
        "AllergyIntolerance": ["_id", "_lastUpdated", "patient"]
    ]

    /// The orders `_sort` takes, per type: by `date` (an Observation's effective time) or by
    /// `_lastUpdated`, rising, or falling with a `-`.
    public static func sortKeys(of resourceType: String) -> [String] {
        resourceType == "Observation" ? ["date", "_lastUpdated"] : ["_lastUpdated"]
    }

    /// The order of the matches (`_sort`), when one is given: its key and whether it falls.
    public var sort: (key: String, descending: Bool)? {
        get { sortKey.map { (key: $0, descending: sortDescending) } }
        set {
            sortKey = newValue?.key
            sortDescending = newValue?.descending ?? false
        }
    }
    private var sortKey: String?
    private var sortDescending = false
    /// Whether only the number of matches is wanted (`_summary=count`, or `_count=0`).
    public var countOnly = false
    /// The parameters that were not used (unknown or not supported here), which FHIR says a
    /// server ignores unless the client asks for strict handling.
    public var ignored: [String] = []

    /// A search from its query items. A parameter it does not know is ignored (listed in
    /// ``ignored``), as FHIR's default `Prefer: handling=lenient` says; with `strict` (the
    /// client sent `Prefer: handling=strict`) it throws `unrepresentableContent`. An unknown
    /// type, and a value it cannot read (a date that is not one, a `_count` that is not a
    /// number), throw whatever the handling (a server answers 400 with the reason).
    public init(resourceType: String, query: [(name: String, value: String)], timeZone: TimeZone = .gmt, strict: Bool = false) throws(OCKFHIRCodingError) {
        guard let names = Self.supported[resourceType] else {
            throw .unrepresentableContent(reason: "\(resourceType) cannot be searched here; \(Self.supported.keys.sorted().joined(separator: ", ")) can.")
        }
        self.resourceType = resourceType
        parameters = []
        count = Self.defaultCount
        offset = 0
        self.timeZone = timeZone
        func unsupported(_ reason: String, name: String) throws(OCKFHIRCodingError) {
            if strict { throw .unrepresentableContent(reason: reason + " (Prefer: handling=strict)") }
            ignored.append(name)
        }
        for (name, value) in query {
            switch name {
            case "_count":
                guard let number = Int(value), (0...Self.maximumCount).contains(number) else {
                    throw .corruptData(reason: "_count must be a whole number from 0 to \(Self.maximumCount), not '\(value)'.")
                }
                if number == 0 { countOnly = true } else { count = number }
            case "_offset":
                guard let number = Int(value), number >= 0 else { throw .corruptData(reason: "_offset must be a whole number of 0 or more, not '\(value)'.") }
                offset = number
            case "_summary":
                switch value {
                case "count": countOnly = true
                case "false": continue
                default: try unsupported("_summary=\(value) is not served here; _summary=count and _summary=false are.", name: name)
                }
            case "_sort":
                let descending = value.hasPrefix("-")
                let key = descending ? String(value.dropFirst()) : value
                guard Self.sortKeys(of: resourceType).contains(key) else {
                    try unsupported("\(resourceType) cannot be sorted by '\(value)' here; _sort takes \(Self.sortKeys(of: resourceType).joined(separator: ", ")), with - for falling.", name: name)
                    continue
                }
                sort = (key, descending)
            case "_format" where value.contains("json"): continue
            default:
                guard names.contains(name) else {
                    try unsupported("\(resourceType) has no search parameter '\(name)' here; use \(names.joined(separator: ", ")).", name: name)
                    continue
                }
                if name == "date" || name == "_lastUpdated", Self.dateRange(value, timeZone: timeZone) == nil {
                    throw .corruptData(reason: "\(name) must be a FHIR date with an optional prefix (eq, ne, gt, lt, ge, le, sa, eb), such as ge2025-01-01; '\(value)' is not.")
                }
                parameters.append(Parameter(name: name, value: value))
            }
        }
    }

    /// The zone of dates written without an offset.
    public var timeZone: TimeZone = .gmt

    /// The resources of `resourceType` that match every parameter, in the order given or the
    /// order `_sort` asks for (resources without the date last; ties in the order given).
    public func matches(in resources: [FHIRResource]) -> [FHIRResource] {
        let found = resources.filter { resource in
            resource.resourceType == resourceType && parameters.allSatisfy { matches(resource, $0) }
        }
        guard let sort else { return found }
        let keyed = found.enumerated().map { index, resource in
            (index, resource, sort.key == "date" ? Self.effectiveDate(of: resource, timeZone: timeZone) : Self.lastUpdated(of: resource, timeZone: timeZone))
        }
        return keyed.sorted { lhs, rhs in
            switch (lhs.2, rhs.2) {
            case (let left?, let right?) where left != right: return sort.descending ? left > right : left < right
            case (.some, nil): return true
            case (nil, .some): return false
            default: return lhs.0 < rhs.0
            }
        }.map(\.1)
    }

    private func matches(_ resource: FHIRResource, _ parameter: Parameter) -> Bool {
        // Several values separated by commas: any of them (FHIR's OR).
        let values = parameter.value.split(separator: ",").map(String.init)
        return values.contains { value in
            switch parameter.name {
            case "_id": return resource.id == value
            case "subject", "patient": return Self.references(of: resource, subject: true).contains { Self.same($0, value, type: "Patient") }
            case "based-on": return Self.references(of: resource, subject: false).contains { Self.same($0, value, type: "CarePlan") }
            case "status": return Self.status(of: resource) == value
            case "code": return Self.codes(of: resource).contains { Self.token(value, matches: $0) }
            case "category": return Self.categories(of: resource).contains { Self.token(value, matches: $0) }
            case "identifier": return Self.identifiers(of: resource).contains { Self.token(value, matches: FHIRCoding(system: $0.system, code: $0.value)) }
            case "date", "_lastUpdated":
                let instant = parameter.name == "date" ? Self.effectiveDate(of: resource, timeZone: timeZone) : Self.lastUpdated(of: resource, timeZone: timeZone)
                guard let instant, let range = Self.dateRange(value, timeZone: timeZone) else { return false }
                return Self.compare(instant, range.prefix, range)
            default: return false
            }
        }
    }

    /// One page of the matches as a `searchset` Bundle: `total`, the entries with their full
    /// URLs, and `self`, `next` and `previous` links under `baseURL` (such as
    /// `https://example.org/fhir/R4`).
    /// With ``countOnly`` the Bundle has the total and the `self` link only.
    public func page(of matches: [FHIRResource], baseURL: String, timestamp: Date) -> FHIRBundle {
        let slice = countOnly ? [] : matches.dropFirst(min(offset, matches.count)).prefix(count)
        var bundle = FHIRBundle(
            type: "searchset", timestamp: FHIRDateTime.string(timestamp, in: .gmt),
            entries: slice.map { resource in
                FHIRBundle.Entry(fullUrl: "\(baseURL)/\(resource.resourceType)/\(resource.id ?? "")", resource: resource, search: .init(mode: "match"))
            })
        bundle.total = matches.count
        var links = [FHIRBundle.Link(relation: "self", url: url(baseURL, offset: offset))]
        if countOnly {
            bundle.link = links
            return bundle
        }
        if offset + count < matches.count { links.append(.init(relation: "next", url: url(baseURL, offset: offset + count))) }
        if offset > 0 { links.append(.init(relation: "previous", url: url(baseURL, offset: max(0, offset - count)))) }
        bundle.link = links
        return bundle
    }

    private func url(_ base: String, offset: Int) -> String {
        var items = parameters.map { "\(Self.escape($0.name))=\(Self.escape($0.value))" }
        if let sort { items.append("_sort=" + (sort.descending ? "-" : "") + sort.key) }
        items += countOnly ? ["_summary=count"] : ["_count=\(count)", "_offset=\(offset)"]
        return "\(base)/\(resourceType)?" + items.joined(separator: "&")
    }

    static func escape(_ text: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+#")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
