import CareKitStore
import Foundation
import Testing

/// JSON written by Apple CareKit 4.0 (and 3.1.7) decodes here field for field, re-encodes in
/// the same shape, and its schedules give the events CareKit computed, except where we differ
/// by design (docs/DEVIATIONS.md).
@Suite("CareKit JSON fixtures", .enabled(if: Fixtures.available, Fixtures.missingMessage))
struct JSONFixtureTests {

    // MARK: Every fixture

    @Test("Every fixture folder holds fixtures, each of a known type")
    func everyFixtureIsKnown() {
        let all = Fixtures.all
        for folder in Fixtures.folders {
            #expect(all.contains { $0.folder == folder }, "no fixtures found in \(folder)")
        }
        for file in all {
            #expect(file.kind != nil, "\(file.testDescription) has no known model type; add it to FixtureKind.forName")
        }
        // The only JSON without a sidecar is the CareKit 3 decode report.
        #expect(Fixtures.folders.flatMap(Fixtures.filesWithoutSidecar(in:)) == ["decode-results.json"])
    }

    @Test("Each fixture decodes with its type and matches its sidecar field by field", arguments: Fixtures.all)
    func matchesSidecar(_ file: FixtureFile) throws {
        let kind = try #require(file.kind)
        let summary = try kind.summarize(file.data(), file.decoder)
        let differences = Sidecar.compare(try file.sidecar(), summary)
        #expect(differences.isEmpty, "\(file.testDescription) as \(kind.typeName):\n\(differences.joined(separator: "\n"))")
    }

    @Test("Each fixture survives decode → encode → decode unchanged", arguments: Fixtures.all)
    func roundTrip(_ file: FixtureFile) throws {
        let kind = try #require(file.kind)
        let (equal, _) = try kind.roundTrip(file.data(), file.decoder, file.encoder)
        #expect(equal, "\(file.testDescription) changed after our encoding")
    }

    @Test("Our encoding of each fixture has CareKit's shape: same keys, same values", arguments: Fixtures.all)
    func encodesLikeCareKit(_ file: FixtureFile) throws {
        let kind = try #require(file.kind)
        let (_, encoded) = try kind.roundTrip(file.data(), file.decoder, file.encoder)
        var ours = try JSONValue.parse(encoded)
        if file.isCareKit3 {
            // We add the calendar CareKit 4 requires; it must be the default.
            #expect(Self.calendars(in: ours).allSatisfy { $0["current"] == .number(2) })
            ours = ours.removingKey("calendar")
        }
        let differences = Self.differences(Self.normalized(try JSONValue.parse(file.data())), Self.normalized(ours))
        #expect(differences.isEmpty, "\(file.testDescription):\n\(differences.prefix(10).joined(separator: "\n"))")
    }

    // MARK: Events

    /// Fixtures whose sidecars list events computed by CareKit.
    static var withEvents: [FixtureFile] {
        Fixtures.all.filter { ["task", "healthkit-task", "entity-task", "entity-healthkit-task", "schedule", "schedule-element"].contains($0.name) }
    }

    @Test("Our schedules give the events CareKit computed (Jan 31 monthly: Mar 31, by design)", arguments: withEvents)
    func scheduleEvents(_ file: FixtureFile) throws {
        let sidecar = try file.sidecar()
        let scheduleSidecar: JSONValue
        let elements: [OCKScheduleElement]
        switch file.name {
        case "schedule-element":
            scheduleSidecar = sidecar
            elements = [try file.decoder.decode(OCKScheduleElement.self, from: file.data())]
        case "schedule":
            scheduleSidecar = sidecar
            elements = try file.decoder.decode(OCKSchedule.self, from: file.data()).elements
        case "task", "entity-task":
            let task =
                file.name == "task"
                ? try file.decoder.decode(OCKTask.self, from: file.data())
                : try Self.unwrapTask(file.decoder.decode(OCKEntity.self, from: file.data()))
            scheduleSidecar = try #require(file.name == "task" ? sidecar["schedule"] : sidecar["object"]?["schedule"])
            elements = task.schedule.elements
        default:
            let task =
                file.name == "healthkit-task"
                ? try file.decoder.decode(OCKHealthKitTask.self, from: file.data())
                : try Self.unwrapHealthKitTask(file.decoder.decode(OCKEntity.self, from: file.data()))
            scheduleSidecar = try #require(file.name == "healthkit-task" ? sidecar["schedule"] : sidecar["object"]?["schedule"])
            elements = task.schedule.elements
        }
        let careKitEvents = try #require(scheduleSidecar["events"]?.arrayValue)

        // CareKit computed these in America/New_York; an element decoded as autoupdatingCurrent
        // would follow this machine's zone, so give it that calendar explicitly.
        let pinned = elements.map { element -> OCKScheduleElement in
            var element = element
            if Sidecar.calendar(element.calendar)["current"] == .number(2) { element.calendar = gregorian(newYork) }
            return element
        }
        let schedule = OCKSchedule(composing: pinned)

        let ours: [OCKScheduleEvent]
        if let window = scheduleSidecar["eventsWindow"] {
            let from = try #require(window["from"]?["sinceReferenceDate"]?.doubleValue)
            let to = try #require(window["to"]?["sinceReferenceDate"]?.doubleValue)
            ours = schedule.events(from: referenceDate(from), to: referenceDate(to))
        } else {
            // "first N occurrences by index"
            ours = try (0..<careKitEvents.count).map { try #require(schedule.event(forOccurrenceIndex: $0)) }
            #expect(schedule.events(betweenOccurrenceIndex: 0, and: careKitEvents.count) == ours)
        }

        let expected = file.name == "schedule" ? try Self.expectedScheduleEvents(careKitEvents) : careKitEvents
        let differences = Sidecar.compare(.array(expected), .array(ours.map(Sidecar.event)), path: "events")
        #expect(differences.isEmpty, "\(file.testDescription):\n\(differences.joined(separator: "\n"))")
    }

    /// The `schedule` fixture's window is March 2025. CareKit puts the Jan 31 monthly element's
    /// third event on Mar 28 (each step adds a month to the previous event); we put it on Mar 31
    /// (`start + 2 months`), see docs/DEVIATIONS.md "Month-end drift". Mar 31 09:00 New York
    /// comes after the Berlin physio event of Mar 31 (00:00 Berlin), so the two swap numbers.
    static func expectedScheduleEvents(_ careKit: [JSONValue]) throws -> [JSONValue] {
        let march28 = 764_859_600.0  // 2025-03-28T13:00:00Z, CareKit's drifted value
        let monthly = careKit.filter { $0["elementText"] == .string("Monthly lab draw") }
        #expect(monthly.map { $0["start"]?["sinceReferenceDate"] } == [.number(march28)], "the fixture should show CareKit's drift")
        #expect(monthly.map { $0["occurrence"] } == [.number(15)])
        var expected = careKit.filter { $0["elementText"] != .string("Monthly lab draw") }
        let berlin30 = try #require(expected.last)
        #expect(berlin30["elementText"] == .string("Weekly physio (Berlin)"))
        #expect(berlin30["occurrence"] == .number(16))
        expected[expected.count - 1] = Self.event(occurrence: 15, start: 765_064_800, end: 765_151_199, text: "Weekly physio (Berlin)")
        // 2025-03-31T13:00:00Z = 09:00 EDT, one hour long.
        expected.append(Self.event(occurrence: 16, start: 765_118_800, end: 765_122_400, text: "Monthly lab draw"))
        return expected
    }

    static func event(occurrence: Int, start: Double, end: Double, text: String) -> JSONValue {
        .object([
            "occurrence": .number(Double(occurrence)), "elementText": .string(text),
            "start": .object(["sinceReferenceDate": .number(start)]), "end": .object(["sinceReferenceDate": .number(end)])
        ])
    }

    static func unwrapTask(_ entity: OCKEntity) throws -> OCKTask {
        guard case .task(let task) = entity else { throw FixtureError.wrongEntity(entity.entityType) }
        return task
    }

    static func unwrapHealthKitTask(_ entity: OCKEntity) throws -> OCKHealthKitTask {
        guard case .healthKitTask(let task) = entity else { throw FixtureError.wrongEntity(entity.entityType) }
        return task
    }

    enum FixtureError: Error {
        case wrongEntity(OCKEntity.EntityType)
    }

    // MARK: Facts worth their own test

    static func decode<T: Decodable>(_ type: T.Type, _ name: String, folder: String = "deferredToDate") throws -> T {
        let file = FixtureFile(folder: folder, name: name)
        return try file.decoder.decode(type, from: file.data())
    }

    @Test("Outcome values keep their types; an integral Double written as 120 stays a double")
    func outcomeValueTypes() throws {
        let outcome = try Self.decode(OCKOutcome.self, "outcome")
        #expect(outcome.values.map(\.type) == [.integer, .double, .double, .boolean, .text, .binary, .date])
        #expect(outcome.values[0].integerValue == 1)
        #expect(outcome.values[1].doubleValue == 98.6)
        #expect(outcome.values[2].doubleValue == 120)
        #expect(outcome.values[2].integerValue == nil)
        #expect(outcome.values[3].booleanValue == true)
        #expect(outcome.values[4].stringValue == "Mild nausea 🤢 after the dose")
        #expect(outcome.values[5].dataValue?.count == 18)
        #expect(outcome.values[6].dateValue == referenceDate(763_047_900))
        #expect(outcome.taskOccurrenceIndex == 5)
        #expect(outcome.createdDate == referenceDate(763_048_032.734921))

        let reencoded = try JSONValue.parse(JSONEncoder().encode(outcome))
        #expect(reencoded["values"]?[2]?["type"] == .string("double"))
        #expect(reencoded["values"]?[2]?["value"] == .number(120))
    }

    @Test("A biological sex other than male or female is .other with its text")
    func intersex() throws {
        let patient = try Self.decode(OCKPatient.self, "patient-other-intersex")
        #expect(patient.sex == .other("intersex"))
        #expect(patient.allergies == [])
        #expect(patient.tags == nil)
        #expect(patient.birthday == referenceDate(-34_369_200))
        #expect(try Self.decode(OCKPatient.self, "patient-female").sex == .female)
        let encoded = try JSONValue.parse(JSONEncoder().encode(patient))
        #expect(encoded["sex"] == .string("intersex"))
        #expect(encoded["allergies"] == .array([]))
        #expect(encoded["tags"] == nil)
    }

    @Test("A birthday before 2001 is a negative number of seconds")
    func negativeBirthday() throws {
        let patient = try Self.decode(OCKPatient.self, "patient-female")
        let birthday = try #require(patient.birthday)
        #expect(birthday.timeIntervalSinceReferenceDate == -496_177_200)
        #expect(wall(birthday, in: newYork) == "1985-04-12 00:00")
        #expect(patient.age(at: date("2025-04-11", in: newYork), calendar: gregorian(newYork)) == 39)
        #expect(patient.age(at: date("2025-04-12", in: newYork), calendar: gregorian(newYork)) == 40)
    }

    @Test("A knowledge vector is an array of {id, clock} whose order does not matter")
    func knowledgeVector() throws {
        let vector = try Self.decode(OCKRevisionRecord.KnowledgeVector.self, "knowledge-vector")
        let p1 = UUID(uuidString: "3F2504E0-4F89-41D3-9A0C-0305E82C3301")!, p2 = UUID(uuidString: "D4C3B2A1-6F5E-4D3C-8B2A-1F0E9D8C7B6A")!
        #expect(vector == OCKRevisionRecord.KnowledgeVector([p1: 7, p2: 3]))
        let encoded = try JSONValue.parse(JSONEncoder().encode(vector))
        let processes = try #require(encoded["processes"]?.arrayValue)
        #expect(
            Set(processes) == [
                .object(["id": .string(p1.uuidString), "clock": .number(7)]),
                .object(["id": .string(p2.uuidString), "clock": .number(3)])
            ])
    }

    struct Wrapper: CustomTestStringConvertible, Sendable {
        let name: String
        let type: OCKEntity.EntityType
        let id: String
        var testDescription: String { name }
    }

    @Test(
        "Entity wrappers carry their type tag and object",
        arguments: [
            Wrapper(name: "entity-task", type: .task, id: "doxycycline-100mg"),
            Wrapper(name: "entity-healthkit-task", type: .healthKitTask, id: "steps"),
            Wrapper(name: "entity-outcome", type: .outcome, id: "B7C1E0A4-3D2F-4E5A-9B8C-7D6E5F4A3B2C"),
            Wrapper(name: "entity-patient", type: .patient, id: "jane"),
            Wrapper(name: "entity-careplan", type: .carePlan, id: "post-op-knee"),
            Wrapper(name: "entity-contact", type: .contact, id: "dr-perez")
        ])
    func entityWrappers(_ wrapper: Wrapper) throws {
        let entity = try Self.decode(OCKEntity.self, wrapper.name)
        #expect(entity.entityType == wrapper.type)
        #expect(entity.id == wrapper.id)
        let encoded = try JSONValue.parse(JSONEncoder().encode(entity))
        #expect(encoded["type"] == .string(wrapper.type.rawValue))
        #expect(encoded["object"]?["id"] == .string(wrapper.id))
        #expect(encoded.objectValue?.keys.sorted() == ["object", "type"])
    }

    @Test("An entity wrapper holds the same value as the bare fixture")
    func entityEqualsBareValue() throws {
        #expect(try Self.decode(OCKEntity.self, "entity-task") == .task(try Self.decode(OCKTask.self, "task")))
        #expect(try Self.decode(OCKEntity.self, "entity-outcome") == .outcome(try Self.decode(OCKOutcome.self, "outcome")))
        #expect(try Self.decode(OCKEntity.self, "entity-contact") == .contact(try Self.decode(OCKContact.self, "contact")))
    }

    @Test("A deleted care plan decodes as a tombstone")
    func tombstone() throws {
        let plan = try Self.decode(OCKCarePlan.self, "careplan")
        #expect(plan.isTombstone)
        #expect(plan.deletedDate == referenceDate(773_010_000))
        #expect(!(try Self.decode(OCKTask.self, "task")).isTombstone)
    }

    @Test("The same data in every folder decodes to the same values (dates to the second for ISO 8601)")
    func foldersAgree() throws {
        let deferred = try Self.decode(OCKRevisionRecord.self, "revision-record")
        let compact = try Self.decode(OCKRevisionRecord.self, "revision-record", folder: "compact")
        #expect(compact == deferred)
        let fromISO = try Self.decode(OCKTask.self, "task", folder: "iso8601")
        let task = try Self.decode(OCKTask.self, "task")
        #expect(fromISO.createdDate == task.createdDate.map { Date(timeIntervalSinceReferenceDate: $0.timeIntervalSinceReferenceDate.rounded(.down)) })
        #expect(fromISO.schedule == task.schedule)
        #expect(fromISO.uuid == task.uuid)
    }

    @Test("The watch peer's payload decodes: a merged vector and its revisions")
    func watchPeerPayload() throws {
        let payload = try Self.decode(WatchPeerPayload.self, "watch-peer-payload", folder: "compact")
        #expect(payload.revisions.count == 1)
        #expect(payload.revisions[0].entities.map(\.entityType) == [.task, .outcome, .patient])
        #expect(payload.revisions[0].knowledgeVector < payload.knowledgeVector)
    }

    // MARK: CareKit 3 elements without a calendar

    /// CareKit 4 refuses every one of these (decode-results.json); we read them all, with the
    /// default calendar, so a CareKit 3 device can still sync.
    @Test("CareKit 3 data without calendar decodes: element, schedule, task and a whole revision record")
    func careKit3WithoutCalendar() throws {
        let report = try JSONValue.parse(Data(contentsOf: Fixtures.root.appendingPathComponent("compat-carekit3/decode-results.json")))
        let refused = (report.objectValue ?? [:]).filter { $0.value["decodes"] == .bool(false) }.map(\.key).sorted()
        #expect(refused.count == 4, "the report should list four shapes CareKit 4 refuses: \(refused)")

        let element = try Self.decode(OCKScheduleElement.self, "schedule-element-carekit3", folder: "compat-carekit3")
        #expect(Sidecar.calendar(element.calendar)["current"] == .number(2))
        let withCalendar = try Self.decode(OCKScheduleElement.self, "schedule-element")
        var pinned = element
        pinned.calendar = withCalendar.calendar
        #expect(pinned == withCalendar)

        let schedule = try Self.decode(OCKSchedule.self, "schedule-carekit3", folder: "compat-carekit3")
        #expect(schedule.elements.count == 1)

        let task = try Self.stripCalendars(from: "task", as: OCKTask.self)
        #expect(task == (try Self.decode(OCKTask.self, "task")))
        let record = try Self.stripCalendars(from: "revision-record", as: OCKRevisionRecord.self)
        #expect(record == (try Self.decode(OCKRevisionRecord.self, "revision-record")))
    }

    @Test("An unreadable calendar falls back to the default instead of failing the element")
    func unreadableCalendar() throws {
        var json = try JSONValue.parse(FixtureFile(folder: "deferredToDate", name: "schedule-element").data())
        guard case .object(var members) = json else { Issue.record("not an object"); return }
        members["calendar"] = .string("lunar, please")
        json = .object(members)
        let element = try JSONDecoder().decode(OCKScheduleElement.self, from: json.data())
        #expect(Sidecar.calendar(element.calendar)["current"] == .number(2))
        #expect(element.text == "Every other morning")
    }

    /// A fixture with every `calendar` key removed, decoded as `type`.
    static func stripCalendars<T: Decodable>(from name: String, as type: T.Type) throws -> T {
        let json = try JSONValue.parse(FixtureFile(folder: "deferredToDate", name: name).data()).removingKey("calendar")
        return try JSONDecoder().decode(type, from: json.data())
    }

    // MARK: Normalizing JSON for comparison

    /// Every calendar object in a document.
    static func calendars(in json: JSONValue) -> [JSONValue] {
        switch json {
        case .object(let members):
            return members.flatMap { key, value in key == "calendar" ? [value] : calendars(in: value) }
        case .array(let items):
            return items.flatMap(calendars(in:))
        default:
            return []
        }
    }

    /// CareKit's JSON and ours, made comparable: knowledge-vector processes as a set (their
    /// order is Dictionary order), calendars reduced to what a decoder keeps (an
    /// autoupdating calendar is only its sentinel; `current` 0 and 1 are both fixed; locale
    /// details are platform noise, README note 11).
    static func normalized(_ json: JSONValue) -> JSONValue {
        switch json {
        case .object(let members):
            var result: [String: JSONValue] = [:]
            for (key, value) in members {
                switch key {
                case "calendar":
                    if value["current"] == .number(2) {
                        result[key] = .object(["current": .number(2)])
                    } else {
                        result[key] = .object([
                            "current": .string("fixed"), "identifier": value["identifier"] ?? .null,
                            "firstWeekday": value["firstWeekday"] ?? .null, "minimumDaysInFirstWeek": value["minimumDaysInFirstWeek"] ?? .null,
                            "timeZone": value["timeZone"]?["identifier"] ?? .null
                        ])
                    }
                case "processes":
                    result[key] = .array((value.arrayValue ?? []).sorted { $0.description < $1.description })
                default:
                    result[key] = normalized(value)
                }
            }
            return .object(result)
        case .array(let items):
            return .array(items.map(normalized))
        default:
            return json
        }
    }

    /// Differences between two documents, by path; no special rules.
    static func differences(_ expected: JSONValue, _ actual: JSONValue, path: String = "$") -> [String] {
        switch (expected, actual) {
        case (.object(let lhs), .object(let rhs)):
            var result: [String] = []
            for key in Set(lhs.keys).union(rhs.keys).sorted() {
                switch (lhs[key], rhs[key]) {
                case let (l?, r?): result += differences(l, r, path: "\(path).\(key)")
                case (_?, nil): result.append("\(path).\(key): CareKit writes it, we do not")
                case (nil, let r?): result.append("\(path).\(key): we write \(r), CareKit does not")
                case (nil, nil): break
                }
            }
            return result
        case (.array(let lhs), .array(let rhs)):
            guard lhs.count == rhs.count else { return ["\(path): \(lhs.count) items in CareKit's JSON, \(rhs.count) in ours"] }
            return zip(lhs, rhs).enumerated().flatMap { differences($1.0, $1.1, path: "\(path)[\($0)]") }
        default:
            return expected == actual ? [] : ["\(path): CareKit \(expected), ours \(actual)"]
        }
    }
}
