import Foundation

/// A FHIR `Bundle`: a `collection` (what `carekit export --format fhir` writes) or a
/// `searchset` (a page of search results, with links to the other pages).
public struct FHIRBundle: Codable, Hashable, Sendable {
    public var resourceType = "Bundle"
    public var id: String?
    public var meta: FHIRMeta?
    public var type: String
    public var timestamp: String?
    public var total: Int?
    public var link: [Link]?
    public var entry: [Entry]?

    public init(type: String, timestamp: String? = nil, entries: [Entry]) {
        self.type = type
        self.timestamp = timestamp
        self.entry = entries.nonEmpty
    }

    /// `Bundle.link`: this page, the next and the previous.
    public struct Link: Codable, Hashable, Sendable {
        public var relation: String
        public var url: String

        public init(relation: String, url: String) {
            self.relation = relation
            self.url = url
        }
    }

    /// `Bundle.entry`.
    public struct Entry: Codable, Hashable, Sendable {
        public var fullUrl: String?
        public var resource: FHIRResource?
        public var search: Search?

        public init(fullUrl: String? = nil, resource: FHIRResource?, search: Search? = nil) {
            self.fullUrl = fullUrl
            self.resource = resource
            self.search = search
        }
    }

    /// `Bundle.entry.search`: why an entry is in a searchset.
    public struct Search: Codable, Hashable, Sendable {
        public var mode: String

        public init(mode: String) { self.mode = mode }
    }

    /// The bundle as JSON text: pretty-printed with sorted keys, so the same bundle always gives
    /// the same bytes.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}

/// A bundle read from a file: its type and each entry's resource, or why the entry could not be
/// read (one damaged resource does not hide the others).
public struct FHIRBundleReading: Sendable {
    public var type: String?
    public var resources: [(position: Int, resource: FHIRResource)]
    public var unreadable: [(position: Int, reference: String, reason: String)]

    /// The most entries a bundle may have.
    public static let maximumEntries = 200_000

    /// Reads bundle JSON. Throws when the data is not JSON or not a Bundle at all.
    public init(data: Data) throws(OCKFHIRCodingError) {
        let json: FHIRJSON
        do {
            json = try JSONDecoder().decode(FHIRJSON.self, from: data)
        } catch {
            throw .corruptData(reason: "it is not JSON")
        }
        guard let members = json.objectValue else { throw .corruptData(reason: "it is not a JSON object") }
        guard members["resourceType"]?.stringValue == "Bundle" else {
            throw .corruptData(reason: "it is not a FHIR Bundle (resourceType is \(members["resourceType"]?.stringValue.map { "'\($0)'" } ?? "missing"))")
        }
        type = members["type"]?.stringValue
        resources = []
        unreadable = []
        let entries = members["entry"]?.arrayValue ?? []
        guard entries.count <= Self.maximumEntries else { throw .corruptData(reason: "it has \(entries.count) entries; at most \(Self.maximumEntries) are read") }
        for (position, entry) in entries.enumerated() {
            guard let resource = entry["resource"] else {
                unreadable.append((position, "entry \(position + 1)", "the entry has no resource"))
                continue
            }
            let name = "\(resource["resourceType"]?.stringValue ?? "resource")/\(resource["id"]?.stringValue ?? "(no id)")"
            do {
                resources.append((position, try FHIRResource(json: resource)))
            } catch let error as OCKFHIRCodingError {
                unreadable.append((position, name, error.description))
            } catch {
                unreadable.append((position, name, "it cannot be read"))
            }
        }
    }
}
