import CareKitStore
import Foundation

/// The URLs, code systems and keys of the mapping: FHIR's own, and this project's for what FHIR
/// cannot say.
public enum OCKFHIRVocabulary {
    /// The base of this project's extension and code-system URLs. The project has no domain of
    /// its own, so the base sits under the reserved `.invalid` name: it identifies, it does not
    /// resolve.
    public static let base = "http://carekit.invalid/fhir/"

    /// The URL of one of this project's extensions.
    public static func extensionURL(_ name: String) -> String { base + "StructureDefinition/" + name }

    /// The identifier system that keeps a CareKit id that is not a valid FHIR id.
    public static let identifierSystem = base + "id"

    /// LOINC.
    public static let loinc = "http://loinc.org"
    /// UCUM, the units of measure.
    public static let ucum = "http://unitsofmeasure.org"
    /// IANA time zone of a Timing (R4's core extension, and R5's name for it, read too).
    public static let timeZoneCode = "http://hl7.org/fhir/StructureDefinition/tz-code"
    static let timeZoneCodeR5 = "http://hl7.org/fhir/StructureDefinition/timezone"
    /// HL7's abbreviations for timings (BID, TID, ...).
    public static let timingAbbreviation = "http://terminology.hl7.org/CodeSystem/v3-GTSAbbreviation"
    static let observationCategory = "http://terminology.hl7.org/CodeSystem/observation-category"
    static let dataAbsentReason = "http://terminology.hl7.org/CodeSystem/data-absent-reason"
    static let allergyClinical = "http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical"

    /// The `userInfo` key of a task's LOINC code (see ``CareKitStore/OCKTask/loincCode``).
    public static let loincUserInfoKey = "carekit.fhir.loinc"
    /// The `userInfo` key under which an imported resource keeps the elements the mapping does
    /// not use, as JSON, so that exporting it again gives them back.
    public static let passthroughUserInfoKey = "carekit.fhir.passthrough"

    // Extension names.
    static let entity = extensionURL("entity")
    static let task = extensionURL("task")
    static let schedule = extensionURL("schedule")
    static let outcomeValue = extensionURL("outcome-value")
    static let event = extensionURL("event")
    static let contact = extensionURL("contact")
    static let label = extensionURL("label")
    static let sex = extensionURL("sex")
    static let addressParts = extensionURL("address")
    static let unassignedTasks = extensionURL("unassigned-tasks")

    /// The vital signs FHIR's vital-signs category covers, with their LOINC names.
    static let vitalSigns: [String: String] = [
        "8310-5": "Body temperature", "8867-4": "Heart rate", "9279-1": "Respiratory rate",
        "8480-6": "Systolic blood pressure", "8462-4": "Diastolic blood pressure", "85354-9": "Blood pressure panel",
        "2708-6": "Oxygen saturation in Arterial blood", "59408-5": "Oxygen saturation by Pulse oximetry",
        "29463-7": "Body weight", "8302-2": "Body height", "39156-5": "Body mass index", "9843-4": "Head circumference"
    ]
}

extension OCKTask {
    /// The LOINC code of what the task measures (for example 8310-5, body temperature; 8867-4,
    /// heart rate), kept in `userInfo` under ``OCKFHIRVocabulary/loincUserInfoKey`` so that it
    /// synchronizes with the task. Observations of the task's outcomes carry it as their code.
    public var loincCode: String? {
        get { userInfo?[OCKFHIRVocabulary.loincUserInfoKey].flatMap { $0.isEmpty ? nil : $0 } }
        set {
            if let newValue, !newValue.isEmpty {
                userInfo = (userInfo ?? [:]).merging([OCKFHIRVocabulary.loincUserInfoKey: newValue]) { _, new in new }
            } else {
                userInfo?[OCKFHIRVocabulary.loincUserInfoKey] = nil
                if userInfo?.isEmpty == true { userInfo = nil }
            }
        }
    }
}

/// CareKit ids and FHIR ids: a FHIR id is 1–64 letters, digits, `-` and `.`.
public enum FHIRIdentity {
    /// Whether `text` is a valid FHIR id.
    public static func isValidID(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 64
            && text.utf8.allSatisfy { byte in
                (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte == 45 || byte == 46
            }
    }

    /// The FHIR id of a CareKit id: the id itself when it is a valid FHIR id, otherwise its
    /// letters and digits (other characters as `-`) and a hash of the whole id, so that two
    /// different ids never share a FHIR id. The CareKit id then travels as an identifier.
    public static func fhirID(for careKitID: String) -> String {
        if isValidID(careKitID) { return careKitID }
        let readable = String(
            careKitID.unicodeScalars.prefix(40).map { scalar -> Character in
                scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar)) ? Character(scalar) : "-"
            })
        return readable + "-" + hash(careKitID)
    }

    /// 64-bit FNV-1a of the UTF-8 bytes, as 16 hex digits.
    static func hash(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        return String(value, radix: 16).leftPadded(to: 16)
    }

    /// The identifiers that keep `careKitID` when the FHIR id is not the id itself.
    static func identifiers(for careKitID: String) -> [FHIRIdentifier]? {
        isValidID(careKitID) ? nil : [FHIRIdentifier(system: OCKFHIRVocabulary.identifierSystem, value: careKitID)]
    }

    /// The CareKit id of a resource: the identifier this mapping writes, else the resource id.
    static func careKitID(id: String?, identifiers: [FHIRIdentifier]?) -> String? {
        identifiers?.first { $0.system == OCKFHIRVocabulary.identifierSystem }?.value.nonEmpty ?? id.nonEmpty
    }
}

extension String {
    func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
