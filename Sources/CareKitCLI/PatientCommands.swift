import CareKit
import CareKitArguments
import CareKitStore
import Foundation

/// `carekit patient` and `carekit patient set`: the patient's name and birthday, which the
/// report opens with (read by ``OCKPatientForm``, the rules of the web app's About you page).
enum PatientCommands {
    static let name = Option("name", value: "NAME", loc.key("The whole name; its last word is the family name (\"Ada King Lovelace\")."))
    static let given = Option("given", value: "NAMES", loc.key("The given names, for a name that does not split at its last word (with --family)."))
    static let family = Option("family", value: "NAME", loc.key("The family name (with --given)."))
    static let birthday = Option("birthday", value: "YYYY-MM-DD", loc.key("The birthday; \"none\" removes it."))

    static let show = Command(
        CommandSpec("patient", loc.key("The patient's name and birthday, as the report opens with them."), options: [.json, .timezone, .store]), run: showPatient)

    static let set = Command(
        CommandSpec(
            "patient set", loc.key("Saves the patient's name and birthday: the store's patient, or a new version of it (what is not given stays)."),
            options: [name, given, family, birthday, .timezone, .store],
            details: loc.key("Example: carekit patient set --name \"Ada Lovelace\" --birthday 1960-03-15")),
        run: setPatient)

    /// What `--json` writes.
    struct Record: Encodable {
        var id: String
        var givenName: String?
        var familyName: String?
        var birthday: String?
    }

    static func showPatient(_ arguments: Arguments, _ context: CommandContext) async throws {
        let store = try context.openStore(arguments)
        let patient = try await store.latestPatient()
        if arguments.has(.json) {
            let record = patient.map {
                Record(id: $0.id, givenName: $0.name.givenName, familyName: $0.name.familyName, birthday: $0.birthday.map { Format.day($0, context) })
            }
            try StoreCommands.printJSON(record, context)
            return
        }
        guard let patient else {
            context.output(loc("No patient is recorded. `carekit patient set --name NAME` records one."))
            return
        }
        context.output(describe(patient, context))
    }

    static func setPatient(_ arguments: Arguments, _ context: CommandContext) async throws {
        let store = try context.openStore(arguments)
        let current = try await store.latestPatient()
        var form = OCKPatientForm(patient: current, calendar: context.calendar)
        if arguments[name] != nil, arguments[given] != nil || arguments[family] != nil {
            throw UsageError(loc("Give --name, or --given and --family, not both."))
        }
        if let whole = arguments[name] {
            let split = OCKPatientForm(fullName: whole)
            (form.givenName, form.familyName) = (split.givenName, split.familyName)
        }
        if let text = arguments[given] { form.givenName = text }
        if let text = arguments[family] { form.familyName = text }
        if let text = arguments[birthday] { form.birthday = text == "none" ? "" : text }
        guard arguments[name] != nil || arguments[given] != nil || arguments[family] != nil || arguments[birthday] != nil else {
            throw UsageError(loc("Give --name (or --given and --family), --birthday, or both."))
        }
        switch form.read(calendar: context.calendar, today: context.now) {
        case .failure(let problems):
            let options: [OCKPatientForm.Field: String] = [.givenName: arguments[given] == nil ? "--name" : "--given", .familyName: "--family", .birthday: "--birthday"]
            throw UsageError(problems.ordered.map { "\(options[$0.field] ?? "--name"): \($0.reason)" }.joined(separator: "\n"))
        case .success(let details):
            let saved = try await store.savePatient(details, now: context.now, timeZone: context.calendar.timeZone)
            context.output(loc("Saved: {patient}.", ["patient": describe(saved, context)]))
        }
    }

    /// "Ada Lovelace, born 1960-03-15 (age 66)".
    static func describe(_ patient: any OCKAnyPatient, _ context: CommandContext) -> String {
        let name = Format.visible(OCKContactFormatting.name(patient.name))
        guard let birthday = patient.birthday else { return name }
        let age = context.calendar.dateComponents([.year], from: birthday, to: context.now).year ?? 0
        return loc("{name}, born {day} (age {age})", ["name": name, "day": Format.day(birthday, context), "age": Format.digits(age)])
    }
}
