import CareKitStore
import Foundation

extension _ExportContext {

    /// Contacts as `Practitioner` (care team) or `RelatedPerson` (friends and family), and one
    /// `CareTeam` per care plan that has contacts, naming them with their roles.
    func careTeams() -> (people: [FHIRResource], teams: [FHIRResource]) {
        var people: [FHIRResource] = []
        var members: [String: [(participant: FHIRCareTeam.Participant, version: Int)]] = [:]
        for (contact, version) in _Versions.current(contacts) {
            let type = contact.category == .friendsAndFamily ? "RelatedPerson" : "Practitioner"
            let fhirID = FHIRIdentity.fhirID(for: contact.id)
            var person = FHIRPerson(resourceType: type, id: fhirID)
            person.meta = _EntityMetadata.meta(version: version, of: contact)
            person.identifier = FHIRIdentity.identifiers(for: contact.id)
            person.name = _People.names(contact.name)
            let telecom =
                _People.telecom(contact.phoneNumbers, system: "phone") + _People.telecom(contact.messagingNumbers, system: "sms")
                + _People.telecom(contact.emailAddresses, system: "email") + _People.telecom(contact.otherContactInfo, system: "other")
            person.telecom = telecom.nonEmpty
            person.address = _People.address(contact.address)
            var parts: [FHIRExtension] = []
            if let title = contact.title.nonEmpty { parts.append(.string("title", title)) }
            if let role = contact.role.nonEmpty { parts.append(.string("role", role)) }
            if let organization = contact.organization.nonEmpty { parts.append(.string("organization", organization)) }
            if contact.category == nil { parts.append(.boolean("uncategorized", true)) }
            person.extension = [_EntityMetadata.make(contact)] + (parts.isEmpty ? [] : [.complex(OCKFHIRVocabulary.contact, parts)])
            if type == "RelatedPerson" {
                person.patient = subject(patientUUID: patientUUID(ofPlan: contact.carePlanUUID))
                if let role = contact.role.nonEmpty { person.relationship = [FHIRCodeableConcept(text: role)] }
            }
            people.append(Self.resource(.person(person), keeping: contact))
            if let planID = livePlanID(contact.carePlanUUID) {
                let role = (contact.title.nonEmpty ?? contact.role.nonEmpty).map { [FHIRCodeableConcept(text: $0)] }
                members[planID, default: []].append((FHIRCareTeam.Participant(role: role, member: .to(type, fhirID)), version))
            }
        }
        let teams = members.sorted { $0.key < $1.key }.compactMap { planID, participants -> FHIRResource? in
            guard let plan = livePlans[planID] else { return nil }
            var team = FHIRCareTeam(id: FHIRIdentity.fhirID(for: planID))
            team.status = "active"
            team.name = plan.title.nonEmpty.map { "Care team of \($0)" }
            team.subject =
                plan.patientUUID.flatMap { patientIDs[$0] }.flatMap { livePatients[$0] }.map { .to("Patient", FHIRIdentity.fhirID(for: $0.id)) }
                ?? identityFHIRID.map { .to("Patient", $0) }
            team.participant = participants.map(\.participant)
            let written = ([plan.updatedDate ?? plan.effectiveDate] + contacts.filter { livePlanID($0.carePlanUUID) == planID }.compactMap(\.updatedDate)).max()
            // The team changes whenever one of its contacts does: the sum of their version numbers.
            team.meta = FHIRMeta(versionId: String(participants.map(\.version).reduce(0, +)), lastUpdated: written.map { FHIRDateTime.string($0, in: plan.timezone) })
            return FHIRResource(.careTeam(team))
        }
        return (people, teams)
    }
}
