import Foundation

/// A FHIR `CapabilityStatement` (`GET /fhir/R4/metadata`): what a read API over a CareKit store
/// answers, exactly: reading and searching each type of ``OCKFHIRSearch/supported`` with its
/// search parameters, and how a client is authorized (`security`).
public struct FHIRCapabilityStatement: Codable, Hashable, Sendable {
    /// The resource type, as FHIR JSON names it.
    public var resourceType = "CapabilityStatement"
    /// The status code.
    public var status = "active"
    /// When the statement was written.
    public var date: String
    /// The kind of statement (instance).
    public var kind = "instance"
    /// The software that answers.
    public var software: Software
    /// The server this statement describes.
    public var implementation: Implementation
    /// The FHIR version (4.0.1).
    public var fhirVersion = "4.0.1"
    /// The content types supported.
    public var format = ["json"]
    /// What the server answers.
    public var rest: [Rest]

    /// `CapabilityStatement.software`.
    public struct Software: Codable, Hashable, Sendable {
        /// The name.
        public var name: String
    }

    /// `CapabilityStatement.implementation`.
    public struct Implementation: Codable, Hashable, Sendable {
        /// A description for people.
        public var description: String
        /// The URL.
        public var url: String
    }

    /// `CapabilityStatement.rest`.
    public struct Rest: Codable, Hashable, Sendable {
        /// Why it is there (match).
        public var mode = "server"
        /// How clients are authorized.
        public var security: Security?
        /// The resource.
        public var resource: [Resource]
    }

    /// `CapabilityStatement.rest.security`.
    public struct Security: Codable, Hashable, Sendable {
        /// Whether the server answers cross-origin requests from browsers (CORS).
        public var cors: Bool
        /// How a client is authorized, for people.
        public var description: String
    }

    /// `CapabilityStatement.resource`.
    public struct Resource: Codable, Hashable, Sendable {
        /// The type code.
        public var type: String
        /// The operations supported.
        public var interaction: [Interaction]
        /// The search parameters supported.
        public var searchParam: [SearchParameter]?
    }

    /// `CapabilityStatement.interaction`.
    public struct Interaction: Codable, Hashable, Sendable {
        /// What it is, as codes and text.
        public var code: String
    }

    /// `CapabilityStatement.searchParameter`.
    public struct SearchParameter: Codable, Hashable, Sendable {
        /// The name.
        public var name: String
        /// The type code.
        public var type: String
    }

    /// The statement of a server at `baseURL`, dated `date`.
    public init(baseURL: String, date: Date, software: String = "CareKit for Swift on Linux") {
        self.date = FHIRDateTime.string(date, in: .gmt)
        self.software = Software(name: software)
        implementation = Implementation(description: "A CareKit store's patients, care plans, care teams and observations, read only", url: baseURL)
        let types: [String: String] = [
            "_id": "token", "_lastUpdated": "date", "identifier": "token", "subject": "reference", "patient": "reference", "based-on": "reference",
            "status": "token", "date": "date", "code": "token", "category": "token"
        ]
        rest = [
            Rest(
                security: Security(
                    cors: false,
                    description:
                        "Every read but this statement needs one of the patient's device tokens (`carekit sync-server add-patient` or `add-device`), sent as `Authorization: Bearer TOKEN`; a token reads only its own patient's resources."
                ),
                resource: OCKFHIRSearch.supported.keys.sorted().map { type in
                    let names = OCKFHIRSearch.supported[type] ?? []
                    return Resource(
                        type: type, interaction: [Interaction(code: "read"), Interaction(code: "search-type")],
                        searchParam: names.map { SearchParameter(name: $0, type: types[$0] ?? "string") })
                })
        ]
    }
}
