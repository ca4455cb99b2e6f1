import CareKitStore
import CareKitUI
import Foundation

/// A contact as the patient types it (the web app's form), and the one set of rules that reads
/// it: ``read()`` gives the contact's details or, for each wrong field, what to write instead.
/// ``OCKAnyContactStore/addContact(_:now:timeZone:)``, ``OCKAnyContactStore/updateContact(id:with:now:)``
/// and ``OCKAnyContactStore/removeContact(id:now:)`` write it, each in one store write.
public struct OCKContactForm: Hashable, Sendable {
    /// The fields, in the order a form shows them.
    public enum Field: String, CaseIterable, Hashable, Sendable {
        case givenName = "given-name"
        case familyName = "family-name"
        case title, category, phone, messaging, email, street, city, state
        case postalCode = "postal-code"
        case country
    }

    /// The given (first) name; this or the family name is required.
    public var givenName = ""
    /// The family name.
    public var familyName = ""
    /// Role or title ("Cardiologist", "Daughter").
    public var title = ""
    /// `care-team` or `friends-family` (empty: care team).
    public var category = ""
    /// A phone number to call.
    public var phone = ""
    /// A number that takes text messages.
    public var messaging = ""
    /// An e-mail address.
    public var email = ""
    /// The address's street and number.
    public var street = ""
    /// The address's city or town.
    public var city = ""
    /// State, province or region.
    public var state = ""
    /// The address's postal code.
    public var postalCode = ""
    /// The address's country.
    public var country = ""

    /// An empty form (a member of the care team).
    public init() {}

    /// The fields of a contact as it is now: its first phone, messaging number and e-mail.
    public init(contact: any OCKAnyContact) {
        givenName = [contact.name.givenName, contact.name.middleName].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        familyName = contact.name.familyName ?? ""
        title = contact.title ?? contact.role ?? ""
        category = contact.category == .friendsAndFamily ? "friends-family" : "care-team"
        phone = contact.phoneNumbers?.first?.value ?? ""
        messaging = contact.messagingNumbers?.first?.value ?? ""
        email = contact.emailAddresses?.first?.value ?? ""
        street = contact.address?.street ?? ""
        city = contact.address?.city ?? ""
        state = contact.address?.state ?? ""
        postalCode = contact.address?.postalCode ?? ""
        country = contact.address?.country ?? ""
    }

    /// What is wrong with the fields: a reason per field.
    public struct Problems: Error, Hashable, Sendable, CustomStringConvertible {
        /// The reasons, by field.
        public var reasons: [Field: String]

        /// The reasons in the fields' order, as one text.
        public var description: String {
            Field.allCases.compactMap { reasons[$0] }.joined(separator: " ")
        }
    }

    /// What the fields say, read: every text trimmed, an empty one nil.
    public struct Details: Hashable, Sendable {
        /// The given and family name.
        public var name: PersonNameComponents
        /// Role or title.
        public var title: String?
        /// Care team, or friends and family.
        public var category: OCKContactCategory
        /// A phone number to call.
        public var phone: String?
        /// A number for text messages.
        public var messaging: String?
        /// An e-mail address.
        public var email: String?
        /// Nil when every part of the address is empty.
        public var address: OCKPostalAddress?
    }

    /// The contact the fields describe: a name (given or family), numbers of digits and
    /// `+ - ( ) .` and spaces, an e-mail address with one `@` and a domain.
    public func read() -> Result<Details, Problems> {
        var problems: [Field: String] = [:]
        let text = { (value: String) in OCKPatientForm.cleaned(value) }
        let given = text(givenName), family = text(familyName)
        if given.isEmpty && family.isEmpty { problems[.givenName] = loc("Write the contact's name.") }
        let all: [(Field, String)] = [
            (.givenName, given), (.familyName, family), (.title, text(title)), (.street, text(street)), (.city, text(city)), (.state, text(state)),
            (.postalCode, text(postalCode)), (.country, text(country))
        ]
        for (field, value) in all where value.count > OCKPatientForm.longestName {
            problems[field] = loc("A name has at most 200 characters.")
        }
        for (field, value) in [(Field.phone, text(phone)), (.messaging, text(messaging))] where !value.isEmpty && !Self.isPhoneNumber(value) {
            problems[field] = loc("'{text}' is not a phone number: write its digits, with +, spaces or dashes if you like, such as +1 555 010 2345.", ["text": value])
        }
        let mail = text(email)
        if !mail.isEmpty && !Self.isEmailAddress(mail) {
            problems[.email] = loc("'{text}' is not an e-mail address: write it as name@example.com.", ["text": mail])
        }
        guard problems.isEmpty else { return .failure(Problems(reasons: problems)) }
        var name = PersonNameComponents()
        name.givenName = given.isEmpty ? nil : given
        name.familyName = family.isEmpty ? nil : family
        let nonEmpty = { (value: String) in value.isEmpty ? nil : value }
        let parts = [street, city, state, postalCode, country].map(text)
        let address = parts.allSatisfy(\.isEmpty) ? nil : OCKPostalAddress(street: parts[0], city: parts[1], state: parts[2], postalCode: parts[3], country: parts[4])
        return .success(
            Details(
                name: name, title: nonEmpty(text(title)), category: category == "friends-family" ? .friendsAndFamily : .careProvider,
                phone: nonEmpty(text(phone)), messaging: nonEmpty(text(messaging)), email: nonEmpty(mail), address: address))
    }

    /// Digits (at least three, at most 20) with `+ - ( ) .` and spaces between them.
    static func isPhoneNumber(_ text: String) -> Bool {
        let digits = text.unicodeScalars.filter { ("0"..."9").contains($0) }.count
        return (3...20).contains(digits) && text.count <= 40 && text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || " +-().".unicodeScalars.contains($0) }
    }

    /// One `@` with something before it and a domain with a dot after it; no spaces.
    static func isEmailAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, text.count <= 254, !text.contains(where: \.isWhitespace) else { return false }
        let domain = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return domain.count >= 2 && domain.allSatisfy { !$0.isEmpty }
    }
}

extension OCKContact {
    /// The contact with the details of a form: its name, title, category, first phone,
    /// messaging number and e-mail (any further ones kept), and address. Other fields stay.
    public func applying(_ details: OCKContactForm.Details) -> OCKContact {
        var contact = self
        contact.name = details.name
        if contact.role == contact.title { contact.role = details.title }
        contact.title = details.title
        contact.category = details.category
        func first(_ values: [OCKLabeledValue]?, _ value: String?, label: String) -> [OCKLabeledValue]? {
            let rest = Array((values ?? []).dropFirst())
            let all = (value.map { [OCKLabeledValue(label: values?.first?.label ?? label, value: $0)] } ?? []) + rest
            return all.isEmpty ? nil : all
        }
        contact.phoneNumbers = first(phoneNumbers, details.phone, label: "phone")
        contact.messagingNumbers = first(messagingNumbers, details.messaging, label: "mobile")
        contact.emailAddresses = first(emailAddresses, details.email, label: "email")
        contact.address = details.address
        return contact
    }
}

extension OCKAnyContactStore {
    /// Adds a contact in one write, its id made from its name ("Ruth Pérez" → `ruth-p-rez`, then
    /// `ruth-p-rez-2` …: never an id the store has, or had for a contact since deleted).
    @discardableResult
    public func addContact(_ details: OCKContactForm.Details, now: Date, timeZone: TimeZone) async throws -> OCKContact {
        let taken = Set(try await fetchAnyContacts(query: OCKContactQuery()).map(\.id))
        let base = OCKTaskPlan.slug(OCKContactFormatting.name(details.name), fallback: "contact")
        var id = base, number = 2
        while taken.contains(id) { id = "\(base)-\(number)"; number += 1 }
        var contact = OCKContact(id: id, name: details.name, carePlanUUID: nil).applying(details)
        contact.effectiveDate = now
        contact.timezone = timeZone
        guard let added = try await addAnyContact(contact) as? OCKContact else { return contact }
        return added
    }

    /// The contact `id` as it is on the day of `now` (its newest version by then), or nil.
    public func currentContact(id: String, now: Date, calendar: Calendar) async throws -> (any OCKAnyContact)? {
        var query = OCKContactQuery(for: now, calendar: calendar)
        query.ids = [id]
        return try await fetchAnyContacts(query: query).max { $0.effectiveDate < $1.effectiveDate }
    }

    /// A new version of contact `id` with a form's details, effective `now`, in one write.
    @discardableResult
    public func updateContact(id: String, with details: OCKContactForm.Details, now: Date, calendar: Calendar) async throws -> OCKContact {
        var contact = try await editableContact(id: id, now: now, calendar: calendar).applying(details)
        contact.effectiveDate = max(now, contact.effectiveDate)
        guard let updated = try await updateAnyContact(contact) as? OCKContact else { return contact }
        return updated
    }

    /// Removes contact `id`: its tombstone version, effective `now` (earlier versions stay in
    /// the store's history, and its id is not given to another contact).
    public func removeContact(id: String, now: Date, calendar: Calendar) async throws {
        var contact = try await editableContact(id: id, now: now, calendar: calendar)
        contact.effectiveDate = max(now, contact.effectiveDate)
        _ = try await deleteAnyContact(contact)
    }

    private func editableContact(id: String, now: Date, calendar: Calendar) async throws -> OCKContact {
        guard let current = try await currentContact(id: id, now: now, calendar: calendar) else {
            throw OCKStoreError.updateFailed(reason: loc("There is no contact '{contact}' any more; nothing was changed.", ["contact": id]))
        }
        guard let contact = current as? OCKContact else {
            throw OCKStoreError.updateFailed(reason: loc("This store keeps its own kind of contact, which CareKit cannot change; nothing was changed."))
        }
        return contact
    }
}
