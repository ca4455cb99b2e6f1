import Foundation

/// A FHIR `CapabilityStatement` (`GET /fhir/R4/metadata`): what a read API over a CareKit store
/// answers: reading a Patient, and the searches of ``OCKFHIRSearch``.
public struct FHIRCapabilityStatement: Codable, Hashable, Sendable {
    public var resourceType = "CapabilityStatement"
    public var status = "active"
    public var date: String
    public var kind = "instance"
    public var software: Software
    public var implementation: Implementation
    public var fhirVersion = "4.0.1"
    public var format = ["json"]
    public var rest: [Rest]

    public struct Software: Codable, Hashable, Sendable {
        public var name: String
    }

    public struct Implementation: Codable, Hashable, Sendable {
        public var description: String
        public var url: String
    }

    public struct Rest: Codable, Hashable, Sendable {
        public var mode = "server"
        public var resource: [Resource]
    }

    public struct Resource: Codable, Hashable, Sendable {
        public var type: String
        public var interaction: [Interaction]
        public var searchParam: [SearchParameter]?
    }

    public struct Interaction: Codable, Hashable, Sendable {
        public var code: String
    }

    public struct SearchParameter: Codable, Hashable, Sendable {
        public var name: String
        public var type: String
    }

    /// The statement of a server at `baseURL`, dated `date`.
    public init(baseURL: String, date: Date, software: String = "CareKit for Swift on Linux") {
        self.date = FHIRDateTime.string(date, in: .gmt)
        self.software = Software(name: software)
        implementation = Implementation(description: "A CareKit store's patients, care plans and observations, read only", url: baseURL)
        let types: [String: String] = ["_id": "token", "subject": "reference", "patient": "reference", "based-on": "reference",
                                       "status": "token", "date": "date", "code": "token"]
        rest = [Rest(resource: ["Patient", "CarePlan", "Observation"].map { type in
            let names = OCKFHIRSearch.supported[type] ?? []
            return Resource(type: type, interaction: [Interaction(code: "read"), Interaction(code: "search-type")],
                            searchParam: names.map { SearchParameter(name: $0, type: types[$0] ?? "string") })
        })]
    }
}
