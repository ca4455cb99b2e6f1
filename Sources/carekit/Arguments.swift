import Foundation

/// A small command-line parser: `--name value`, `--name=value`, flags, and positionals.
struct Arguments {
    var positionals: [String] = []
    var options: [String: String] = [:]
    var flags: Set<String> = []

    /// Parses `arguments`; `flagNames` take no value, `optionNames` take one. Unknown names are
    /// a usage error.
    init(_ arguments: [String], flags flagNames: Set<String>, options optionNames: Set<String>) throws(UsageError) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                positionals += arguments[index...]
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                positionals.append(argument)
                continue
            }
            var name = String(argument.drop(while: { $0 == "-" }))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if name == "h" { name = "help" }
            if name == "o" { name = "output" }
            if flagNames.contains(name) {
                guard inlineValue == nil else { throw UsageError("--\(name) takes no value.") }
                flags.insert(name)
            } else if optionNames.contains(name) {
                if let inlineValue {
                    options[name] = inlineValue
                } else {
                    guard index < arguments.count else { throw UsageError("--\(name) needs a value.") }
                    options[name] = arguments[index]
                    index += 1
                }
            } else {
                throw UsageError("Unknown option \(argument).")
            }
        }
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }
    subscript(option: String) -> String? { options[option] }

    func integer(_ option: String) throws(UsageError) -> Int? {
        guard let text = options[option] else { return nil }
        guard let value = Int(text) else { throw UsageError("--\(option) must be a whole number, not '\(text)'.") }
        return value
    }
}

/// A mistake in how the command was called (exit code 2).
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
