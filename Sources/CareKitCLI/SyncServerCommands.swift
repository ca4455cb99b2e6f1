import CareKitArguments
import CareKitHTTP
import CareKitSyncServer
import CareKitTeam
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `carekit sync-server`: the server a patient's devices synchronize through, and its accounts.
enum SyncServerCommands {
    static let database = Option(
        "db", value: "PATH|URL",
        loc.key(
            "The server's database: a SQLite file (default $XDG_DATA_HOME/CareKit/sync-server.sqlite; created private to you, 0600) or PostgreSQL, postgres://user@host/dbname (several servers can share one)."
        ))
    static let port = Option("port", value: "N", loc.key("The TCP port (default 8443; 0 picks a free one)."))
    static let host = Option("host", value: "ADDR", loc.key("The address to listen on (default 127.0.0.1). Any other address needs --tls-cert and --tls-key, or --behind-proxy."))
    static let certificate = Option("tls-cert", value: "FILE", loc.key("Serves HTTPS with this certificate (PEM)."))
    static let key = Option("tls-key", value: "FILE", loc.key("The certificate's private key (PEM)."))
    static let behindProxy = Option("behind-proxy", loc.key("Serves plain HTTP beyond this machine because a proxy in front speaks HTTPS to the devices."))
    static let trustedProxy = Option(
        "trusted-proxy", value: "ADDRESSES",
        loc.key(
            "The proxies whose X-Forwarded-For names the client, comma-separated addresses or networks (10.0.0.5, 10.0.0.0/8, ::1); --behind-proxy alone trusts 127.0.0.1 and ::1. Every other peer keeps its own address, whatever it claims."
        ))
    static let requireMFA = Option(
        "require-mfa",
        loc.key(
            "Every clinician signs in with a code from an authenticator app after the password; one who has not set it up does so at their next sign-in, before seeing any patient."
        ))
    static let label = Option("label", value: "TEXT", loc.key("What the device is, to recognise its token later (default \"device\")."))
    static let patientName = Positional(name: "NAME", help: loc.key("The patient's name on this server (unique)."))
    static let email = Positional(name: "EMAIL", help: loc.key("The clinician's e-mail address, which they sign in with."))
    static let assignedPatient = Positional(name: "PATIENT", help: loc.key("The name of a patient of this server."))

    static let serve = Command(
        CommandSpec(
            "sync-server", loc.key("Runs the sync server: a patient's devices pull and push their care-plan versions through it (docs/sync.md). Its OpenAPI document is at /sync/v1/openapi.json."),
            options: [database, host, port, .timezone, certificate, key, behindProxy, trustedProxy, ServeCommand.allowedHost, requireMFA],
            details: loc.key("Ctrl-C stops it after the requests in progress finish. Accounts: `carekit sync-server add-patient NAME`.")),
        run: runServer)

    static let addPatient = Command(
        CommandSpec(
            "sync-server add-patient",
            loc.key("Adds a patient to the sync server and prints the first device's token (256 random bits). Only a hash of it is kept: store it now, in a file only you can read."),
            positionals: [patientName], options: [database]), run: addPatient)

    static let addDevice = Command(
        CommandSpec(
            "sync-server add-device", loc.key("Prints a new device token for a patient of the sync server (another phone, a tablet)."),
            positionals: [patientName], options: [label, database]), run: addDevice)

    static let identifierSystem = Positional(name: "SYSTEM", help: loc.key("The identifier's system, a URI (a hospital's MRN namespace, such as urn:oid:1.2.36.146.595.217.0.1)."))
    static let identifierValue = Positional(name: "VALUE", help: loc.key("The identifier in that system (the MRN)."))

    static let setIdentifier = Command(
        CommandSpec(
            "sync-server set-identifier",
            loc.key("Gives a patient an identifier in another system (their MRN), served on their FHIR Patient; one per system, a new one replaces it."),
            positionals: [assignedPatient, identifierSystem, identifierValue], options: [database]), run: setIdentifier)

    static let patients = Command(
        CommandSpec(
            "sync-server patients", loc.key("Lists the patients of the sync server."), options: [database]), run: listPatients)

    static let addClinician = Command(
        CommandSpec(
            "sync-server add-clinician",
            loc.key(
                "Adds a clinician who signs in to the dashboard (/team) with an e-mail address and a password (at least 12 characters), read from standard input or asked for; never give it as an argument. Only an Argon2id hash is kept."
            ),
            positionals: [email], options: [database]), run: addClinician)

    static let assign = Command(
        CommandSpec(
            "sync-server assign", loc.key("Lets a clinician see a patient on the dashboard; a clinician sees only the patients assigned to them."),
            positionals: [email, assignedPatient], options: [database]), run: assign)

    /// The server's storage; a SQLite file must exist unless `creating` (the server itself and
    /// the commands that add the first patient or clinician create it).
    static func service(_ arguments: Arguments, _ context: CommandContext, creating: Bool = false) throws -> SyncService {
        let path = arguments[database] ?? context.defaultStore.deletingLastPathComponent().appendingPathComponent("sync-server.sqlite").path
        if PostgresSyncStorage.isConnectionString(path) {
            return SyncService(storage: try PostgresSyncStorage(conninfo: path), clock: context.storeClock)
        }
        if let problem = CommandContext.notAFile(path) { throw UsageError(problem) }
        guard creating || FileManager.default.fileExists(atPath: path) else {
            throw UsageError(
                loc(
                    "There is no sync-server database at {path}; nothing was created. Check --db, or start with `carekit sync-server add-patient NAME` or `carekit sync-server`, which create it.",
                    ["path": path]))
        }
        return SyncService(storage: try SQLiteSyncStorage(path: path), clock: context.storeClock)
    }

    static func runServer(_ arguments: Arguments, _ context: CommandContext) async throws {
        let portNumber = try arguments.integer(port) ?? 8443
        guard (0...65_535).contains(portNumber) else { throw UsageError(loc("--port must be between 0 and 65535.")) }
        let address = arguments[host] ?? "127.0.0.1"
        var tls: HTTPServer.TLS?
        switch (arguments[certificate], arguments[key]) {
        case (let certificateFile?, let keyFile?):
            do { tls = try HTTPServer.TLS(certificateFile: certificateFile, privateKeyFile: keyFile) } catch { throw UsageError(error.message) }
        case (nil, nil): break
        default: throw UsageError(loc("--tls-cert and --tls-key go together."))
        }
        if !HTTPHostPolicy.isLoopback(host: address) && tls == nil && !arguments.has(behindProxy) {
            throw UsageError(
                loc(
                    "Listening on {address} would send device tokens and health data unencrypted: give --tls-cert and --tls-key, or --behind-proxy when a proxy in front speaks HTTPS.",
                    ["address": address]))
        }
        let proxies: HTTPTrustedProxies
        do {
            switch (arguments[trustedProxy], arguments.has(behindProxy)) {
            case (let list?, _): proxies = try HTTPTrustedProxies(list)
            case (nil, true): proxies = try HTTPTrustedProxies("127.0.0.1,::1")
            case (nil, false): proxies = .none
            }
        } catch { throw UsageError(error.message) }
        let allowed = (arguments[ServeCommand.allowedHost] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let names: HTTPHostPolicy
        do { names = try HTTPHostPolicy(listeningOn: address, allowedHosts: allowed) } catch { throw UsageError(error.message) }
        let service = try service(arguments, context, creating: true)
        if let postgres = service.storage as? PostgresSyncStorage, (try? postgres.ownsAuditTable()) == true {
            context.log(
                loc(
                    "Warning: the server runs as the owner of the audit table, so it could switch its protection off. Run it as a role that may only INSERT and SELECT on it (docs/deploy.md, \"Two roles\")."
                ))
        }
        // The sync server with the care team's dashboard mounted beside the protocol.
        var team = SyncTeamDashboard.Policy()
        team.requireSecondFactor = arguments.has(requireMFA)
        let dashboard = SyncTeamDashboard(
            service: service, calendar: context.calendar, secure: tls != nil || arguments.has(behindProxy), trustedProxies: proxies, hostPolicy: names,
            policy: team, clock: context.storeClock)
        let server = SyncHTTPServer(
            service: service, host: address, port: UInt16(portNumber), tls: tls,
            behindProxy: arguments.has(behindProxy), trustedProxies: proxies, hostPolicy: names, mounting: dashboard.addRoutes,
            clock: context.storeClock)
        let bound: Int
        TerminationSignals.install()
        do { bound = try server.start() } catch { throw UsageError(error.message) }
        let shown = address.contains(":") ? "[\(address)]" : address
        let url = "\(tls == nil ? "http" : "https")://\(shown):\(bound)/"
        context.log(loc("The CareKit sync server is running at {address} (the protocol: /sync/v1/openapi.json; FHIR R4: /fhir/R4/metadata).", ["address": url]))
        context.log(loc("Press Ctrl-C to stop."))
        await ServeCommand.waitForTermination()
        context.log(loc("Stopping…"))
        server.stop()
        context.log(loc("Stopped."))
    }

    static func addPatient(_ arguments: Arguments, _ context: CommandContext) async throws {
        let (patient, token) = try service(arguments, context, creating: true).addPatient(name: arguments.positionals[0])
        context.log(loc("Added {patient}. This is the device token; it is shown once (put it in a file only you can read, for --token-file):", ["patient": Format.visible(patient.name)]))
        context.output(token)
    }

    static func addDevice(_ arguments: Arguments, _ context: CommandContext) async throws {
        let token = try service(arguments, context).addDevice(patientNamed: arguments.positionals[0], label: arguments[label] ?? "device")
        context.log(loc("A new device token for {patient}; it is shown once:", ["patient": Format.visible(arguments.positionals[0])]))
        context.output(token)
    }

    static func setIdentifier(_ arguments: Arguments, _ context: CommandContext) async throws {
        let patient = try service(arguments, context).setIdentifier(patientNamed: arguments.positionals[0], system: arguments.positionals[1], value: arguments.positionals[2])
        context.log(
            loc(
                "{patient} is {value} in {system}; their FHIR Patient says so.",
                ["patient": Format.visible(patient.name), "value": Format.visible(arguments.positionals[2]), "system": Format.visible(arguments.positionals[1])]))
    }

    static func listPatients(_ arguments: Arguments, _ context: CommandContext) async throws {
        let list = try service(arguments, context).storage.patients()
        if list.isEmpty { context.output(loc("No patients yet; `carekit sync-server add-patient NAME` adds one.")); return }
        context.output(Format.table([loc("PATIENT"), loc("ADDED")], list.map { [$0.name, Format.day($0.created, context)] }))
    }

    static func addClinician(_ arguments: Arguments, _ context: CommandContext) async throws {
        let service = try service(arguments, context, creating: true)
        let password = readPassword(context)
        let clinician = try await service.addClinician(email: arguments.positionals[0], password: password)
        context.log(loc("Added the clinician {email}. `carekit sync-server assign {email} PATIENT` lets them see a patient.", ["email": Format.visible(clinician.email)]))
    }

    static func assign(_ arguments: Arguments, _ context: CommandContext) async throws {
        try service(arguments, context).assign(clinicianEmail: arguments.positionals[0], patientNamed: arguments.positionals[1])
        context.log(loc("{clinician} now sees {patient} on the dashboard.", ["clinician": Format.visible(arguments.positionals[0]), "patient": Format.visible(arguments.positionals[1])]))
    }

    /// The password: asked for without echo on a terminal, else the first line of standard input.
    static func readPassword(_ context: CommandContext) -> String {
        guard isatty(STDIN_FILENO) == 1 else {
            let text = String(decoding: context.io.readInput(), as: UTF8.self)
            return String(text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "").trimmingCharacters(in: ["\r"])
        }
        var original = termios()
        let hasTerminal = tcgetattr(STDIN_FILENO, &original) == 0
        if hasTerminal {
            var silent = original
            silent.c_lflag &= ~tcflag_t(ECHO)
            _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        }
        context.io.writeError(Data(loc("Password (at least {count} characters): ", count: ClinicianPassword.minimumLength).utf8))
        let line = readLine(strippingNewline: true) ?? ""
        if hasTerminal { _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &original) }
        context.io.writeError(Data("\n".utf8))
        return line
    }
}
