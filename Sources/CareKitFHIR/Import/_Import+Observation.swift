import CareKitStore
import Foundation

extension _ImportContext {

    /// An Observation as the outcome (or more values of the outcome) of the event it records.
    mutating func readObservation(_ resource: FHIRObservation, _ whole: FHIRResource) {
        let name = whole.reference
        if ["cancelled", "entered-in-error"].contains(resource.status ?? "") {
            note(name, "skipped: its status is \(resource.status ?? "")")
            return
        }
        guard let timeText = resource.effectiveDateTime ?? resource.effectiveInstant ?? resource.effectivePeriod?.start, let time = date(timeText) else {
            problem(name, "it has no effective time (effectiveDateTime) to place it on an event")
            return
        }
        let event = resource.extension?.first(OCKFHIRVocabulary.event)
        guard let taskID = event?.part("taskID")?.textValue ?? matchingTask(resource, name: name) else { return }
        guard taskVersions[taskID] != nil else {
            problem(name, "it records task '\(taskID)', which no CarePlan activity in the bundle is")
            return
        }
        guard
            let (task, occurrence) = place(
                taskID: taskID, at: time, version: event?.part("taskVersion")?.integerValue,
                occurrence: event?.part("occurrence")?.integerValue)
        else {
            problem(name, "task '\(taskID)' has no event at \(timeText)")
            return
        }
        let values: [OCKOutcomeValue]
        do {
            values = try Self.values(of: resource, at: time, timeZone: task.schedule.elements.first?.calendar.timeZone ?? zone)
        } catch {
            problem(name, error.reason)
            return
        }
        if let implausible = Self.implausible(values, of: resource, task: task) {
            note(name, "skipped: " + implausible.description + " (no body can have it; the value was not imported)")
            return
        }
        let key = OCKEventID.make(taskUUID: task.uuid, occurrence: occurrence)
        let id = FHIRIdentity.careKitID(id: resource.id, identifiers: resource.identifier) ?? importer.makeUUID().uuidString
        // A second reading of the event that a device recorded while apart (this mapping's
        // event extension names the event) stays its own outcome, as in the store it came from;
        // Observations from elsewhere add their values to the event's one outcome.
        if let existing = outcomeAt[key], event == nil || outcomes[existing].id == id {
            outcomes[existing].values += values
            note(name, "its values were added to the outcome of the same event (\(outcomes[existing].id))")
            return
        }
        var outcome = OCKOutcome(taskUUID: task.uuid, taskOccurrenceIndex: occurrence, values: values)
        outcome.id = id
        outcome.timezone = zone
        outcome.effectiveDate = time
        outcome.createdDate = nil
        _EntityMetadata.apply(resource.extension?.first(OCKFHIRVocabulary.entity), to: &outcome, timeZone: zone)
        stamp(&outcome, meta: resource.meta, kept: Self.kept(whole, extensions: resource.extension))
        outcomeAt[key] = outcomes.count
        outcomes.append(outcome)
    }

    /// The first value no body can have, judged by the measurement the Observation's code (or
    /// its task's LOINC code or name) says it is: 986 °F for a body temperature, 310/84 mmHg
    /// for a blood pressure (``CareKitStore/OCKMeasurementKind``). Nil when every value is
    /// plausible or the measurement is not one the app knows.
    static func implausible(_ values: [OCKOutcomeValue], of resource: FHIRObservation, task: OCKTask) -> OCKImplausibleValue? {
        let coded = resource.code?.code(in: OCKFHIRVocabulary.loinc).flatMap(OCKMeasurementKind.init(loinc:))
        let units = values.first?.units
        guard let kind = coded ?? task.loincCode.flatMap(OCKMeasurementKind.init(loinc:)) ?? OCKMeasurementKind.recognizing(name: task.title, units: units) else { return nil }
        var numbers: [String: (number: Double, units: String?)] = [:]
        for value in values {
            guard let part = kind.component(forValueKind: value.kind), let number = value.numericValue else { continue }
            numbers[part.id] = (number, value.units)
        }
        return kind.problem(with: numbers)
    }

    /// The task an Observation without the CareKit event extension records: the one task of its
    /// plans (basedOn) or, failing that, of the whole bundle whose code it has.
    mutating func matchingTask(_ resource: FHIRObservation, name: String) -> String? {
        let planIDs = (resource.basedOn ?? []).compactMap { $0.target }.filter { $0.type == "CarePlan" }.map(\.id)
        let candidates = planIDs.isEmpty ? Array(taskVersions.keys).sorted() : planIDs.flatMap { tasksOfPlan[$0] ?? [] }
        let loinc = resource.code?.code(in: OCKFHIRVocabulary.loinc)
        let text = resource.code?.text ?? resource.code?.coding?.first?.display
        let matches = candidates.filter { id in
            guard let task = taskVersions[id]?.last?.task else { return false }
            if let loinc, task.loincCode == loinc { return true }
            return loinc == nil && text != nil && task.title == text
        }
        switch matches.count {
        case 1: return matches[0]
        case 0:
            problem(name, "its code (\(loinc ?? text ?? "none")) is not that of any task of \(planIDs.isEmpty ? "the bundle's care plans" : "CarePlan/" + planIDs.joined(separator: ", CarePlan/"))")
        default: problem(name, "its code (\(loinc ?? text ?? "none")) is that of several tasks (\(matches.joined(separator: ", "))); CareKit cannot tell which one it records")
        }
        return nil
    }

    /// The event of a task at `time`: occurrence `occurrence` (of version `version`) when given
    /// and it starts then, otherwise, among the events the task's versions own, the one that starts at `time` or,
    /// failing that, the latest that has started and not ended by then.
    func place(taskID: String, at time: Date, version: Int?, occurrence: Int?) -> (OCKTask, Int)? {
        guard let versions = taskVersions[taskID] else { return nil }
        // The CareKit event extension names the version and occurrence: history stays where it
        // was recorded, as the store's own import keeps it.
        // Its effectiveDateTime is when the value was measured, which may be after the event.
        let named = versions.first { $0.exportedVersion == version && version != nil && $0.task.deletedDate == nil }?.task
        if let occurrence, let task = named, task.schedule.event(forOccurrenceIndex: occurrence) != nil {
            return (task, occurrence)
        }
        if let occurrence, let task = owner(ofTask: taskID, at: time)?.task,
            let event = task.schedule.event(forOccurrenceIndex: occurrence), event.start == time
        {
            return (task, occurrence)
        }
        var candidates: [(OCKTask, OCKScheduleEvent)] = []
        for (index, version) in versions.enumerated() where version.task.deletedDate == nil && version.task.effectiveDate <= time {
            let ownedEnd = versions.indices.contains(index + 1) ? versions[index + 1].task.effectiveDate : nil
            for event in version.task.schedule.events(from: time, to: time.addingTimeInterval(1))
            where event.start <= time && event.start >= version.task.effectiveDate && (ownedEnd.map { event.start < $0 } ?? true) {
                candidates.append((version.task, event))
            }
        }
        if let exact = candidates.first(where: { $0.1.start == time }) { return (exact.0, exact.1.occurrence) }
        return candidates.max { $0.1.start < $1.1.start }.map { ($0.0, $0.1.occurrence) }
    }

    /// The values of an Observation: its value[x] (with the CareKit value extension), or one
    /// per component; none when it says why there is none.
    static func values(of resource: FHIRObservation, at time: Date, timeZone: TimeZone) throws(_TimingReader.Failure) -> [OCKOutcomeValue] {
        if let components = resource.component, !components.isEmpty {
            return try components.enumerated().map { index, component throws(_TimingReader.Failure) -> OCKOutcomeValue in
                guard
                    let value = value(
                        component.value, absent: component.dataAbsentReason, details: component.extension?.first(OCKFHIRVocabulary.outcomeValue),
                        kind: component.code?.text ?? component.code?.coding?.first?.code, at: resource.issued, time, timeZone)
                else {
                    throw .init(reason: "component \(index + 1) has no value CareKit can keep")
                }
                return value
            }
        }
        let details = resource.extension?.first(OCKFHIRVocabulary.outcomeValue)
        if resource.value == nil, details == nil, resource.dataAbsentReason != nil { return [] }
        guard let value = value(resource.value, absent: resource.dataAbsentReason, details: details, kind: nil, at: resource.issued, time, timeZone) else {
            throw .init(reason: "it has no value CareKit can keep (valueQuantity, valueBoolean, valueInteger, valueString, valueDateTime or valueCodeableConcept)")
        }
        return [value]
    }

    static func value(
        _ fhir: FHIRObservationValue?, absent: FHIRCodeableConcept?, details: FHIRExtension?, kind: String?,
        at issued: String?, _ time: Date, _ zone: TimeZone
    ) -> OCKOutcomeValue? {
        let type = details?.part("type")?.textValue
        var units = details?.part("units")?.textValue
        var underlying: (any OCKOutcomeValueUnderlyingType)?
        if let seconds = details?.part("valueSeconds")?.decimalValue, seconds.isFinite {
            underlying = Date(timeIntervalSinceReferenceDate: seconds)
        } else if let raw = details?.part("value") {
            underlying = _ValueExtension.underlyingValue(raw, type: type)
        } else if type == "text" {
            underlying = ""
        } else {
            switch fhir {
            case .quantity(let quantity)?:
                guard let number = quantity.value else { return nil }
                underlying = type == "integer" && number.rounded() == number && abs(number) < 1e15 ? Int(number) as any OCKOutcomeValueUnderlyingType : number
                units = quantity.unit ?? quantity.code.map { OCKUCUM.units[$0] ?? $0 }
            case .boolean(let flag)?: underlying = flag
            case .integer(let number)?: underlying = number
            case .string(let text)?: underlying = text
            case .dateTime(let text)?: underlying = FHIRDateTime.parse(text, timeZone: zone)?.start
            case .codeableConcept(let concept)?: underlying = concept.text ?? concept.coding?.first?.display ?? concept.coding?.first?.code
            case nil:
                switch absent?.coding?.first?.code {
                case "not-a-number": underlying = Double.nan
                case "positive-infinity": underlying = Double.infinity
                case "negative-infinity": underlying = -Double.infinity
                default: underlying = nil
                }
            }
        }
        guard let underlying else { return nil }
        let created =
            details?.date("createdDate", timeZone: zone)
            ?? issued.flatMap { FHIRDateTime.parse($0, timeZone: zone)?.start } ?? time
        return OCKOutcomeValue(underlying, units: units, kind: details?.part("kind")?.textValue ?? (details == nil ? kind : nil), createdDate: created)
    }
}
