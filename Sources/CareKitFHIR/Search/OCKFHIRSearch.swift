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

    /// The parameters each type supports.
    public static let supported: [String: [String]] = [
        "Patient": ["_id"],
        "CarePlan": ["_id", "subject", "patient", "status"],
        "Observation": ["_id", "subject", "patient", "date", "code", "based-on"]
    ]

    /// A search from its query items. Throws `unrepresentableContent` for an unknown type or
    /// parameter and `corruptData` for a value it cannot read (a server answers 400 with the reason).
    public init(resourceType: String, query: [(name: String, value: String)], timeZone: TimeZone = .gmt) throws(OCKFHIRCodingError) {
        guard let names = Self.supported[resourceType] else {
            throw .unrepresentableContent(reason: "\(resourceType) cannot be searched here; \(Self.supported.keys.sorted().joined(separator: ", ")) can.")
        }
        self.resourceType = resourceType
        parameters = []
        count = Self.defaultCount
        offset = 0
        for (name, value) in query {
            switch name {
            case "_count":
                guard let number = Int(value), (1...Self.maximumCount).contains(number) else {
                    throw .corruptData(reason: "_count must be a whole number from 1 to \(Self.maximumCount), not '\(value)'.")
                }
                count = number
            case "_offset":
                guard let number = Int(value), number >= 0 else { throw .corruptData(reason: "_offset must be a whole number of 0 or more, not '\(value)'.") }
                offset = number
            case "_format" where value.contains("json"): continue
            default:
                guard names.contains(name) else {
                    throw .unrepresentableContent(reason: "\(resourceType) has no search parameter '\(name)' here; use \(names.joined(separator: ", ")).")
                }
                if name == "date", Self.dateRange(value, timeZone: timeZone) == nil {
                    throw .corruptData(reason: "date must be a FHIR date with an optional prefix (eq, ne, gt, lt, ge, le, sa, eb), such as ge2025-01-01; '\(value)' is not.")
                }
                parameters.append(Parameter(name: name, value: value))
            }
        }
        self.timeZone = timeZone
    }

    /// The zone of dates written without an offset.
    public var timeZone: TimeZone = .gmt

    /// The resources of `resourceType` that match every parameter, in the order given.
    public func matches(in resources: [FHIRResource]) -> [FHIRResource] {
        resources.filter { resource in
            resource.resourceType == resourceType && parameters.allSatisfy { matches(resource, $0) }
        }
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
            case "date":
                guard let instant = Self.effectiveDate(of: resource, timeZone: timeZone), let range = Self.dateRange(value, timeZone: timeZone) else { return false }
                return Self.compare(instant, range.prefix, range)
            default: return false
            }
        }
    }

    /// One page of the matches as a `searchset` Bundle: `total`, the entries with their full
    /// URLs, and `self`, `next` and `previous` links under `baseURL` (such as
    /// `https://example.org/fhir/R4`).
    public func page(of matches: [FHIRResource], baseURL: String, timestamp: Date) -> FHIRBundle {
        let slice = matches.dropFirst(min(offset, matches.count)).prefix(count)
        var bundle = FHIRBundle(
            type: "searchset", timestamp: FHIRDateTime.string(timestamp, in: .gmt),
            entries: slice.map { resource in
                FHIRBundle.Entry(fullUrl: "\(baseURL)/\(resource.resourceType)/\(resource.id ?? "")", resource: resource, search: .init(mode: "match"))
            })
        bundle.total = matches.count
        var links = [FHIRBundle.Link(relation: "self", url: url(baseURL, offset: offset))]
        if offset + count < matches.count { links.append(.init(relation: "next", url: url(baseURL, offset: offset + count))) }
        if offset > 0 { links.append(.init(relation: "previous", url: url(baseURL, offset: max(0, offset - count)))) }
        bundle.link = links
        return bundle
    }

    private func url(_ base: String, offset: Int) -> String {
        let items = parameters.map { "\(Self.escape($0.name))=\(Self.escape($0.value))" } + ["_count=\(count)", "_offset=\(offset)"]
        return "\(base)/\(resourceType)?" + items.joined(separator: "&")
    }

    static func escape(_ text: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+#")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
