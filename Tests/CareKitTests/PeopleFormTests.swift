import CareKit
import CareKitStore
import CareKitTestSupport
import Foundation
import Testing

/// The rules that read a patient's name and birthday and a contact's fields, whatever form or
/// command typed them, and the writes that save them (one store write each).
@Suite("Patient and contact forms")
struct PeopleFormTests {
    static let today = TestDates.date("2026-11-26 10:00")

    @Test("A whole name splits at its last word; one word is a given name")
    func splitting() {
        #expect(OCKPatientForm(fullName: "  Ada   King Lovelace ").givenName == "Ada King")
        #expect(OCKPatientForm(fullName: "Ada King Lovelace").familyName == "Lovelace")
        #expect(OCKPatientForm(fullName: "Cher").givenName == "Cher" && OCKPatientForm(fullName: "Cher").familyName.isEmpty)
    }

    @Test("A birthday is a day of the calendar from 1900 to today, kept at its noon")
    func birthdays() throws {
        var form = OCKPatientForm()
        form.givenName = "Ada\u{7}"
        form.birthday = "1960-03-15"
        let details = try form.read(calendar: TestDates.calendar, today: Self.today).get()
        #expect(details.name.givenName == "Ada", "control characters are dropped")
        #expect(details.birthday == TestDates.date("1960-03-15 12:00"))
        for (text, words) in [("2026-11-27", "from 1900 to today"), ("1899-12-31", "from 1900 to today"), ("1960-13-01", "is not a date"), ("15/03/1960", "is not a date")] {
            form.birthday = text
            guard case .failure(let problems) = form.read(calendar: TestDates.calendar, today: Self.today) else { Issue.record("\(text) read"); continue }
            #expect(problems.reasons[.birthday]?.contains(words) == true, "\(text)")
        }
        form.birthday = "2026-11-26"
        #expect((try? form.read(calendar: TestDates.calendar, today: Self.today).get()) != nil, "born today")
    }

    @Test("Phone numbers and e-mail addresses are checked, an empty one is none")
    func contactFields() throws {
        var form = OCKContactForm()
        form.familyName = "Pérez"
        form.phone = "+1 (555) 010-2345"
        let details = try form.read().get()
        #expect(details.phone == "+1 (555) 010-2345" && details.email == nil && details.address == nil && details.category == .careProvider)
        for (phone, valid) in [("12", false), ("call me", false), ("555 0100", true), (String(repeating: "1", count: 21), false)] {
            form.phone = phone
            #expect(((try? form.read().get()) != nil) == valid, "\(phone)")
        }
        form.phone = ""
        for (email, valid) in [("a@b.example", true), ("a@b", false), ("@b.example", false), ("a b@c.example", false), ("a@@c.example", false), ("a@c..example", false)] {
            form.email = email
            #expect(((try? form.read().get()) != nil) == valid, "\(email)")
        }
        form = OCKContactForm()
        guard case .failure(let problems) = form.read() else { Issue.record("a contact without a name"); return }
        #expect(problems.reasons[.givenName] == "Write the contact's name.")
    }

    @Test("Saving the patient adds the store's one patient, then appends versions; contacts are added, edited and removed in one write each")
    func writes() async throws {
        let store = OCKStore(name: "people", type: .inMemory, clock: { Self.today })
        var form = OCKPatientForm(fullName: "Ada Lovelace")
        try await store.savePatient(try form.read(calendar: TestDates.calendar, today: Self.today).get(), now: Self.today, timeZone: TestDates.newYork)
        form.birthday = "1960-03-15"
        try await store.savePatient(try form.read(calendar: TestDates.calendar, today: Self.today).get(), now: Self.today, timeZone: TestDates.newYork)
        let latest = try #require(try await store.latestPatient())
        #expect(latest.birthday != nil && OCKContactFormatting.name(latest.name) == "Ada Lovelace")
        #expect(try await store.fetchPatients(query: OCKPatientQuery()).count == 2)

        var contact = OCKContactForm()
        (contact.givenName, contact.familyName, contact.phone) = ("Ruth", "Pérez", "555 0100")
        let added = try await store.addContact(try contact.read().get(), now: Self.today, timeZone: TestDates.newYork)
        #expect(added.id == "ruth-p-rez" && added.phoneNumbers == [OCKLabeledValue(label: "phone", value: "555 0100")])
        contact.phone = ""
        contact.email = "ruth@example.com"
        let edited = try await store.updateContact(id: added.id, with: try contact.read().get(), now: Self.today, calendar: TestDates.calendar)
        #expect(edited.phoneNumbers == nil && edited.emailAddresses?.first?.value == "ruth@example.com")
        try await store.removeContact(id: added.id, now: Self.today, calendar: TestDates.calendar)
        #expect(try await store.currentContact(id: added.id, now: Self.today, calendar: TestDates.calendar) == nil)
        await #expect(throws: OCKStoreError.self) { try await store.removeContact(id: added.id, now: Self.today, calendar: TestDates.calendar) }
        #expect(try await store.addContact(try contact.read().get(), now: Self.today, timeZone: TestDates.newYork).id == "ruth-p-rez-2", "a removed id is not reused")
    }
}
