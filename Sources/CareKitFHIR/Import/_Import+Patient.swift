import CareKitStore
import Foundation

extension _ImportContext {

    mutating func readPatient(_ resource: FHIRPatient, _ whole: FHIRResource) {
        guard let fhirID = resource.id, let id = FHIRIdentity.careKitID(id: resource.id, identifiers: resource.identifier) else {
            problem(whole.reference, "a Patient needs an id (care plans and observations refer to it)")
            return
        }
        var patient = OCKPatient(id: id, name: _People.name(resource.name))
        patient.timezone = zone
        patient.effectiveDate = defaultEffectiveDate
        patient.createdDate = nil
        let metadata = resource.extension?.first(OCKFHIRVocabulary.entity)
        _EntityMetadata.apply(metadata, to: &patient, timeZone: zone)
        switch resource.gender {
        case "male"?: patient.sex = .male
        case "female"?: patient.sex = .female
        case "other"?: patient.sex = .other(metadata?.part("sex")?.textValue ?? "other")
        case "unknown"?: patient.sex = .other("unknown")
        case nil: break
        case let other?: note(whole.reference, "gender '\(other)' is not a FHIR gender; it was kept as CareKit's other"); patient.sex = .other(other)
        }
        if let exact = metadata?.date("birthday", timeZone: patient.timezone) {
            patient.birthday = exact
        } else if let text = resource.birthDate {
            if let parsed = FHIRDateTime.parse(text, timeZone: patient.timezone) {
                patient.birthday = parsed.start
            } else {
                note(whole.reference, "birthDate '\(text)' is not a FHIR date; it was left out")
            }
        }
        stamp(&patient, meta: resource.meta, kept: Self.kept(whole, extensions: resource.extension))
        patients[fhirID] = patient
    }

    mutating func readAllergy(_ resource: FHIRAllergyIntolerance, _ whole: FHIRResource) {
        let verification = resource.verificationStatus?.coding?.first?.code
        if verification == "entered-in-error" || verification == "refuted" {
            note(whole.reference, "skipped: its verification status is \(verification ?? "")")
            return
        }
        guard let target = resource.patient?.target, target.type == "Patient", var patient = patients[target.id] else {
            problem(whole.reference, "its patient (\(resource.patient?.reference ?? "none")) is not a Patient in the bundle")
            return
        }
        guard let name = resource.code?.text ?? resource.code?.coding?.first?.display ?? resource.code?.coding?.first?.code else {
            problem(whole.reference, "it names no allergen (code.text or code.coding)")
            return
        }
        patient.allergies = (patient.allergies ?? []) + [name]
        patients[target.id] = patient
    }

    mutating func readCarePlan(_ resource: FHIRCarePlan, _ whole: FHIRResource) {
        guard let fhirID = resource.id else {
            problem(whole.reference, "a CarePlan needs an id (observations refer to it)")
            return
        }
        if ["revoked", "entered-in-error"].contains(resource.status ?? "") {
            note(whole.reference, "skipped: its status is \(resource.status ?? ""), so it is not a live plan")
            return
        }
        let start = date(resource.period?.start)
        var planUUID: UUID?
        if resource.extension?.first(OCKFHIRVocabulary.unassignedTasks)?.booleanValue != true {
            let id = FHIRIdentity.careKitID(id: resource.id, identifiers: resource.identifier) ?? fhirID
            var plan = OCKCarePlan(id: id, title: resource.title ?? id, patientUUID: nil)
            plan.timezone = zone
            plan.effectiveDate = start ?? defaultEffectiveDate
            plan.createdDate = nil
            _EntityMetadata.apply(resource.extension?.first(OCKFHIRVocabulary.entity), to: &plan, timeZone: zone)
            if let target = resource.subject?.target {
                if target.type == "Patient", let patient = patients[target.id] {
                    plan.patientUUID = patient.uuid
                } else {
                    note(whole.reference, "its subject \(resource.subject?.reference ?? "") is not a Patient in the bundle; the plan has no patient")
                }
            }
            stamp(&plan, meta: resource.meta, kept: Self.kept(whole, extensions: resource.extension))
            plans[fhirID] = plan
            planUUID = plan.uuid
        }
        for reference in resource.careTeam ?? [] {
            if let target = reference.target, target.type == "CareTeam" { teamsOfPlans[target.id, default: []].append(fhirID) }
        }
        for (index, activity) in (resource.activity ?? []).enumerated() {
            readActivity(activity, index: index, planFHIRID: fhirID, planUUID: planUUID, planStart: start, whole: whole)
        }
    }
}
