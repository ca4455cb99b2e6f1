import Foundation

/// An identifier of a patient in another system: a hospital's medical record number, served on
/// the patient's FHIR `Patient` (`carekit sync-server set-identifier`).
public struct SyncPatientIdentifier: Hashable, Sendable {
    /// The namespace: a URI (`urn:oid:…`, `https://hospital.example/mrn`).
    public var system: String
    /// The identifier in that system.
    public var value: String

    public init(system: String, value: String) {
        self.system = system
        self.value = value
    }
}
