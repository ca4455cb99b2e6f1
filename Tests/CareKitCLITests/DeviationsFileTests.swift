import CareKitCLI
import CareKitTestSupport
import Foundation
import Testing

/// docs/DEVIATIONS.md names what is here as it is now: every Swift name in a "Here" cell is
/// declared in Sources/ or Examples/ (with its argument labels and its type, when given), every
/// `carekit` command and option it names is in that command's help, every `$VARIABLE` is read
/// somewhere, every document and section it points to exists, and no two rows describe the
/// same CareKit behaviour.
@Suite("docs/DEVIATIONS.md matches the code")
struct DeviationsFileTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Names that are Swift's or Foundation's, not ours (`nil`; `Calendar.current`,
    /// `Calendar.Component.weekOfYear`).
    static let notOurs: Set<String> = ["nil", ".current", "weekOfYear"]

    /// One row of a table: its cells (CareKit, Here, Why) and its line number.
    struct Row {
        var cells: [String]
        var line: Int
    }

    /// The rows of the file's tables, without their header and rule lines.
    static func rows(of text: String) -> [Row] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, line in
            guard line.hasPrefix("| "), !line.hasPrefix("| CareKit | Here |"), !line.hasPrefix("| The tutorial | Here |") else { return nil }
            return Row(cells: line.dropFirst(2).dropLast(2).components(separatedBy: " | "), line: number + 1)
        }
    }

    /// The code spans of a cell (`like this`).
    static func codeSpans(_ cell: String) -> [String] {
        cell.components(separatedBy: "`").enumerated().compactMap { $0.offset % 2 == 1 ? $0.element : nil }
    }

    /// What a command's help says it takes: its options (with whether each takes a value) and
    /// how many arguments its usage line shows before them (`carekit log TASK VALUE [...]`).
    struct CommandHelp {
        var options: [String: Bool]
        var arguments: Int
    }

    /// Every command's help, by command name.
    static func commandHelps() async throws -> [String: CommandHelp] {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cli = InProcessCLI(directory: directory.url)
        var helps: [String: CommandHelp] = [:]
        for name in CareKitCLI.commands.compactMap(\.spec.name) {
            let words = name.split(separator: " ").map(String.init)
            let help = await cli.run(words + ["--help"])
            let usage = HelpListing.usage(in: help.output).split(separator: " ").dropFirst(2 + words.count)
            helps[name] = CommandHelp(options: HelpListing.options(in: help.output), arguments: usage.prefix { !$0.hasPrefix("[") }.count)
        }
        return helps
    }

    /// What is wrong with the file's text: one line per name, command, option, variable or
    /// link that does not exist, and per repeated CareKit cell.
    static func problems(in text: String, declarations: SwiftDeclarations, commands: [String: CommandHelp], sourceText: String) -> [String] {
        var problems: [String] = []
        var seen: [String: Int] = [:]
        for row in rows(of: text) {
            guard row.cells.count == 3 else {
                problems.append("line \(row.line): \(row.cells.count) cells, not 3 (CareKit | Here | Why)")
                continue
            }
            if row.cells[0] != "—", let first = seen.updateValue(row.line, forKey: row.cells[0]) {
                problems.append("line \(row.line): the same CareKit cell as line \(first)")
            }
            for span in codeSpans(row.cells[1]) where !notOurs.contains(span) {
                if let problem = swiftProblem(span, declarations) { problems.append("line \(row.line): \(problem)") }
            }
            for span in row.cells.dropFirst().flatMap(codeSpans) {
                if let problem = commandProblem(span, commands, sourceText: sourceText) { problems.append("line \(row.line): \(problem)") }
            }
            for cell in row.cells {
                problems += documentProblems(cell).map { "line \(row.line): \($0)" }
            }
        }
        return problems
    }

    /// Why `span` names no Swift declaration here, or nil when it does or is not a Swift name
    /// (SQL, JSON, a file name, a literal).
    static func swiftProblem(_ span: String, _ declarations: SwiftDeclarations) -> String? {
        var name = span
        for suffix in [" async throws", " async", " throws"] where name.hasSuffix(suffix) { name.removeLast(suffix.count) }
        let pattern = #/^(\.?[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)(\((?:[A-Za-z_][A-Za-z0-9_]*:)*\))?$/#
        guard let match = name.wholeMatch(of: pattern) else { return nil }
        let path = match.1.split(separator: ".").map(String.init)
        let labels = match.2.map { $0.dropFirst().dropLast().split(separator: ":").map(String.init) }
        let isType = { (part: String) in part.first?.isUppercase == true }
        // `OCKStore(url:remote:options:clock:)`: an initializer of the last type named.
        let members = isType(path[path.count - 1]) && labels != nil ? path + ["init"] : path
        guard members.count > 1 || !isType(members[0]) else {
            return declarations.declaredTypes.contains(members[0]) ? nil : "`\(span)`: no type \(members[0]) in Sources/"
        }
        var type: String?
        for (position, member) in members.enumerated() {
            let isLast = position == members.count - 1
            if position == 0, isType(member) {
                guard declarations.hasType(member) else { return "`\(span)`: no type \(member) in Sources/" }
            } else if !declarations.hasMember(member, labels: isLast ? labels : nil, in: type) {
                let shown = member + (isLast ? match.2.map(String.init) ?? "" : "")
                return "`\(span)`: no \(shown)" + (type.map { " in \($0) or its extensions" } ?? " declared in Sources/")
            }
            type = isType(member) ? member : nil
        }
        return nil
    }

    /// Why `span` names a `carekit` command, option or environment variable that does not
    /// exist, or nil.
    static func commandProblem(_ span: String, _ commands: [String: CommandHelp], sourceText: String) -> String? {
        if let variable = span.prefixMatch(of: #/\$([A-Z][A-Z0-9_]*)/#)?.1 {
            return sourceText.contains("\"\(variable)\"") ? nil : "`\(span)`: nothing in Sources/ reads $\(variable)"
        }
        let words = span.split(separator: " ").map(String.init)
        if words.first == "carekit", words.count > 1 {
            let command = [words.prefix(3).dropFirst(), words.prefix(2).dropFirst()].map { $0.joined(separator: " ") }.first { commands[$0] != nil }
            guard let command, let help = commands[command] else { return "`\(span)`: no such command (carekit --help)" }
            var arguments = 0, takesValue = false
            for word in words.dropFirst(1 + command.split(separator: " ").count) {
                if word.hasPrefix("--") {
                    let option = String(word.dropFirst(2).prefix { $0 != "=" })
                    guard let value = help.options[option] else { return "`\(span)`: carekit \(command) --help lists no --\(option)" }
                    takesValue = value && !word.contains("=")
                } else if takesValue {
                    takesValue = false
                } else {
                    arguments += 1
                }
            }
            if arguments > help.arguments { return "`\(span)`: carekit \(command) takes \(help.arguments) arguments, not \(arguments) (no such command?)" }
        } else if words.count == 1, span.hasPrefix("--") {
            let option = String(span.dropFirst(2).prefix { $0 != "=" })
            if !commands.values.contains(where: { $0.options[option] != nil }) { return "`\(span)`: no command's help lists --\(option)" }
        }
        return nil
    }

    /// The documents a cell points to that do not exist: `[text](file.md#anchor)` links and
    /// `docs/file.md, "Section"` mentions (the section must be a heading of the file).
    static func documentProblems(_ cell: String) -> [String] {
        var problems: [String] = []
        func text(_ file: String) -> String? { try? String(contentsOf: root.appendingPathComponent("docs/\(file)"), encoding: .utf8) }
        for link in cell.matches(of: #/\]\(([A-Za-z0-9_.-]+\.md)(?:#[^)]*)?\)/#) where text(String(link.1)) == nil {
            problems.append("no docs/\(link.1)")
        }
        for mention in cell.matches(of: #/docs/([A-Za-z0-9_.-]+\.md)(?:, "([^"]+)")?/#) {
            guard let document = text(String(mention.1)) else {
                problems.append("no docs/\(mention.1)")
                continue
            }
            if let section = mention.2, !document.split(separator: "\n").contains(where: { $0.hasPrefix("#") && $0.contains(section) }) {
                problems.append("docs/\(mention.1) has no section \"\(section)\"")
            }
        }
        return problems
    }

    static func sources() throws -> (SwiftDeclarations, String) {
        let folders = ["Sources", "Examples"].map { root.appendingPathComponent($0) }
        var text = ""
        for folder in folders {
            let found = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
            while let url = found?.nextObject() as? URL {
                if url.pathExtension == "swift" { text += try String(contentsOf: url, encoding: .utf8) }
            }
        }
        return (try SwiftDeclarations(folders: folders), text)
    }

    @Test func everyNameCommandAndLinkExists() async throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/DEVIATIONS.md"), encoding: .utf8)
        let (declarations, sourceText) = try Self.sources()
        let commands = try await Self.commandHelps()
        #expect(Self.rows(of: text).count > 80, "the tables were read")
        let problems = Self.problems(in: text, declarations: declarations, commands: commands, sourceText: sourceText)
        #expect(problems.isEmpty, "docs/DEVIATIONS.md:\n\(problems.joined(separator: "\n"))")
    }

    /// The check itself finds what is wrong: a renamed method, wrong labels, a member of
    /// another type, a missing command or option, an unread variable, a missing section and a
    /// repeated row.
    @Test func theCheckFindsWhatIsWrong() async throws {
        let (declarations, sourceText) = try Self.sources()
        let commands = try await Self.commandHelps()
        let text = """
            | CareKit | Here | Why |
            |---|---|---|
            | A. | `OCKStore.fetchOutcomeHistory`, `savePatient(_:now:timeZone:)`, `OCKStore(url:)`, `carekit export --encrypt-to`, `carekit export --format fhir`, `carekit log temperature 38 --unit C`, `.early(by:)`, `SQL = 1`. | Fine. |
            | B. | `OCKStore.fetchOutcomeHistorie`, `savePatient(_:then:)`, `OCKPatient.openingError`, `OCKNoSuchType`. | `carekit exprot`, `carekit sync-server backups`, `carekit log --encrypt-to`, `--no-such-option`, `$CAREKIT_NO_SUCH_VARIABLE` (docs/web.md, "No such section"). |
            | A. | Again. | Repeated. |
            """
        let problems = Self.problems(in: text, declarations: declarations, commands: commands, sourceText: sourceText)
        #expect(problems.count == 11, "\(problems.joined(separator: "\n"))")
        for expected in [
            "fetchOutcomeHistorie in OCKStore", "no savePatient(_:then:)", "no openingError in OCKPatient", "no type OCKNoSuchType",
            "`carekit exprot`: no such command", "carekit sync-server takes 0 arguments, not 1", "carekit log --help lists no --encrypt-to",
            "lists --no-such-option", "reads $CAREKIT_NO_SUCH_VARIABLE", "no section \"No such section\"", "line 5: the same CareKit cell as line 3"
        ] {
            #expect(problems.contains { $0.contains(expected) }, "\(expected) in \(problems)")
        }
    }
}
