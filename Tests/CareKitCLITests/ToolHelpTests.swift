import CareKitCLI
import CareKitTestSupport
import Foundation
import Testing

/// Every tool's help is made from the declaration it parses with, so it lists exactly the
/// options the tool accepts: checked on the built executables, as a person runs them.
@Suite("Every tool's help lists exactly what it parses")
struct ToolHelpTests {
    static let tools = ["carekit-bench", "carekit-catalog"]

    /// `tool ARGUMENTS`, as a process.
    static func run(_ tool: String, _ arguments: [String]) async throws -> (output: String, error: String, status: Int32) {
        let result = try await Subprocess.run(try Subprocess.executable(named: tool), arguments, check: false)
        return (result.output, result.error, result.status)
    }

    /// Every option any tool lists, with whether it takes a value, and some no tool has.
    static func everyOption() async throws -> [String: Bool] {
        var options: [String: Bool] = ["bogus": false, "outptu": true]
        for tool in tools {
            options.merge(HelpListing.options(in: try await run(tool, ["--help"]).output)) { first, _ in first }
        }
        for command in CareKitCLI.commands {
            options.merge(HelpListing.options(in: command.spec.help)) { first, _ in first }
        }
        options["help"] = nil
        return options
    }

    @Test("A tool accepts exactly the options its help lists", arguments: tools)
    func helpListsExactlyWhatIsParsed(_ tool: String) async throws {
        let help = try await Self.run(tool, ["--help"])
        #expect(help.status == 0, "\(help.error)")
        #expect(help.output.hasPrefix("usage: \(tool) "), "\(help.output)")
        let listed = HelpListing.options(in: help.output)
        #expect(listed["help"] == false, "\(tool) lists --help")
        #expect(listed.count > 1, "\(tool) lists its options: \(help.output)")
        let usage = HelpListing.usage(in: help.output)
        for name in listed.keys where name != "help" {
            #expect(HelpListing.usage(usage, shows: name, in: help.output), "\(tool)'s usage line shows --\(name): \(usage)")
        }
        // Each option (with a value if it takes one) before --help: accepted exactly when listed.
        let candidates = try await Self.everyOption()
        try await withThrowingTaskGroup(of: (String, Bool, (output: String, error: String, status: Int32)).self) { group in
            for (name, takesValue) in candidates {
                let listedHere = listed[name] != nil
                group.addTask { (name, listedHere, try await Self.run(tool, ["--\(name)"] + (takesValue ? ["1"] : []) + ["--help"])) }
            }
            for try await (name, listedHere, result) in group {
                #expect(result.status == (listedHere ? 0 : 2), "\(tool) --\(name): listed \(listedHere), exit \(result.status) \(result.error)")
                if !listedHere {
                    #expect(result.error.contains("Unknown option --\(name) for `\(tool)`"), "\(result.error)")
                }
            }
        }
    }

    @Test(
        "A wrong call is refused with exit 2 and the reason, before anything runs",
        arguments: [
            ("carekit-bench", ["--runs"], "--runs needs a value (N)"),
            ("carekit-bench", ["--runs", "0"], "--runs needs a positive number, not '0'"),
            ("carekit-bench", ["--only", "0"], "--only needs part numbers from 1 to 9"),
            ("carekit-bench", ["--only", "99"], "--only needs part numbers from 1 to 9"),
            ("carekit-bench", ["--quick", "--quick"], "--quick was given more than once"),
            ("carekit-bench", ["extra"], "`carekit-bench` takes no positional arguments (got 'extra')"),
            ("carekit-bench", ["--quik"], "Did you mean --quick?"),
            ("carekit-catalog", ["--output"], "--output needs a value (PATH)"),
            ("carekit-catalog", ["-o", "page.html", "--stdout"], "--output and --stdout cannot both be given"),
            ("carekit-catalog", ["--stdout=yes"], "--stdout takes no value")
        ])
    func wrongCallsAreUsageErrors(_ tool: String, _ arguments: [String], _ message: String) async throws {
        let result = try await Self.run(tool, arguments)
        #expect(result.status == 2, "\(result.output)")
        #expect(result.error.hasPrefix("\(tool): ") && result.error.contains(message), "\(result.error)")
        #expect(result.error.contains("Run `\(tool) --help` for usage."), "\(result.error)")
        #expect(result.output.isEmpty, "nothing ran: \(result.output)")
    }
}
