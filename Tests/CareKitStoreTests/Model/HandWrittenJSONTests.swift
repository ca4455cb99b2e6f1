import CareKitStore
import Foundation
import Testing

/// Minimal JSON in CareKit's shape, written by hand: only the keys CareKit requires, dates as
/// seconds since 2001-01-01.
@Suite("Hand-written CareKit JSON")
struct HandWrittenJSONTests {

    func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    /// 2025-03-03 12:00 UTC.
    static let monday = 762_696_000

    static let minimalTask = """
        {
          "id": "water",
          "uuid": "0A000000-0000-4000-8000-000000000001",
          "previousVersionUUIDs": [],
          "nextVersionUUIDs": [],
          "effectiveDate": \(monday),
          "impactsAdherence": true,
          "timezone": {"identifier": "Europe/Berlin"},
          "schedule": {"elements": [{
            "start": \(monday),
            "interval": {"hour": 8},
            "duration": {"isAllDay": false, "seconds": 600},
            "targetValues": []
          }]}
        }
        """

    @Test("A task without any optional key decodes, with nil optionals and no events lost")
    func minimalTask() throws {
        let task = try decode(OCKTask.self, Self.minimalTask)
        #expect(task.id == "water")
        #expect(task.uuid == FixedUUID.taskA)
        #expect(task.title == nil)
        #expect(task.instructions == nil)
        #expect(task.carePlanUUID == nil)
        #expect(task.tags == nil)
        #expect(task.notes == nil)
        #expect(task.userInfo == nil)
        #expect(task.schemaVersion == nil)
        #expect(task.createdDate == nil)
        #expect(task.deletedDate == nil)
        #expect(task.timezone.identifier == berlin)
        #expect(task.effectiveDate == referenceDate(Double(Self.monday)))
        let element = try #require(task.schedule.elements.first)
        #expect(element.end == nil)
        #expect(element.text == nil)
        #expect(element.duration == .seconds(600))
        // Hours are absolute time, so the missing calendar does not matter for these events.
        let events = task.schedule.events(from: referenceDate(Double(Self.monday)), to: referenceDate(Double(Self.monday) + 86_400))
        #expect(events.map { $0.start.timeIntervalSinceReferenceDate } == [762_696_000, 762_724_800, 762_753_600])
    }

    @Test("Encoding the minimal task writes no null and no optional key it did not have")
    func minimalTaskEncodesMinimally() throws {
        let task = try decode(OCKTask.self, Self.minimalTask)
        let encoded = try JSONValue.parse(JSONEncoder().encode(task))
        #expect(
            encoded.objectValue?.keys.sorted() == [
                "effectiveDate", "id", "impactsAdherence", "nextVersionUUIDs", "previousVersionUUIDs", "schedule", "timezone", "uuid"
            ])
        #expect(
            encoded["schedule"]?["elements"]?[0]?.objectValue?.keys.sorted() == [
                "calendar", "duration", "interval", "start", "targetValues"
            ])
    }

    @Test("A missing required key fails with a DecodingError that names it", arguments: ["id", "uuid", "schedule", "effectiveDate", "timezone", "impactsAdherence"])
    func missingRequiredKey(_ key: String) throws {
        let json = try JSONValue.parse(Data(Self.minimalTask.utf8))
        guard case .object(var members) = json else { Issue.record("not an object"); return }
        members[key] = nil
        do {
            _ = try JSONDecoder().decode(OCKTask.self, from: JSONValue.object(members).data())
            Issue.record("decoded without \(key)")
        } catch let DecodingError.keyNotFound(missing, _) {
            #expect(missing.stringValue == key)
        }
    }

    @Test("Unknown keys are ignored, so data from a newer CareKit still reads")
    func unknownKeysIgnored() throws {
        let json = Self.minimalTask.replacingOccurrences(of: #""id": "water","#, with: #""id": "water", "somethingNew": {"a": [1, 2]}, "priority": 3,"#)
        #expect(try decode(OCKTask.self, json).id == "water")
    }

    @Test("An element's hand-written fixed calendar decides its days")
    func handWrittenCalendar() throws {
        // 2025-03-29 23:30 UTC is 00:30 on the 30th in Berlin, the day the EU clocks change.
        let element = try decode(
            OCKScheduleElement.self,
            """
            {
              "start": 764983800,
              "interval": {"day": 1},
              "duration": {"isAllDay": true},
              "targetValues": [],
              "text": "Physio",
              "calendar": {
                "identifier": "gregorian", "firstWeekday": 2, "minimumDaysInFirstWeek": 4, "current": 0,
                "locale": {"identifier": "de_DE", "current": 0},
                "timeZone": {"identifier": "Europe/Berlin"}
              }
            }
            """)
        #expect(element.calendar.timeZone.identifier == berlin)
        #expect(element.calendar.firstWeekday == 2)
        // As written, the element's start is kept (CareKit normalises only when building an
        // element), but its all-day events still cover whole Berlin days: 23 hours on the 30th.
        #expect(wall(element.start, in: berlin) == "2025-03-30 00:30")
        let events = element.events(betweenOccurrenceIndex: 0, and: 2)
        #expect(spans(events, in: berlin) == ["#0 2025-03-30 00:00 → 2025-03-30 23:59:59", "#1 2025-03-31 00:00 → 2025-03-31 23:59:59"])
        #expect(events.first.map { $0.end.timeIntervalSince($0.start) } == 82_799.0)
    }

    @Test("Unknown keys inside a calendar, its locale and its time zone are ignored, not a reason to drop the calendar")
    func unknownCalendarKeys() throws {
        let element = try decode(
            OCKScheduleElement.self,
            """
            {
              "start": 762696000, "interval": {"day": 1}, "duration": {"isAllDay": false, "seconds": 60}, "targetValues": [],
              "calendar": {
                "identifier": "gregorian", "firstWeekday": 1, "minimumDaysInFirstWeek": 1, "current": 0,
                "locale": {"identifier": "en_US", "current": 0, "preferences": {"langs": ["en-US"], "metric": false, "new": {"x": 1}}},
                "timeZone": {"identifier": "Europe/Berlin", "autoupdating": false, "future": true},
                "aNewCalendarKey": [1, 2, 3]
              }
            }
            """)
        #expect(element.calendar.timeZone.identifier == berlin)
        #expect(Sidecar.calendar(element.calendar)["current"] == .number(0))
    }

    @Test("An outcome with one value of each type")
    func outcomeWithEveryValueType() throws {
        let outcome = try decode(
            OCKOutcome.self,
            """
            {
              "id": "o-1", "uuid": "0C000000-0000-4000-8000-000000000003",
              "taskUUID": "0A000000-0000-4000-8000-000000000001", "taskOccurrenceIndex": 2,
              "previousVersionUUIDs": [], "nextVersionUUIDs": [],
              "effectiveDate": 762696000.5, "timezone": {"identifier": "America/New_York"},
              "values": [
                {"type": "integer", "value": 2, "createdDate": 762696000, "units": "tablets"},
                {"type": "double", "value": 37, "createdDate": 762696000, "units": "°C", "kind": "temperature"},
                {"type": "double", "value": 36.6, "createdDate": 762696000},
                {"type": "boolean", "value": false, "createdDate": 762696000},
                {"type": "text", "value": "Slept well", "createdDate": 762696000},
                {"type": "binary", "value": "AAEC/w==", "createdDate": 762696000},
                {"type": "date", "value": -31622400, "createdDate": 762696000}
              ]
            }
            """)
        #expect(outcome.taskUUID == FixedUUID.taskA)
        #expect(outcome.taskOccurrenceIndex == 2)
        #expect(outcome.effectiveDate == referenceDate(762_696_000.5))
        #expect(outcome.values.map(\.type) == [.integer, .double, .double, .boolean, .text, .binary, .date])
        #expect(outcome.values[0].integerValue == 2)
        #expect(outcome.values[0].units == "tablets")
        #expect(outcome.values[1].doubleValue == 37)
        #expect(outcome.values[1].kind == "temperature")
        #expect(outcome.values[2].doubleValue == 36.6)
        #expect(outcome.values[3].booleanValue == false)
        #expect(outcome.values[4].stringValue == "Slept well")
        #expect(outcome.values[5].dataValue == Data([0x00, 0x01, 0x02, 0xFF]))
        #expect(outcome.values[6].dateValue.map { wall($0, in: utcZone) } == "2000-01-01 00:00")
        #expect(outcome.values.allSatisfy { $0.createdDate == referenceDate(762_696_000) })
        #expect(outcome.values[4].units == nil)
        #expect(outcome.values[4].kind == nil)
    }

    @Test("A patient born before 2001 has a negative birthday")
    func patientBornBefore2001() throws {
        let patient = try decode(
            OCKPatient.self,
            """
            {
              "id": "sam", "uuid": "1B4E28BA-2FA1-11D2-883F-0016D3CCA427",
              "previousVersionUUIDs": [], "nextVersionUUIDs": [],
              "effectiveDate": 762696000, "timezone": {"identifier": "America/New_York"},
              "name": {"givenName": "Sam", "familyName": "Okafor"},
              "sex": "male",
              "birthday": -662774400
            }
            """)
        #expect(patient.name.givenName == "Sam")
        #expect(patient.name.familyName == "Okafor")
        #expect(patient.name.middleName == nil)
        #expect(patient.sex == .male)
        #expect(patient.allergies == nil)
        // 662,774,400 s before 2001-01-01T00:00Z is 1980-01-01T00:00Z.
        #expect(patient.birthday.map { wall($0, in: utcZone) } == "1980-01-01 00:00")
        #expect(patient.age(at: utc("2025-03-03T12:00:00Z"), calendar: gregorian(utcZone)) == 45)
        let encoded = try JSONValue.parse(JSONEncoder().encode(patient))
        #expect(encoded["birthday"] == .number(-662_774_400))
    }

    @Test("A care plan, a contact and a revision record written by hand")
    func planContactAndRevision() throws {
        let record = try decode(
            OCKRevisionRecord.self,
            """
            {
              "knowledgeVector": {"processes": [{"id": "AAAAAAAA-0000-4000-8000-000000000000", "clock": 4}]},
              "entities": [
                {"type": "carePlan", "object": {
                  "id": "knee", "uuid": "6F0C2D0B-6B1E-4C52-9E0B-2A6B8A1D4C11", "title": "Knee recovery",
                  "previousVersionUUIDs": [], "nextVersionUUIDs": [],
                  "effectiveDate": 762696000, "timezone": {"identifier": "Europe/Berlin"}
                }},
                {"type": "contact", "object": {
                  "id": "dr-k", "uuid": "C0FFEE00-1234-4ABC-8DEF-0123456789AB",
                  "carePlanUUID": "6F0C2D0B-6B1E-4C52-9E0B-2A6B8A1D4C11",
                  "name": {"givenName": "Karin", "familyName": "Keller", "namePrefix": "Dr."},
                  "category": "careProvider",
                  "phoneNumbers": [{"label": "work", "value": "+49 30 1234567"}],
                  "address": {"street": "Hauptstr. 1", "subLocality": "", "city": "Berlin", "subAdministrativeArea": "",
                              "state": "Berlin", "postalCode": "10115", "country": "Germany", "isoCountryCode": "DE"},
                  "previousVersionUUIDs": [], "nextVersionUUIDs": [],
                  "effectiveDate": 762696000, "timezone": {"identifier": "Europe/Berlin"}
                }}
              ]
            }
            """)
        #expect(record.knowledgeVector.clock(for: UUID(uuidString: "AAAAAAAA-0000-4000-8000-000000000000")!) == 4)
        guard case .carePlan(let plan) = record.entities.first, case .contact(let contact) = record.entities.last else {
            Issue.record("unexpected entities \(record.entities.map(\.entityType))")
            return
        }
        #expect(plan.title == "Knee recovery")
        #expect(plan.patientUUID == nil)
        #expect(contact.belongs(to: plan))
        #expect(contact.name.namePrefix == "Dr.")
        #expect(contact.category == .careProvider)
        #expect(contact.phoneNumbers == [OCKLabeledValue(label: "work", value: "+49 30 1234567")])
        #expect(contact.address?.formattedLines == ["Hauptstr. 1", "Berlin Berlin 10115", "Germany"])
        #expect(contact.emailAddresses == nil)
    }

    @Test(
        "An unknown entity type or outcome value type is a decoding error, not a crash",
        arguments: [
            #"{"type": "medication", "object": {}}"#,
            #"{"type": "task"}"#
        ])
    func unknownEntityType(_ json: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(OCKEntity.self, from: Data(json.utf8)) }
    }

    @Test("A biological sex string reads as male, female or other, and writes back unchanged", arguments: ["male", "female", "intersex", "", "Female"])
    func biologicalSex(_ raw: String) throws {
        let sex = try JSONDecoder().decode(OCKBiologicalSex.self, from: Data("\"\(raw)\"".utf8))
        switch raw {
        case "male": #expect(sex == .male)
        case "female": #expect(sex == .female)
        default: #expect(sex == .other(raw))
        }
        #expect(String(data: try JSONEncoder().encode(sex), encoding: .utf8) == "\"\(raw)\"")
    }

    @Test("A duration without seconds reads as zero seconds; isAllDay is required")
    func durationShapes() throws {
        #expect(try decode(OCKScheduleElement.Duration.self, #"{"isAllDay": false}"#) == .seconds(0))
        #expect(try decode(OCKScheduleElement.Duration.self, #"{"isAllDay": true, "seconds": 5}"#) == .allDay)
        #expect(throws: DecodingError.self) { try decode(OCKScheduleElement.Duration.self, #"{"seconds": 5}"#) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(String(data: try encoder.encode(OCKScheduleElement.Duration.hours(2)), encoding: .utf8) == #"{"isAllDay":false,"seconds":7200}"#)
        #expect(String(data: try encoder.encode(OCKScheduleElement.Duration.allDay), encoding: .utf8) == #"{"isAllDay":true}"#)
    }
}
