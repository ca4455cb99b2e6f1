import CareKitStore
import CareKitUI
import Foundation

/// The patient's name and birthday as they type them (a web form, `carekit patient set`), and
/// the one set of rules that reads them: ``read(calendar:today:)`` gives the name and birthday,
/// or what to write instead for each field that is wrong.
public struct OCKPatientForm: Hashable, Sendable {
    /// The fields, in the order a form shows them.
    public enum Field: String, CaseIterable, Hashable, Sendable {
        case givenName = "given-name"
        case familyName = "family-name"
        case birthday
    }

    /// The given (first) name or names (required).
    public var givenName = ""
    /// The family name (optional).
    public var familyName = ""
    /// The birthday, `YYYY-MM-DD` (optional).
    public var birthday = ""

    /// The most characters a name part may have.
    public static let longestName = 200

    /// An empty form.
    public init() {}

    /// The fields of a patient as they are now (empty without one).
    public init(patient: (any OCKAnyPatient)?, calendar: Calendar) {
        givenName = [patient?.name.givenName, patient?.name.middleName].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        familyName = patient?.name.familyName ?? ""
        birthday = patient?.birthday.map { OCKDayCodec.string(from: $0, calendar: calendar) } ?? ""
    }

    /// A whole name in one piece, split as most names are: the last word is the family name,
    /// the words before it the given names ("Ada King Lovelace": "Ada King", "Lovelace"); one
    /// word is a given name.
    public init(fullName: String, birthday: String = "") {
        var words = fullName.split(whereSeparator: \.isWhitespace).map(String.init)
        if words.count > 1 { familyName = words.removeLast() }
        givenName = words.joined(separator: " ")
        self.birthday = birthday
    }

    /// What is wrong with the fields: a reason per field, each saying what to write.
    public struct Problems: Error, Hashable, Sendable, CustomStringConvertible {
        /// The reasons, by field.
        public var reasons: [Field: String]

        /// The reasons in the fields' order.
        public var ordered: [(field: Field, reason: String)] {
            Field.allCases.compactMap { field in reasons[field].map { (field, $0) } }
        }

        /// The reasons in the fields' order, as one text.
        public var description: String { ordered.map(\.reason).joined(separator: " ") }
    }

    /// What the fields say, read.
    public struct Details: Hashable, Sendable {
        /// The name: given and family parts.
        public var name: PersonNameComponents
        /// Noon of the birthday in the calendar read with (so the day reads the same in the
        /// time zones near it), or nil.
        public var birthday: Date?
    }

    /// The name and birthday the fields describe: a given name is required; a birthday is a
    /// day of the calendar from 1900 to `today`.
    public func read(calendar: Calendar, today: Date) -> Result<Details, Problems> {
        var problems: [Field: String] = [:]
        let given = Self.cleaned(givenName), family = Self.cleaned(familyName)
        if given.isEmpty { problems[.givenName] = loc("Write your name, at least your first name.") }
        for (field, text) in [(Field.givenName, given), (.familyName, family)] where text.count > Self.longestName {
            problems[field] = loc("A name has at most 200 characters.")
        }
        var born: Date?
        let day = birthday.trimmingCharacters(in: .whitespaces)
        if !day.isEmpty {
            if let start = try? OCKDayCodec.date(from: day, calendar: calendar) {
                let earliest = calendar.date(from: DateComponents(year: 1900, month: 1, day: 1)) ?? .distantPast
                if start > today || start < earliest {
                    problems[.birthday] = loc("A birthday is a day from 1900 to today, such as 1960-03-15.")
                } else {
                    born = calendar.date(bySettingHour: 12, minute: 0, second: 0, of: start) ?? start
                }
            } else {
                problems[.birthday] = loc("'{text}' is not a date: write it YYYY-MM-DD, such as 1960-03-15.", ["text": day])
            }
        }
        guard problems.isEmpty else { return .failure(Problems(reasons: problems)) }
        var name = PersonNameComponents()
        name.givenName = given
        name.familyName = family.isEmpty ? nil : family
        return .success(Details(name: name, birthday: born))
    }

    /// A name part without control characters and surrounding spaces, its inner runs of
    /// spaces as one.
    static func cleaned(_ text: String) -> String {
        let visible = String(String.UnicodeScalarView(text.unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) }))
        return visible.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

extension OCKAnyPatientStore {
    /// Saves the patient's name and birthday in one write: adds the store's patient (id
    /// `patient`) when it has none, else a new version of the patient it has, effective `now`
    /// (every other field kept). A store holds one patient, as in CareKit.
    @discardableResult
    public func savePatient(_ details: OCKPatientForm.Details, now: Date, timeZone: TimeZone) async throws -> any OCKAnyPatient {
        guard let current = try await latestPatient() else {
            var patient = OCKPatient(id: "patient", name: details.name)
            patient.birthday = details.birthday
            patient.effectiveDate = now
            patient.timezone = timeZone
            return try await addAnyPatient(patient)
        }
        guard var patient = current as? OCKPatient else {
            throw OCKStoreError.updateFailed(reason: loc("This store keeps its own kind of patient, which CareKit cannot change; nothing was saved. Change the name in the app that made the store."))
        }
        patient.name = details.name
        patient.birthday = details.birthday
        patient.effectiveDate = max(now, patient.effectiveDate)
        return try await updateAnyPatient(patient)
    }
}
