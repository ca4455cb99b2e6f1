import CareKitArguments
import CareKitSyncServer
import Foundation

/// People come and go, and the audit trail (docs/deploy.md): `carekit sync-server devices`,
/// `revoke`, `disable`, `enable`, `remove`, `unassign`, `passwd`, `reset`, `reset-mfa`, `audit`. Each change
/// holds at once on every server of the database and is written to the audit trail.
enum SyncServerAdminCommands {
    typealias S = SyncServerCommands

    static let patient = Option("patient", value: "NAME", loc.key("Only this patient's."))
    static let device = Positional(name: "DEVICE", help: loc.key("The device token's number, as `sync-server devices` lists it (at least 8 of its digits)."))
    static let what = Positional(name: "verify|export", help: loc.key("verify: checks every link of the chain. export: writes the trail out."))
    static let format = Option("format", value: "jsonl|fhir", loc.key("For export: jsonl (the default), each line as stored with its hashes; fhir, FHIR R4 AuditEvent resources, one a line."))

    static let devices = Command(
        CommandSpec(
            "sync-server devices", loc.key("Lists the device tokens (by number, never the token), with when each was last used (to the hour) and whether it was revoked."),
            options: [patient, S.database]), run: listDevices)

    static let revoke = Command(
        CommandSpec(
            "sync-server revoke", loc.key("Revokes a device token (a lost phone, a retired system): it is refused from its next request on, on every server of the database."),
            positionals: [device], options: [S.database]), run: revokeDevice)

    static let disable = Command(
        CommandSpec(
            "sync-server disable", loc.key("Disables a clinician's account: their sessions end at once and they cannot sign in until `enable`."),
            positionals: [S.email], options: [S.database]), run: { try await setStatus(.disabled, $0, $1) })

    static let enable = Command(
        CommandSpec("sync-server enable", loc.key("Lets a disabled clinician sign in again."), positionals: [S.email], options: [S.database]),
        run: { try await setStatus(.active, $0, $1) })

    static let remove = Command(
        CommandSpec(
            "sync-server remove",
            loc.key("Removes a clinician for good: their sessions and assignments end; the account stays, disabled, so that the audit trail still names them."),
            positionals: [S.email], options: [S.database]), run: { try await setStatus(.removed, $0, $1) })

    static let unassign = Command(
        CommandSpec(
            "sync-server unassign", loc.key("Stops a clinician seeing a patient on the dashboard, from their next page on."),
            positionals: [S.email, S.assignedPatient], options: [S.database]), run: unassignPatient)

    static let passwd = Command(
        CommandSpec(
            "sync-server passwd",
            loc.key("Sets a clinician's password (at least 12 characters), read from standard input or asked for; their sessions end."),
            positionals: [S.email], options: [S.database]), run: changePassword)

    static let reset = Command(
        CommandSpec(
            "sync-server reset", loc.key("Gives a clinician a new random password, shown once to hand over; their sessions end."),
            positionals: [S.email], options: [S.database]), run: resetPassword)

    static let resetMFA = Command(
        CommandSpec(
            "sync-server reset-mfa",
            loc.key("Removes a clinician's two-step sign-in and recovery codes (a lost phone); their sessions end, and they set it up again at their next sign-in."),
            positionals: [S.email], options: [S.database]), run: resetSecondFactor)

    static let audit = Command(
        CommandSpec(
            "sync-server audit",
            loc.key(
                "Checks the audit trail's hash chain and names the first broken link (verify), or writes the trail out (export), to standard output or -o FILE."
            ),
            positionals: [what], options: [format, .output, S.database]), run: runAudit)

    static let backup = Command(
        CommandSpec(
            "sync-server backup",
            loc.key(
                "Writes a consistent copy of the SQLite database, encrypted in the age format (--encrypt-to or --passphrase-file; `age -d` restores the file). For PostgreSQL, encrypt pg_dump's output with age (docs/deploy.md)."
            ),
            options: [.output, Encryption.encryptTo, Encryption.passphraseFile, S.database]), run: runBackup)

    /// The administrator as the audit trail names them.
    static var actor: SyncService.Actor { .commandLine(user: ProcessInfo.processInfo.userName) }

    static func listDevices(_ arguments: Arguments, _ context: CommandContext) async throws {
        let list = try S.service(arguments, context).devices(patientNamed: arguments[patient])
        if list.isEmpty { context.output(loc("No device tokens yet; `carekit sync-server add-patient NAME` adds a patient and its first one.")); return }
        context.output(
            Format.table(
                [loc("DEVICE"), loc("PATIENT"), loc("LABEL"), loc("ADDED"), loc("LAST USED"), loc("STATE")],
                list.map { token in
                    [
                        token.id, token.patient.name, token.label, Format.day(token.created, context), token.lastUsed.map { Format.day($0, context) } ?? loc("never"),
                        token.revoked.map { loc("revoked {day}", ["day": Format.day($0, context)]) } ?? loc("works")
                    ]
                }))
    }

    static func revokeDevice(_ arguments: Arguments, _ context: CommandContext) async throws {
        let token = try S.service(arguments, context).revokeDevice(arguments.positionals[0], by: actor)
        context.log(
            loc(
                "Revoked the device token {device} ({label} of {patient}); it is refused from now on.",
                ["device": token.id, "label": Format.visible(token.label), "patient": Format.visible(token.patient.name)]))
    }

    static func setStatus(_ status: SyncClinicianStatus, _ arguments: Arguments, _ context: CommandContext) async throws {
        try S.service(arguments, context).setClinician(arguments.positionals[0], status: status, by: actor)
        let email = Format.visible(arguments.positionals[0])
        switch status {
        case .active: context.log(loc("{email} can sign in again.", ["email": email]))
        case .disabled: context.log(loc("{email} is disabled: signed out everywhere, and cannot sign in until `enable`.", ["email": email]))
        case .removed: context.log(loc("{email} is removed: signed out everywhere, with no patients.", ["email": email]))
        }
    }

    static func unassignPatient(_ arguments: Arguments, _ context: CommandContext) async throws {
        try S.service(arguments, context).unassign(clinicianEmail: arguments.positionals[0], patientNamed: arguments.positionals[1], by: actor)
        context.log(
            loc(
                "{clinician} no longer sees {patient} on the dashboard.",
                ["clinician": Format.visible(arguments.positionals[0]), "patient": Format.visible(arguments.positionals[1])]))
    }

    static func changePassword(_ arguments: Arguments, _ context: CommandContext) async throws {
        let service = try S.service(arguments, context)
        try await service.changePassword(arguments.positionals[0], to: S.readPassword(context), by: actor)
        context.log(loc("Changed the password of {email}; their sessions have ended.", ["email": Format.visible(arguments.positionals[0])]))
    }

    static func resetPassword(_ arguments: Arguments, _ context: CommandContext) async throws {
        let password = try await S.service(arguments, context).resetPassword(arguments.positionals[0], by: actor)
        context.log(
            loc(
                "A new password for {email}; it is shown once. Their sessions have ended. Hand it over in person:",
                ["email": Format.visible(arguments.positionals[0])]))
        context.output(password)
    }

    static func resetSecondFactor(_ arguments: Arguments, _ context: CommandContext) async throws {
        try S.service(arguments, context).resetSecondFactor(arguments.positionals[0], by: actor)
        context.log(
            loc(
                "Two-step sign-in of {email} was reset; their sessions have ended. They set it up again at their next sign-in.",
                ["email": Format.visible(arguments.positionals[0])]))
    }

    static func runAudit(_ arguments: Arguments, _ context: CommandContext) async throws {
        let service = try S.service(arguments, context)
        switch arguments.positionals[0] {
        case "verify":
            let result = try service.verifyAudit()
            if let broken = result.firstBroken {
                let reason = broken.previousChanged ? loc("the entry before it was changed, removed or inserted") : loc("its content does not match its hash: it was changed")
                throw CommandFailure(
                    loc(
                        "The audit trail is broken at entry {id}: {reason}. The {count} entries before it are intact. Keep the database as it is for the investigation; restore the audit from a backup to a new database.",
                        ["id": String(broken.id), "reason": reason, "count": String(result.count)]))
            }
            context.output(
                loc(
                    "Every link of the audit trail's {count} entries holds. The last hash is {hash}: note it somewhere else; entries cut from the end would change it.",
                    ["count": String(result.count), "hash": result.head]))
        case "export":
            let text = arguments[format] ?? SyncAuditExport.jsonLines.rawValue
            guard let chosen = SyncAuditExport(rawValue: text) else { throw UsageError(loc("--format must be jsonl or fhir, not '{value}'.", ["value": text])) }
            var data = Data()
            let count = try chosen.write(service.storage) { data.append($0) }
            let path = arguments[.output] ?? "-"
            if path == "-" {
                context.io.writeOutput(data)
            } else {
                try OutputFile.write(data, to: path)
                context.log(loc("Wrote the {count} entries of the audit trail to {path}.", ["count": String(count), "path": path]))
            }
        default:
            throw UsageError(loc("Say verify or export, not '{value}'.", ["value": Format.visible(arguments.positionals[0])]))
        }
    }

    static func runBackup(_ arguments: Arguments, _ context: CommandContext) async throws {
        guard let path = arguments[.output], path != "-" else { throw UsageError(loc("Say where the backup goes: -o FILE.")) }
        guard arguments[Encryption.encryptTo] != nil || arguments[Encryption.passphraseFile] != nil else {
            throw UsageError(loc("A backup holds every patient's history: give --encrypt-to RECIPIENT or --passphrase-file FILE."))
        }
        let service = try S.service(arguments, context)
        guard let sqlite = service.storage as? SQLiteSyncStorage else {
            throw CommandFailure(loc("This database is PostgreSQL: back it up with `pg_dump --format=custom carekit` and encrypt that with `age -r RECIPIENT` (docs/deploy.md)."))
        }
        let (sealed, _) = try Encryption.seal(try sqlite.snapshot(), arguments, context)
        try OutputFile.write(sealed, to: path)
        context.log(loc("Wrote an encrypted backup of the sync server's database to {path}; `age -d` gives back the SQLite file.", ["path": path]))
    }
}
