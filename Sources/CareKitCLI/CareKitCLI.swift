import CareKit
import CareKitArguments
import CareKitStore
import CareKitUI
import Foundation

/// `carekit`: the care app's server and the store's command line, as a library the executable
/// and the tests both run.
package enum CareKitCLI {
    /// Every command `carekit` has. A command is one `Command` value (its declaration and what
    /// it does); listing it here is all it takes to add it: its parsing, its help, the overview
    /// and the tests that check every command's help come from this list.
    package static let commands: [Command] = [
        ServeCommand.command,
        StoreCommands.tasks,
        StoreCommands.events,
        StoreCommands.complete,
        StoreCommands.log,
        PlanCommands.add,
        PlanCommands.edit,
        PlanCommands.stop,
        BackupCommands.export,
        BackupCommands.import,
        ReportCommand.command,
        PatientCommands.show,
        PatientCommands.set,
        CalendarCommand.command,
        SyncCommand.command,
        SyncServerCommands.serve,
        SyncServerCommands.addPatient,
        SyncServerCommands.addDevice,
        SyncServerCommands.setIdentifier,
        SyncServerCommands.patients,
        SyncServerCommands.addClinician,
        SyncServerCommands.assign,
        SyncServerAdminCommands.devices,
        SyncServerAdminCommands.revoke,
        SyncServerAdminCommands.disable,
        SyncServerAdminCommands.enable,
        SyncServerAdminCommands.remove,
        SyncServerAdminCommands.unassign,
        SyncServerAdminCommands.passwd,
        SyncServerAdminCommands.reset,
        SyncServerAdminCommands.resetMFA,
        SyncServerAdminCommands.audit,
        SyncServerAdminCommands.backup
    ]

    /// The overview `carekit --help` prints.
    package static var usage: String {
        """
        \(loc("carekit — CareKit for Linux"))

        \(loc("USAGE"))
        \(commands.map { "  " + $0.spec.synopsis }.joined(separator: "\n"))

        \(loc("Without --store, the store is $XDG_DATA_HOME/CareKit/carekit.sqlite"))
        \(loc("(~/.local/share/CareKit/carekit.sqlite). Only `import`, `add-task`, `serve --demo` and `sync --create` create a store."))
        \(loc("Run `carekit COMMAND --help` for details."))
        \(loc("Exit codes: 0 success, 1 the operation failed, 2 the command was called wrongly."))
        """
    }

    /// Runs `carekit ARGUMENTS` (the arguments after the program's name) and returns its exit
    /// status: 0 success, 1 the operation failed, 2 the command was called wrongly, 130 stopped by
    /// Ctrl-C (or SIGTERM) while it waited on the network. Everything
    /// it writes, and the reports and calendars it makes, are in the patient's language
    /// (``CommandContext/language(_:for:)``).
    package static func run(_ arguments: [String], context: CommandContext) async -> Int32 {
        guard let name = arguments.first else {
            OCKLocalization.$language.withValue(context.generalLanguage(arguments)) { context.error(usage) }
            return 2
        }
        if ["-h", "--help", "help"].contains(name) {
            OCKLocalization.$language.withValue(context.generalLanguage(arguments)) { context.output(usage) }
            return 0
        }
        // A command of two words (`sync-server add-patient`) before one of one word.
        if arguments.count >= 2, let command = commands.first(where: { $0.spec.name == "\(name) \(arguments[1])" }) {
            return await run(command, Array(arguments.dropFirst(2)), context)
        }
        guard let command = commands.first(where: { $0.spec.name == name }) else {
            OCKLocalization.$language.withValue(context.generalLanguage(arguments)) {
                let message = loc("carekit: unknown command '{command}'.", ["command": Format.visible(name)])
                let guess = Suggestion.closest(to: name, in: commands.compactMap(\.spec.name)).map { " " + loc("Did you mean '{name}'?", ["name": $0]) } ?? ""
                context.error("\(message)\(guess)\n\n\(usage)")
            }
            return 2
        }
        return await run(command, Array(arguments.dropFirst()), context)
    }

    static func run(_ command: Command, _ raw: [String], _ context: CommandContext) async -> Int32 {
        let language: OCKLanguage
        do {
            language = try context.language(raw, for: command.spec)
        } catch {
            // Help is shown whatever else was typed; an error is said in the language of the
            // environment, as the one asked for is not known.
            if raw.contains("--help") || raw.contains("-h") {
                language = context.generalLanguage(raw)
            } else {
                OCKLocalization.$language.withValue(context.generalLanguage(raw)) { usageError(error, command, context) }
                return 2
            }
        }
        return await OCKLocalization.$language.withValue(language) { await runParsing(command, raw, context) }
    }

    static func runParsing(_ command: Command, _ raw: [String], _ context: CommandContext) async -> Int32 {
        let invocation = command.spec.invocation
        do {
            let arguments = try command.spec.parse(raw)
            if arguments.has(.help) {
                context.output(command.spec.help)
                return 0
            }
            let patientContext = try context.inPatientTimeZone(arguments)
            try await OCKMeasurementUnits.$chosenSystem.withValue(try context.preferredUnits(arguments)) { try await command.run(arguments, patientContext) }
            return 0
        } catch let error as UsageError {
            usageError(error, command, context)
            return 2
        } catch let error as CommandInterrupted {
            context.error("\(invocation): \(error.description)")
            return 130
        } catch let error as OCKStoreError {
            // The reason is a whole sentence that says what failed and what to do.
            context.error("\(invocation): \(error.reason)")
            return 1
        } catch {
            context.error("\(invocation): \(error)")
            return 1
        }
    }

    /// Says what was wrong with how `command` was called, and where its help is.
    static func usageError(_ error: UsageError, _ command: Command, _ context: CommandContext) {
        let invocation = command.spec.invocation
        context.error("\(invocation): \(error.description)\n" + loc("Run `{command} --help` for usage.", ["command": invocation]))
    }
}

/// A `carekit` command: its declaration, from which its parsing and help come, and what it does.
package struct Command: Sendable {
    /// The declaration: name, summary, positionals, options.
    package let spec: CommandSpec
    /// Runs the command on arguments parsed by ``spec``.
    let run: @Sendable (Arguments, CommandContext) async throws -> Void

    /// A command of `carekit`: the declaration and what it does.
    init(_ spec: CommandSpec, run: @escaping @Sendable (Arguments, CommandContext) async throws -> Void) {
        self.spec = spec
        self.run = run
    }
}

extension CommandSpec {
    /// A command of `carekit`.
    init(_ name: String, _ summary: String, positionals: [Positional] = [], options: [Option], details: String? = nil) {
        // Every command speaks the patient's language.
        self.init(tool: "carekit", name: name, summary: summary, positionals: positionals, options: options + [.language], details: details)
        // The help's texts are keys of CareKitCLI's table (marked where they are declared).
        translate = { loc($0) }
    }
}
