import CareKitStore
import Foundation

extension _ImportContext {

    /// A `Practitioner` or `RelatedPerson` as a contact of the plan whose CareTeam names it.
    mutating func readPerson(_ resource: FHIRPerson, _ whole: FHIRResource, teams: [String: FHIRCareTeam]) {
        guard let fhirID = resource.id, let id = FHIRIdentity.careKitID(id: resource.id, identifiers: resource.identifier) else {
            problem(whole.reference, "a \(resource.resourceType) needs an id")
            return
        }
        // The plans whose care team has this person as a member.
        var planIDs: [String] = []
        var teamRole: String?
        for (teamID, team) in teams.sorted(by: { $0.key < $1.key }) {
            guard let participant = team.participant?.first(where: { $0.member?.target.map { $0 == (resource.resourceType, fhirID) } ?? false }) else { continue }
            teamRole = teamRole ?? participant.role?.first?.text
            planIDs += teamsOfPlans[teamID] ?? []
        }
        let planUUIDs = Array(Set(planIDs)).sorted().compactMap { plans[$0]?.uuid }
        if planUUIDs.count > 1 { note(whole.reference, "it is on the care team of several plans; CareKit keeps one, the first by id") }
        var contact = OCKContact(id: id, name: _People.name(resource.name), carePlanUUID: planUUIDs.first)
        contact.timezone = zone
        contact.effectiveDate = defaultEffectiveDate
        contact.createdDate = nil
        _EntityMetadata.apply(resource.extension?.first(OCKFHIRVocabulary.entity), to: &contact, timeZone: zone)
        let parts = resource.extension?.first(OCKFHIRVocabulary.contact)
        if parts?.part("uncategorized")?.booleanValue != true {
            contact.category = resource.resourceType == "RelatedPerson" ? .friendsAndFamily : .careProvider
        }
        contact.phoneNumbers = _People.labeledValues(resource.telecom, systems: ["phone"])
        contact.messagingNumbers = _People.labeledValues(resource.telecom, systems: ["sms"])
        contact.emailAddresses = _People.labeledValues(resource.telecom, systems: ["email"])
        contact.otherContactInfo = _People.labeledValues(resource.telecom, systems: _People.otherSystems)
        contact.address = _People.address(resource.address)
        if let parts {
            contact.title = parts.part("title")?.textValue
            contact.role = parts.part("role")?.textValue
            contact.organization = parts.part("organization")?.textValue
        } else {
            contact.role = resource.relationship?.first?.text ?? teamRole
            contact.title = teamRole
        }
        stamp(&contact, meta: resource.meta, kept: Self.kept(whole, extensions: resource.extension))
        contacts.append(contact)
    }
}
