import Foundation

/// A FHIR `CapabilityStatement` (`GET /fhir/R4/metadata`): what a read API over a CareKit store
/// answers: reading a Patient, and the searches of ``OCKFHIRSearch``.
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
        /// The resource.
        public var resource: [Resource]
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
        implementation = Implementation(description: "A CareKit store's patients, care plans and observations, read only", url: baseURL)
        let types: [String: String] = [
            "_id": "token", "subject": "reference", "patient": "reference", "based-on": "reference",
            "status": "token", "date": "date", "code": "token"
        ]
        rest = [
            Rest(
                resource: ["Patient", "CarePlan", "Observation"].map { type in
                    let names = OCKFHIRSearch.supported[type] ?? []
                    return Resource(
                        type: type, interaction: [Interaction(code: "read"), Interaction(code: "search-type")],
                        searchParam: names.map { SearchParameter(name: $0, type: types[$0] ?? "string") })
                })
        ]
    }
}
