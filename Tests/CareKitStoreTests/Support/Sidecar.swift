import CareKitStore
import Foundation

/// Builds, from our decoded values, the same summary the fixture generator wrote into each
/// `*.expect.json` sidecar (see fixtures/carekit-json/README.md): dates as
/// `{"sinceReferenceDate"}`, UUIDs uppercase, absent optionals as null, binary as
/// `{"base64","byteCount"}`, schema versions as strings, calendars as a summary, knowledge
/// vectors as a `clocks` map. ``compare(_:_:)`` then checks it field by field.
enum Sidecar {

    // MARK: Leaves

    static func date(_ date: Date?) -> JSONValue {
        date.map { .object(["sinceReferenceDate": .number($0.timeIntervalSinceReferenceDate)]) } ?? .null
    }

    static func string(_ string: String?) -> JSONValue { string.map(JSONValue.string) ?? .null }
    static func uuid(_ uuid: UUID?) -> JSONValue { string(uuid?.uuidString) }
    static func uuids(_ uuids: [UUID]) -> JSONValue { .array(uuids.map { .string($0.uuidString) }) }
    static func strings(_ strings: [String]?) -> JSONValue { strings.map { .array($0.map(JSONValue.string)) } ?? .null }
    static func dictionary(_ dictionary: [String: String]?) -> JSONValue {
        dictionary.map { .object($0.mapValues(JSONValue.string)) } ?? .null
    }

    static func note(_ note: OCKNote) -> JSONValue {
        .object(["author": string(note.author), "title": string(note.title), "content": string(note.content)])
    }

    static func notes(_ notes: [OCKNote]?) -> JSONValue { notes.map { .array($0.map(note)) } ?? .null }

    static func labeledValue(_ value: OCKLabeledValue) -> JSONValue {
        .object(["label": .string(value.label), "value": .string(value.value)])
    }

    static func labeledValues(_ values: [OCKLabeledValue]?) -> JSONValue { values.map { .array($0.map(labeledValue)) } ?? .null }

    static func address(_ address: OCKPostalAddress?) -> JSONValue {
        guard let address else { return .null }
        return .object([
            "street": .string(address.street), "subLocality": .string(address.subLocality), "city": .string(address.city),
            "subAdministrativeArea": .string(address.subAdministrativeArea), "state": .string(address.state),
            "postalCode": .string(address.postalCode), "country": .string(address.country), "isoCountryCode": .string(address.isoCountryCode)
        ])
    }

    /// Only the name parts that are set, as the generator wrote them.
    static func name(_ name: PersonNameComponents) -> JSONValue {
        var members: [String: JSONValue] = [:]
        let parts: [(String, String?)] = [
            ("namePrefix", name.namePrefix), ("givenName", name.givenName), ("middleName", name.middleName),
            ("familyName", name.familyName), ("nameSuffix", name.nameSuffix), ("nickname", name.nickname)
        ]
        for (key, value) in parts { if let value { members[key] = .string(value) } }
        return .object(members)
    }

    static func outcomeValue(_ value: OCKOutcomeValue) -> JSONValue {
        let payload: JSONValue
        switch value.type {
        case .integer: payload = .number(Double(value.integerValue ?? 0))
        case .double: payload = .number(value.doubleValue ?? .nan)
        case .boolean: payload = .bool(value.booleanValue ?? false)
        case .text: payload = string(value.stringValue)
        case .binary:
            let data = value.dataValue ?? Data()
            payload = .object(["base64": .string(data.base64EncodedString()), "byteCount": .number(Double(data.count))])
        case .date: payload = date(value.dateValue)
        }
        return .object([
            "type": .string(value.type.rawValue), "value": payload, "kind": string(value.kind),
            "units": string(value.units), "createdDate": date(value.createdDate)
        ])
    }

    // MARK: Schedules

    /// Our calendar as JSON (Foundation's own encoding) plus the fields the sidecars summarise.
    /// `current` is 0 for a fixed calendar and 2 for `autoupdatingCurrent`.
    static func calendar(_ calendar: Calendar) -> JSONValue {
        let encoded = (try? JSONValue.parse(JSONEncoder().encode(calendar))) ?? .null
        return .object([
            "current": encoded["current"] ?? .null,
            "identifier": encoded["identifier"] ?? .null,
            "firstWeekday": .number(Double(calendar.firstWeekday)),
            "minimumDaysInFirstWeek": .number(Double(calendar.minimumDaysInFirstWeek)),
            "timeZone": .string(calendar.timeZone.identifier)
        ])
    }

    static func interval(_ interval: DateComponents) -> JSONValue {
        let names: [(Calendar.Component, String)] = [
            (.era, "era"), (.year, "year"), (.month, "month"), (.weekOfYear, "weekOfYear"), (.weekOfMonth, "weekOfMonth"),
            (.weekday, "weekday"), (.day, "day"), (.hour, "hour"), (.minute, "minute"), (.second, "second"), (.nanosecond, "nanosecond")
        ]
        var members: [String: JSONValue] = [:]
        for (component, name) in names {
            if let value = interval.value(for: component) { members[name] = .number(Double(value)) }
        }
        return .object(members)
    }

    static func duration(_ duration: OCKScheduleElement.Duration) -> JSONValue {
        switch duration {
        case .allDay: return .object(["isAllDay": .bool(true)])
        case .seconds(let seconds): return .object(["isAllDay": .bool(false), "seconds": .number(seconds)])
        }
    }

    static func element(_ element: OCKScheduleElement) -> JSONValue {
        .object([
            "start": date(element.start), "end": date(element.end), "interval": interval(element.interval),
            "text": string(element.text), "targetValues": .array(element.targetValues.map(outcomeValue)),
            "duration": duration(element.duration), "calendar": calendar(element.calendar)
        ])
    }

    static func schedule(_ schedule: OCKSchedule) -> JSONValue {
        .object(["elements": .array(schedule.elements.map(element))])
    }

    static func event(_ event: OCKScheduleEvent) -> JSONValue {
        .object(["occurrence": .number(Double(event.occurrence)), "start": date(event.start), "end": date(event.end), "elementText": string(event.element.text)])
    }

    // MARK: Entities

    static func versioned<T: OCKVersionedObjectCompatible>(_ value: T) -> [String: JSONValue] {
        [
            "id": .string(value.id), "uuid": uuid(value.uuid),
            "previousVersionUUIDs": uuids(value.previousVersionUUIDs), "nextVersionUUIDs": uuids(value.nextVersionUUIDs),
            "effectiveDate": date(value.effectiveDate), "deletedDate": date(value.deletedDate),
            "createdDate": date(value.createdDate), "updatedDate": date(value.updatedDate),
            "schemaVersion": string(value.schemaVersion?.description), "remoteID": string(value.remoteID),
            "groupIdentifier": string(value.groupIdentifier), "tags": strings(value.tags), "source": string(value.source),
            "userInfo": dictionary(value.userInfo), "asset": string(value.asset), "notes": notes(value.notes),
            "timezone": .string(value.timezone.identifier)
        ]
    }

    static func task(_ task: OCKTask) -> JSONValue {
        var members = versioned(task)
        members["carePlanUUID"] = uuid(task.carePlanUUID)
        members["title"] = string(task.title)
        members["instructions"] = string(task.instructions)
        members["impactsAdherence"] = .bool(task.impactsAdherence)
        members["schedule"] = schedule(task.schedule)
        return .object(members)
    }

    static func healthKitTask(_ task: OCKHealthKitTask) -> JSONValue {
        var members = versioned(task)
        members["carePlanUUID"] = uuid(task.carePlanUUID)
        members["title"] = string(task.title)
        members["instructions"] = string(task.instructions)
        members["impactsAdherence"] = .bool(task.impactsAdherence)
        members["schedule"] = schedule(task.schedule)
        members["healthKitLinkage"] = .object([
            "quantityIdentifier": .string(task.healthKitLinkage.quantityIdentifier),
            "quantityType": .string(task.healthKitLinkage.quantityType.rawValue),
            "unitString": .string(task.healthKitLinkage.unitString)
        ])
        return .object(members)
    }

    static func outcome(_ outcome: OCKOutcome) -> JSONValue {
        var members = versioned(outcome)
        members["taskUUID"] = uuid(outcome.taskUUID)
        members["taskOccurrenceIndex"] = .number(Double(outcome.taskOccurrenceIndex))
        members["values"] = .array(outcome.values.map(outcomeValue))
        return .object(members)
    }

    static func patient(_ patient: OCKPatient) -> JSONValue {
        var members = versioned(patient)
        members["name"] = name(patient.name)
        members["sex"] = string(patient.sex?.rawValue)
        members["birthday"] = date(patient.birthday)
        members["allergies"] = strings(patient.allergies)
        return .object(members)
    }

    static func carePlan(_ plan: OCKCarePlan) -> JSONValue {
        var members = versioned(plan)
        members["title"] = .string(plan.title)
        members["patientUUID"] = uuid(plan.patientUUID)
        return .object(members)
    }

    static func contact(_ contact: OCKContact) -> JSONValue {
        var members = versioned(contact)
        members["carePlanUUID"] = uuid(contact.carePlanUUID)
        members["name"] = name(contact.name)
        members["address"] = address(contact.address)
        members["emailAddresses"] = labeledValues(contact.emailAddresses)
        members["messagingNumbers"] = labeledValues(contact.messagingNumbers)
        members["phoneNumbers"] = labeledValues(contact.phoneNumbers)
        members["otherContactInfo"] = labeledValues(contact.otherContactInfo)
        members["organization"] = string(contact.organization)
        members["title"] = string(contact.title)
        members["role"] = string(contact.role)
        members["category"] = string(contact.category?.rawValue)
        return .object(members)
    }

    static func entity(_ entity: OCKEntity) -> JSONValue {
        let object: JSONValue
        switch entity {
        case .patient(let value): object = patient(value)
        case .carePlan(let value): object = carePlan(value)
        case .contact(let value): object = contact(value)
        case .task(let value): object = task(value)
        case .healthKitTask(let value): object = healthKitTask(value)
        case .outcome(let value): object = outcome(value)
        }
        return .object(["type": .string(entity.entityType.rawValue), "object": object])
    }

    // MARK: Sync

    static func knowledgeVector(_ vector: OCKRevisionRecord.KnowledgeVector) -> JSONValue {
        var clocks: [String: JSONValue] = [:]
        for uuid in vector.uuids { clocks[uuid.uuidString] = .number(Double(vector.clock(for: uuid))) }
        return .object(["clocks": .object(clocks)])
    }

    static func revisionRecord(_ record: OCKRevisionRecord) -> JSONValue {
        .object([
            "entities": .array(record.entities.map { .object(["id": .string($0.id), "type": .string($0.entityType.rawValue), "uuid": uuid($0.uuid)]) }),
            "knowledgeVector": knowledgeVector(record.knowledgeVector)
        ])
    }

    static func semanticVersion(_ version: OCKSemanticVersion) -> JSONValue {
        .object([
            "description": .string(version.description), "majorVersion": .number(Double(version.majorVersion)),
            "minorVersion": .number(Double(version.minorVersion)), "patchNumber": .number(Double(version.patchNumber))
        ])
    }

    // MARK: Comparison

    /// Keys that describe the sidecar rather than the value.
    static let commentary: Set<String> = ["note", "eventsNote", "eventsWindow", "events"]

    /// Every difference between a sidecar and our summary, with its path. `null` in the sidecar
    /// means "absent"; dates compare by `sinceReferenceDate` exactly; calendars by their summary.
    static func compare(_ expected: JSONValue, _ actual: JSONValue?, path: String = "$") -> [String] {
        let actual = actual ?? .null
        switch expected {
        case .null:
            return actual.isNull ? [] : ["\(path): expected absent, got \(actual)"]
        case .object(let members) where members["sinceReferenceDate"] != nil:
            guard let ours = actual["sinceReferenceDate"] else { return ["\(path): expected a date \(expected), got \(actual)"] }
            return ours == members["sinceReferenceDate"] ? [] : ["\(path): expected date \(members["sinceReferenceDate"]!), got \(ours)"]
        case .object(let members):
            guard let ours = actual.objectValue else { return ["\(path): expected an object, got \(actual)"] }
            var differences: [String] = []
            for (key, value) in members where !commentary.contains(key) {
                if key == "calendar" {
                    differences += compareCalendar(value, ours[key], path: "\(path).calendar")
                } else {
                    differences += compare(value, ours[key], path: "\(path).\(key)")
                }
            }
            for (key, value) in ours where members[key] == nil && !value.isNull && !commentary.contains(key) {
                differences.append("\(path).\(key): not in the sidecar, got \(value)")
            }
            return differences
        case .array(let items):
            guard let ours = actual.arrayValue else { return ["\(path): expected an array, got \(actual)"] }
            guard ours.count == items.count else { return ["\(path): expected \(items.count) items, got \(ours.count)"] }
            return zip(items, ours).enumerated().flatMap { index, pair in compare(pair.0, pair.1, path: "\(path)[\(index)]") }
        default:
            return expected == actual ? [] : ["\(path): expected \(expected), got \(actual)"]
        }
    }

    /// A sidecar calendar summary against ours. `autoupdatingCurrent (2)` must decode as our
    /// autoupdating calendar (its other fields belong to the decoding process); `fixed (0)` and
    /// `current (1)` decode as fixed calendars with the same fields; a missing calendar (CareKit
    /// 3) decodes as the default, autoupdating.
    static func compareCalendar(_ expected: JSONValue, _ actual: JSONValue?, path: String) -> [String] {
        guard let actual else { return ["\(path): missing"] }
        let current = actual["current"]?.doubleValue
        guard let sentinel = expected["currentSentinel"]?.stringValue else {
            return current == 2 ? [] : ["\(path): a missing calendar should decode as autoupdatingCurrent, got \(actual)"]
        }
        if sentinel.hasPrefix("autoupdatingCurrent") {
            return current == 2 ? [] : ["\(path): expected autoupdatingCurrent, got \(actual)"]
        }
        var differences = current == 0 ? [] : ["\(path): expected a fixed calendar (\(sentinel)), got current \(current.map { "\($0)" } ?? "nil")"]
        for key in ["identifier", "firstWeekday", "minimumDaysInFirstWeek", "timeZone"] {
            differences += compare(expected[key] ?? .null, actual[key], path: "\(path).\(key)")
        }
        return differences
    }
}
