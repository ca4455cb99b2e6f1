import Foundation

/// A FHIR `Bundle`: a `collection` (what `carekit export --format fhir` writes) or a
/// `searchset` (a page of search results, with links to the other pages).
public struct FHIRBundle: Codable, Hashable, Sendable {
    /// The resource type, as FHIR JSON names it.
    public var resourceType = "Bundle"
    /// The logical id.
    public var id: String?
    /// The version number and write time.
    public var meta: FHIRMeta?
    /// The type code.
    public var type: String
    /// When the bundle was made.
    public var timestamp: String?
    /// How many resources match in all pages.
    public var total: Int?
    /// Links to this page and the others.
    public var link: [Link]?
    /// The resources.
    public var entry: [Entry]?

    /// Creates a value; elements not given are absent.
    public init(type: String, timestamp: String? = nil, entries: [Entry]) {
        self.type = type
        self.timestamp = timestamp
        self.entry = entries.nonEmpty
    }

    /// `Bundle.link`: this page, the next and the previous.
    public struct Link: Codable, Hashable, Sendable {
        /// What the link points to (self, next, previous).
        public var relation: String
        /// The URL.
        public var url: String

        /// Creates a value; elements not given are absent.
        public init(relation: String, url: String) {
            self.relation = relation
            self.url = url
        }
    }

    /// `Bundle.entry`.
    public struct Entry: Codable, Hashable, Sendable {
        /// The absolute URL of the entry's resource.
        public var fullUrl: String?
        /// The resource.
        public var resource: FHIRResource?
        /// Why the entry is in a searchset.
        public var search: Search?
        /// What a server is asked to do with the entry (transaction bundles).
        public var request: Request?

        /// Creates a value; elements not given are absent.
        public init(fullUrl: String? = nil, resource: FHIRResource?, search: Search? = nil) {
            self.fullUrl = fullUrl
            self.resource = resource
            self.search = search
        }
    }

    /// `Bundle.entry.request`: the RESTful operation of a transaction entry.
    public struct Request: Codable, Hashable, Sendable {
        /// The HTTP method (PUT: create or update the resource with this id).
        public var method: String
        /// The URL relative to the server's base (`Patient/ada`).
        public var url: String

        /// Creates a value; elements not given are absent.
        public init(method: String, url: String) {
            self.method = method
            self.url = url
        }
    }

    /// `Bundle.entry.search`: why an entry is in a searchset.
    public struct Search: Codable, Hashable, Sendable {
        /// Why it is there (match).
        public var mode: String

        /// Creates a value; elements not given are absent.
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
    /// The type code.
    public var type: String?
    /// The resources read, with their positions.
    public var resources: [(position: Int, resource: FHIRResource)]
    /// The entries that could not be read, with the reason.
    public var unreadable: [(position: Int, reference: String, reason: String)]

    /// The most entries a bundle may have.
    public static let maximumEntries = 200_000

    /// Reads bundle JSON. Throws when the data is not JSON or not a Bundle at all.
    public init(data: Data) throws(OCKFHIRCodingError) {
        let probe: _BundleProbe
        do {
            probe = try JSONDecoder().decode(_BundleProbe.self, from: data)
        } catch DecodingError.typeMismatch {
            throw .corruptData(reason: "it is not a JSON object")
        } catch {
            throw .corruptData(reason: "it is not JSON (or it is nested too deeply)")
        }
        guard probe.resourceType == "Bundle" else {
            throw .corruptData(reason: "it is not a FHIR Bundle (resourceType is \(probe.resourceType.map { "'\($0)'" } ?? "missing"))")
        }
        type = probe.type
        resources = []
        unreadable = []
        let entries = probe.entry ?? []
        guard entries.count <= Self.maximumEntries else { throw .corruptData(reason: "it has \(entries.count) entries; at most \(Self.maximumEntries) are read") }
        for (position, entry) in entries.enumerated() {
            switch entry.result {
            case .success(let resource): resources.append((position, resource))
            case .failure(let problem): unreadable.append((position, entry.name, problem.description))
            }
        }
    }
}

/// A bundle's own members, each entry read on its own so that one damaged resource does not
/// hide the others.
struct _BundleProbe: Decodable {
    var resourceType: String?
    var type: String?
    var entry: [_EntryBox]?

    private enum CodingKeys: String, CodingKey { case resourceType, type, entry }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        resourceType = try? container.decodeIfPresent(String.self, forKey: .resourceType)
        type = try? container.decodeIfPresent(String.self, forKey: .type)
        entry = try? container.decodeIfPresent([_EntryBox].self, forKey: .entry)
    }
}

/// One entry: its resource, or why it cannot be read.
struct _EntryBox: Decodable {
    var name: String
    var result: Result<FHIRResource, OCKFHIRCodingError>

    private struct Probe: Decodable {
        var resourceType: String?
        var id: String?
    }

    private enum CodingKeys: String, CodingKey { case resource }

    init(from decoder: any Decoder) throws {
        guard let container = try? decoder.container(keyedBy: CodingKeys.self), container.contains(.resource) else {
            name = "entry"
            result = .failure(.corruptData(reason: "the entry has no resource"))
            return
        }
        let probe = try? container.decode(Probe.self, forKey: .resource)
        name = "\(probe?.resourceType ?? "resource")/\(probe?.id ?? "(no id)")"
        do {
            result = .success(try container.decode(FHIRResource.self, forKey: .resource))
        } catch let error as OCKFHIRCodingError {
            result = .failure(error)
        } catch let error as DecodingError {
            result = .failure(.corruptData(reason: _DecodingErrorText.describe(error)))
        } catch {
            result = .failure(.unknownError)
        }
    }
}
