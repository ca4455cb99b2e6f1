import Foundation

/// Why a FHIR resource could not be read or written (CareKit's CareKitFHIR names).
public enum OCKFHIRCodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The data is not FHIR JSON, or an element has the wrong shape.
    case corruptData(reason: String)
    /// An element the mapping needs is missing.
    case missingRequiredField(String)
    /// Only JSON is read and written.
    case unsupportedEncoding
    /// The content has no counterpart on the other side.
    case unrepresentableContent(reason: String)
    case unknownError

    /// A description for people.
    public var description: String {
        switch self {
        case .corruptData(let reason): return reason
        case .missingRequiredField(let name): return "it lacks \(name)"
        case .unsupportedEncoding: return "only FHIR JSON is supported"
        case .unrepresentableContent(let reason): return reason
        case .unknownError: return "it cannot be read"
        }
    }
}
