import CareKitStore
import Foundation

extension _ExportContext {

    /// A patient as `Patient`, and each allergy as an `AllergyIntolerance` that names them.
    static func patient(_ patient: OCKPatient, version: Int) -> (FHIRResource, [FHIRResource]) {
        let fhirID = FHIRIdentity.fhirID(for: patient.id)
        var resource = FHIRPatient(id: fhirID)
        resource.meta = _EntityMetadata.meta(version: version, of: patient)
        resource.identifier = FHIRIdentity.identifiers(for: patient.id)
        resource.name = _People.names(patient.name)
        var extra: [FHIRExtension] = []
        switch patient.sex {
        case .male?: resource.gender = "male"
        case .female?: resource.gender = "female"
        case .other(let text)?:
            resource.gender = text == "unknown" ? "unknown" : "other"
            if text != "other", text != "unknown" { extra.append(.string("sex", text)) }
        case nil: break
        }
        if let birthday = patient.birthday {
            resource.birthDate = FHIRDateTime.dateString(birthday, in: patient.timezone)
            // A birthday that is not the start of its day is kept exactly.
            if FHIRDateTime.gregorian(patient.timezone).startOfDay(for: birthday) != birthday {
                extra += FHIRExtension.instant("birthday", birthday, in: patient.timezone)
            }
        }
        resource.extension = [_EntityMetadata.make(patient, extra: extra)]
        let allergies = (patient.allergies ?? []).enumerated().compactMap { index, allergy -> FHIRResource? in
            guard !allergy.isEmpty else { return nil }
            var intolerance = FHIRAllergyIntolerance(id: FHIRIdentity.fhirID(for: "\(patient.id)-allergy-\(index + 1)"))
            intolerance.meta = _EntityMetadata.meta(version: version, of: patient)
            intolerance.clinicalStatus = FHIRCodeableConcept(coding: [FHIRCoding(system: OCKFHIRVocabulary.allergyClinical, code: "active")])
            intolerance.code = FHIRCodeableConcept(text: allergy)
            intolerance.patient = .to("Patient", fhirID)
            return FHIRResource(.allergyIntolerance(intolerance))
        }
        return (Self.resource(.patient(resource), keeping: patient), allergies)
    }
}
