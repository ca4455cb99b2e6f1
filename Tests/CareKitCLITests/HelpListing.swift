/// What a tool's help says it accepts, read from the help text itself.
enum HelpListing {
    /// The options a help text lists under "Options:", with whether each takes a value.
    static func options(in help: String) -> [String: Bool] {
        var options: [String: Bool] = [:]
        var inOptions = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "Options:" { inOptions = true; continue }
            if line.isEmpty { inOptions = false }
            guard inOptions, line.hasPrefix("  -") else { continue }
            // "  -o, --output FILE   help": the spelling ends at the first double space.
            let spelling = line.dropFirst(2).components(separatedBy: "  ")[0].split(separator: " ")
            guard let long = spelling.firstIndex(where: { $0.hasPrefix("--") }) else { continue }
            options[String(spelling[long].dropFirst(2))] = spelling.count > long + 1
        }
        return options
    }

    /// The usage line, the first line of a help text.
    static func usage(in help: String) -> String {
        help.split(separator: "\n").first.map(String.init) ?? ""
    }

    /// Whether the usage line shows `--name` (or its one-letter spelling).
    static func usage(_ usage: String, shows name: String, in help: String) -> Bool {
        if usage.contains("[--\(name)") { return true }
        // "-o, --output FILE": the usage line shows "[-o FILE]".
        let short = help.split(separator: "\n").first { $0.hasPrefix("  -") && $0.contains(", --\(name)") }
        return short.map { usage.contains("[" + $0.dropFirst(2).prefix(2)) } ?? false
    }
}
