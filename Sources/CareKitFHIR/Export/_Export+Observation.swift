import CareKitStore
import Foundation

extension _ExportContext {

    /// Each outcome (its current version; deleted ones are not written) as an `Observation`
    /// of the event it records. Where devices recorded one occurrence while apart, every
    /// outcome is written: each reading is its own Observation, though the store's event shows
    /// the one recorded first (``CareKitStore/OCKStore/fetchConcurrentOutcomes(taskIDs:dateInterval:)``).
    mutating func observations() -> [FHIRResource] {
        var resources: [FHIRResource] = []
        var missing = 0
        for (outcome, version) in _Versions.current(outcomes) {
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

    func observation(_ outcome: OCKOutcome, version: Int, task: OCKTask, taskVersion: Int, event: OCKScheduleEvent) -> FHIRResource {
        let zone = event.element.calendar.timeZone
        var observation = FHIRObservation(id: FHIRIdentity.fhirID(for: outcome.id))
        observation.meta = _EntityMetadata.meta(version: version, of: outcome)
        observation.identifier = FHIRIdentity.identifiers(for: outcome.id)
        observation.status = "final"
        let kind = _MeasurementCoding.kind(of: task, values: outcome.values)
        (observation.code, observation.category) = _MeasurementCoding.code(task: task, kind: kind, values: outcome.values)
        let planID = livePlanID(task.carePlanUUID)
        observation.subject = subject(patientUUID: planID == nil ? soleLivePatient : patientUUID(ofPlan: task.carePlanUUID))
        observation.basedOn = [.to("CarePlan", planID.map(FHIRIdentity.fhirID(for:)) ?? unassignedPlanFHIRID)]
        // When measured: the first value's recording; when recorded: the outcome's.
        let recorded = outcome.createdDate ?? outcome.updatedDate ?? outcome.effectiveDate
        observation.effectiveDateTime = FHIRDateTime.string(outcome.values.map(\.createdDate).min() ?? recorded, in: zone)
        observation.issued = FHIRDateTime.string(recorded, in: zone)
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
            (observation.referenceRange, observation.interpretation) = _MeasurementCoding.judged(outcome.values[0], element: event.element)
            extensions.append(Self.valueDetails(outcome.values[0], written: value, zone: zone))
        default:
            observation.component = outcome.values.enumerated().map { index, value in
                var component = FHIRObservation.Component(code: _MeasurementCoding.componentCode(value, kind: kind, index: index))
                (component.value, component.dataAbsentReason) = Self.fhirValue(value)
                (component.referenceRange, component.interpretation) = _MeasurementCoding.judged(value, element: event.element)
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
        // A date's valueDateTime holds milliseconds; the exact date goes here.
        if written != nil, value.type == .date, let date = value.dateValue, !FHIRDateTime.isExact(date, in: .gmt), date.timeIntervalSinceReferenceDate.isFinite {
            parts.append(.decimal("valueSeconds", date.timeIntervalSinceReferenceDate))
        }
        if value.type == .double, let number = value.doubleValue, !number.isFinite { parts.append(.code("type", "double")) }
        if value.type == .integer, isQuantity { parts.append(.code("type", "integer")) }
        if let units = value.units.nonEmpty, !isQuantity { parts.append(.string("units", units)) }
        if let kind = value.kind.nonEmpty { parts.append(.string("kind", kind)) }
        parts += FHIRExtension.instant("createdDate", value.createdDate, in: zone)
        return .complex(OCKFHIRVocabulary.outcomeValue, parts)
    }
}
