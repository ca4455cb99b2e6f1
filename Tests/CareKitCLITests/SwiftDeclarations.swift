import Foundation

/// The names the Swift files of a folder declare, read from their text (comments and string
/// literals left out): types (declared or extended), and members with the argument labels of
/// functions, initializers and enum cases. Enough to tell whether a name a document gives,
/// such as `OCKStore.fetchOutcomeHistory` or `savePatient(_:now:timeZone:)`, is there.
struct SwiftDeclarations {
    /// A parameter of a declaration: its argument label (`_` for none) and whether it has a
    /// default value, so that a call may leave it out.
    struct Parameter: Hashable {
        var label: String
        var hasDefault: Bool
    }

    /// A member: its name and, for a function, an initializer or a case with associated
    /// values, its parameters.
    struct Member: Hashable {
        var name: String
        var parameters: [Parameter]?
    }

    /// For each file: the types it declares or extends, and the members it declares.
    private var files: [(types: Set<String>, members: [Member])] = []
    /// The types declared (not only extended) anywhere.
    private(set) var declaredTypes: Set<String> = []

    /// Reads every `.swift` file under `folders`.
    init(folders: [URL]) throws {
        for folder in folders {
            let found = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
            while let url = found?.nextObject() as? URL {
                guard url.pathExtension == "swift" else { continue }
                read(try String(contentsOf: url, encoding: .utf8))
            }
        }
    }

    /// Whether `name` is a type declared or extended somewhere.
    func hasType(_ name: String) -> Bool {
        files.contains { $0.types.contains(name) }
    }

    /// Whether a member `name` is declared, in a file that declares or extends `type` when one
    /// is given, and callable with exactly `labels` when they are given (parameters with
    /// default values may be left out).
    func hasMember(_ name: String, labels: [String]?, in type: String?) -> Bool {
        files.contains { file in
            guard type.map(file.types.contains) ?? true else { return false }
            return file.members.contains { member in
                guard member.name == name else { return false }
                guard let labels else { return true }
                return member.parameters.map { Self.call(labels, fits: $0) } ?? false
            }
        }
    }

    /// Whether a call with `labels` fits `parameters`, leaving out only defaulted ones.
    static func call(_ labels: [String], fits parameters: [Parameter]) -> Bool {
        var rest = labels[...]
        for parameter in parameters {
            if rest.first == parameter.label {
                rest = rest.dropFirst()
            } else if !parameter.hasDefault {
                return false
            }
        }
        return rest.isEmpty
    }

    // MARK: Reading a file

    private static let typeKeywords: Set<String> = ["class", "struct", "enum", "protocol", "actor", "extension", "typealias", "associatedtype"]
    /// What may follow `class` in a member's declaration (`class func`, `class override var`).
    private static let modifiers: Set<String> = ["func", "var", "let", "override", "final", "open", "public", "static", "init", "subscript"]

    private mutating func read(_ text: String) {
        let tokens = Self.tokens(of: text)
        var types: Set<String> = [], members: [Member] = []
        var index = 0
        func next(_ offset: Int = 1) -> String { index + offset < tokens.count ? tokens[index + offset] : "" }
        while index < tokens.count {
            let token = tokens[index]
            let previous = index > 0 ? tokens[index - 1] : ""
            if Self.typeKeywords.contains(token), Self.isIdentifier(next()), !Self.modifiers.contains(next()) {
                types.insert(next())
                if token != "extension" {
                    declaredTypes.insert(next())
                    members.append(Member(name: next(), parameters: nil))
                }
            } else if token == "func", Self.isIdentifier(next()) {
                members.append(Member(name: next(), parameters: Self.parameters(tokens, after: index + 2)))
            } else if token == "init", previous != "." {
                let open = ["?", "!"].contains(next()) ? index + 2 : index + 1
                members.append(Member(name: "init", parameters: Self.parameters(tokens, after: open)))
            } else if token == "var" || token == "let", Self.isIdentifier(next()) {
                members.append(Member(name: next(), parameters: nil))
            } else if token == "case" {
                members += Self.enumCases(tokens, after: index + 1)
            }
            index += 1
        }
        files.append((types, members))
    }

    /// The cases of an enum case declaration (`case a, b(x: Int), c = 3`); none for a `case`
    /// of a `switch` (`case .a:`, `case let x:`, `case a, b:`).
    private static func enumCases(_ tokens: [String], after start: Int) -> [Member] {
        var cases: [Member] = [], index = start
        func token(_ at: Int) -> String { at < tokens.count ? tokens[at] : "" }
        while isIdentifier(token(index)), !["let", "var", "_"].contains(token(index)) {
            let name = token(index)
            index += 1
            if token(index) == ":" { return [] }
            let parameters = parameters(tokens, after: index)
            if parameters != nil {
                var depth = 0
                repeat {
                    if token(index) == "(" { depth += 1 }
                    if token(index) == ")" { depth -= 1 }
                    index += 1
                } while index < tokens.count && depth > 0
            }
            cases.append(Member(name: name, parameters: parameters))
            // A raw value (its literal is not a token when it is a string).
            if token(index) == "=" { index += token(index + 1) == "," ? 1 : 2 }
            guard token(index) == "," else { break }
            index += 1
        }
        return cases
    }

    /// The parameters of the clause that opens at `start` (after any generic parameters), or
    /// nil when none opens there.
    private static func parameters(_ tokens: [String], after start: Int) -> [Parameter]? {
        var index = start
        if index < tokens.count, tokens[index] == "<" {
            var depth = 0
            repeat {
                if tokens[index] == "<" { depth += 1 }
                if tokens[index] == ">" { depth -= 1 }
                index += 1
            } while index < tokens.count && depth > 0
        }
        guard index < tokens.count, tokens[index] == "(" else { return nil }
        var parameters: [Parameter] = [], current: [String] = [], depth = 0
        index += 1
        while index < tokens.count {
            let token = tokens[index]
            if ["(", "[", "{", "<"].contains(token) { depth += 1 }
            if [")", "]", "}", ">"].contains(token) { depth -= 1 }
            if depth < 0 || (depth == 0 && token == ",") {
                if !current.isEmpty { parameters.append(parameter(current)) }
                current = []
                if depth < 0 { break }
            } else {
                current.append(token)
            }
            index += 1
        }
        return parameters
    }

    /// A parameter from its tokens: `label name: Type = default`, `name: Type`, or `Type` (an
    /// associated value without a label).
    private static func parameter(_ tokens: [String]) -> Parameter {
        guard let colon = tokens.firstIndex(of: ":") else { return Parameter(label: "_", hasDefault: false) }
        return Parameter(label: tokens[0], hasDefault: tokens[colon...].contains("="))
    }

    static func isIdentifier(_ token: String) -> Bool {
        guard let first = token.unicodeScalars.first else { return false }
        return first == "_" || CharacterSet.letters.contains(first)
    }

    /// The identifiers and punctuation of Swift source, without comments and string
    /// literals; `->` is one token, so that `>` only closes generic brackets.
    static func tokens(of text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        var tokens: [String] = [], index = 0
        func at(_ offset: Int) -> Unicode.Scalar? { index + offset < scalars.count ? scalars[index + offset] : nil }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "/", at(1) == "/" {
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
            } else if scalar == "/", at(1) == "*" {
                index += 2
                while index < scalars.count, !(scalars[index] == "*" && at(1) == "/") { index += 1 }
                index += 2
            } else if scalar == "\"" {
                let triple = at(1) == "\"" && at(2) == "\""
                index += triple ? 3 : 1
                while index < scalars.count {
                    if scalars[index] == "\\" {
                        index += 2
                    } else if scalars[index] == "\"", !triple || (at(1) == "\"" && at(2) == "\"") {
                        index += triple ? 3 : 1
                        break
                    } else {
                        index += 1
                    }
                }
            } else if scalar == "_" || CharacterSet.alphanumerics.contains(scalar) || scalar == "`" {
                var word = ""
                while let next = at(0), next == "_" || next == "`" || CharacterSet.alphanumerics.contains(next) {
                    if next != "`" { word.unicodeScalars.append(next) }
                    index += 1
                }
                tokens.append(word)
            } else if scalar == "-", at(1) == ">" {
                tokens.append("->")
                index += 2
            } else {
                if !CharacterSet.whitespacesAndNewlines.contains(scalar) { tokens.append(String(scalar)) }
                index += 1
            }
        }
        return tokens
    }
}
