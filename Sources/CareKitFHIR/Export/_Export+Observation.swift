import CareKitStore
import Foundation

extension _ExportContext {

    /// Each outcome (its current version; deleted ones are not written) as an `Observation`
    /// of the event it records. Where devices recorded one occurrence while apart, only the
    /// outcome the store shows is written: the one recorded first (earliest created date, then
    /// smallest id), as ``CareKitStore/OCKStore`` elects it.
    mutating func observations() -> [FHIRResource] {
        var resources: [FHIRResource] = []
        var missing = 0
        let (shown, hidden) = Self.elected(_Versions.current(outcomes))
        if hidden > 0 {
            notes.append("\(hidden) outcomes record an occurrence that another outcome recorded first; the store shows the first and keeps the others in its history, so only the first was written.")
        }
        for (outcome, version) in shown {
            guard let (task, taskVersion) = taskVersions[outcome.taskUUID],
                let event = task.schedule.event(forOccurrenceIndex: outcome.taskOccurrenceIndex)
            else {
                missing += 1
                continue
            }
            resources.append(observation(outcome, version: version, task: task, taskVersion: taskVersion, event: event))
        }
        if missing > 0 { notes.append("\(missing) outcomes name an occurrence of a task version the store does not have; they were not written.") }
        return resources
    }

    /// The outcomes the store shows: per occurrence of a task version, the one recorded first.
    static func elected(_ current: [(entity: OCKOutcome, version: Int)]) -> (shown: [(entity: OCKOutcome, version: Int)], hidden: Int) {
        struct Occurrence: Hashable {
            let task: UUID
            let index: Int
        }
        var first: [Occurrence: (date: Date, id: String)] = [:]
        for (outcome, _) in current {
            let key = Occurrence(task: outcome.taskUUID, index: outcome.taskOccurrenceIndex)
            let candidate = (date: outcome.createdDate ?? outcome.effectiveDate, id: outcome.id)
            if let best = first[key], (best.date, best.id) <= (candidate.date, candidate.id) { continue }
            first[key] = candidate
        }
        let shown = current.filter { outcome, _ in first[Occurrence(task: outcome.taskUUID, index: outcome.taskOccurrenceIndex)]?.id == outcome.id }
        return (shown, current.count - shown.count)
    }

    func observation(_ outcome: OCKOutcome, version: Int, task: OCKTask, taskVersion: Int, event: OCKScheduleEvent) -> FHIRResource {
        let zone = event.element.calendar.timeZone
        var observation = FHIRObservation(id: FHIRIdentity.fhirID(for: outcome.id))
        observation.meta = _EntityMetadata.meta(version: version, of: outcome)
        observation.identifier = FHIRIdentity.identifiers(for: outcome.id)
        observation.status = "final"
        let loinc = task.loincCode
        if let loinc, OCKFHIRVocabulary.vitalSigns[loinc] != nil {
            observation.category = [FHIRCodeableConcept(coding: [FHIRCoding(system: OCKFHIRVocabulary.observationCategory, code: "vital-signs", display: "Vital Signs")])]
        }
        observation.code = FHIRCodeableConcept(
            coding: loinc.map { [FHIRCoding(system: OCKFHIRVocabulary.loinc, code: $0, display: OCKFHIRVocabulary.vitalSigns[$0])] },
            text: task.title.nonEmpty ?? task.id)
        let planID = livePlanID(task.carePlanUUID)
        observation.subject = subject(patientUUID: planID == nil ? soleLivePatient : patientUUID(ofPlan: task.carePlanUUID))
        observation.basedOn = [.to("CarePlan", planID.map(FHIRIdentity.fhirID(for:)) ?? unassignedPlanFHIRID)]
        observation.effectiveDateTime = FHIRDateTime.string(event.start, in: zone)
        var extensions: [FHIRExtension] = [
            .complex(OCKFHIRVocabulary.event, [.string("taskID", task.id), .integer("taskVersion", taskVersion), .integer("occurrence", outcome.taskOccurrenceIndex)]),
            _EntityMetadata.make(outcome)
        ]
        switch outcome.values.count {
        case 0:
            observation.dataAbsentReason = Self.absent("not-performed")
        case 1:
            let (value, absent) = Self.fhirValue(outcome.values[0])
            observation.value = value
            observation.dataAbsentReason = absent
            extensions.append(Self.valueDetails(outcome.values[0], written: value, zone: zone))
        default:
            observation.component = outcome.values.enumerated().map { index, value in
                var component = FHIRObservation.Component(code: Self.componentCode(value.kind, index: index))
                (component.value, component.dataAbsentReason) = Self.fhirValue(value)
                component.extension = [Self.valueDetails(value, written: component.value, zone: zone)]
                return component
            }
        }
        observation.extension = extensions
        return Self.resource(.observation(observation), keeping: outcome)
    }

    static func absent(_ code: String) -> FHIRCodeableConcept {
        FHIRCodeableConcept(coding: [FHIRCoding(system: OCKFHIRVocabulary.dataAbsentReason, code: code)])
    }

    /// A value as `value[x]`, or why there is none (FHIR has no NaN, binary or empty text).
    static func fhirValue(_ value: OCKOutcomeValue) -> (FHIRObservationValue?, FHIRCodeableConcept?) {
        let units = value.units.nonEmpty
        func quantity(_ number: Double) -> FHIRObservationValue {
            let code = units.flatMap(OCKUCUM.code(for:))
            return .quantity(FHIRQuantity(value: number, unit: units, system: code == nil ? nil : OCKFHIRVocabulary.ucum, code: code))
        }
        switch value.type {
        case .integer:
            let number = value.integerValue ?? 0
            return (units == nil ? .integer(number) : quantity(Double(number)), nil)
        case .double:
            let number = value.doubleValue ?? 0
            guard number.isFinite else { return (nil, absent(number.isNaN ? "not-a-number" : number > 0 ? "positive-infinity" : "negative-infinity")) }
            return (quantity(number), nil)
        case .boolean: return (.boolean(value.booleanValue ?? false), nil)
        case .text:
            guard let text = value.stringValue, !text.isEmpty else { return (nil, absent("unknown")) }
            return (.string(text), nil)
        case .date: return (.dateTime(FHIRDateTime.string(value.dateValue ?? Date(timeIntervalSinceReferenceDate: 0), in: .gmt)), nil)
        case .binary: return (nil, absent("unsupported"))
        }
    }

    /// What `value[x]` does not say about a value: its kind, when it was recorded, its units
    /// when they are not a quantity's, that a quantity was a whole number, or the value itself
    /// when FHIR has no place for it.
    static func valueDetails(_ value: OCKOutcomeValue, written: FHIRObservationValue?, zone: TimeZone) -> FHIRExtension {
        var parts: [FHIRExtension] = []
        var isQuantity = false
        if case .quantity? = written { isQuantity = true }
        if written == nil { parts.append(_ValueExtension.valuePart(value) ?? .code("type", "text")) }
        if value.type == .double, let number = value.doubleValue, !number.isFinite { parts.append(.code("type", "double")) }
        if value.type == .integer, isQuantity { parts.append(.code("type", "integer")) }
        if let units = value.units.nonEmpty, !isQuantity { parts.append(.string("units", units)) }
        if let kind = value.kind.nonEmpty { parts.append(.string("kind", kind)) }
        parts.append(.dateTime("createdDate", value.createdDate, in: zone))
        return .complex(OCKFHIRVocabulary.outcomeValue, parts)
    }

    /// A component's code: its kind (a LOINC code when it looks like one).
    static func componentCode(_ kind: String?, index: Int) -> FHIRCodeableConcept {
        guard let kind = kind.nonEmpty else { return FHIRCodeableConcept(text: "Value \(index + 1)") }
        let looksLikeLOINC = kind.range(of: #"^[0-9]{1,7}-[0-9]$"#, options: .regularExpression) != nil
        return FHIRCodeableConcept(coding: looksLikeLOINC ? [FHIRCoding(system: OCKFHIRVocabulary.loinc, code: kind)] : nil, text: kind)
    }
}
