import Foundation

/// Help text laid out for an 80-column terminal.
enum HelpText {
    /// The terminal's width.
    static let width = 80

    /// `  NAME      help`, the help wrapped and aligned at `column`.
    static func row(_ name: String, _ help: String, column: Int) -> String {
        let lead = "  " + name
        let wrapped = wrap(help, width: width - column).split(separator: "\n", omittingEmptySubsequences: false)
        let indent = String(repeating: " ", count: column)
        var lines: [String] = []
        for (index, line) in wrapped.enumerated() {
            if index == 0 {
                lines.append(lead.count + 2 <= column ? lead.padding(toLength: column, withPad: " ", startingAt: 0) + line : lead + "\n" + indent + line)
            } else {
                lines.append(indent + line)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The text's words in lines of at most `width` characters.
    static func wrap(_ text: String, width: Int) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
