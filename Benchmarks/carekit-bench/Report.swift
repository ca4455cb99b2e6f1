import Foundation

/// What a row must reach to meet its target.
enum Target: Sendable {
    /// No target: the row is reported for information.
    case none
    /// value ÷ baseline must be at least this (throughputs).
    case ratioAtLeast(Double)
    /// value ÷ baseline must be at most this (times).
    case ratioAtMost(Double)
    /// The value itself must be below this many seconds.
    case valueBelow(seconds: Double)
    /// The value (a count) must be at most this.
    case countAtMost(Double)

    var text: String {
        switch self {
        case .none: return "—"
        case .ratioAtLeast(let ratio): return "ratio ≥ \(Format.ratio(ratio))"
        case .ratioAtMost(let ratio): return "ratio ≤ \(Format.ratio(ratio))"
        case .valueBelow(let seconds): return "< \(Format.duration(seconds))"
        case .countAtMost(let count): return "≤ \(Format.grouped(count))"
        }
    }
}

/// One line of the table.
struct Row: Sendable {
    /// "1", "2a", …
    var id: String
    var measurement: String
    var value: Figure?
    var baseline: Figure?
    var target: Target = .none
    /// Printed instead of the value when there is none ("n/a — …").
    var missing: String?

    var ratio: Double? {
        guard let value, let baseline, baseline.median != 0 else { return nil }
        return value.median / baseline.median
    }

    /// Whether the target is met; nil when there is no target or nothing was measured.
    var met: Bool? {
        switch target {
        case .none: return nil
        case .ratioAtLeast(let bound): return ratio.map { $0 >= bound }
        case .ratioAtMost(let bound): return ratio.map { $0 <= bound }
        case .valueBelow(let seconds): return value.map { $0.median < seconds }
        case .countAtMost(let count): return value.map { $0.median <= count }
        }
    }

    var cells: [String] {
        let valueText = missing ?? value.map(Format.figure) ?? "—"
        let metText: String
        switch met {
        case .some(true): metText = "yes"
        case .some(false): metText = "NO"
        case .none: metText = "—"
        }
        return [id, measurement, valueText, baseline.map(Format.figure) ?? "—", ratio.map(Format.ratio) ?? "—", target.text, metText]
    }
}

/// A titled group of rows and the explanation of their baselines.
struct Section: Sendable {
    var part: Int
    var rows: [Row]
    /// What the baseline is, exactly.
    var baselineNote: String
    /// Cores' worth of CPU used by other processes while the part ran.
    var otherLoad: Double?
    var seconds: Double = 0
}

enum Format {
    static func number(_ value: Double, digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    static func grouped(_ value: Double) -> String {
        let integer = Int(value.rounded())
        let digits = String(abs(integer))
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return (integer < 0 ? "-" : "") + out
    }

    /// Three significant digits in the best unit: "812 µs", "1.23 ms", "4.56 s".
    static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "—" }
        let (value, unit): (Double, String)
        switch abs(seconds) {
        case ..<1e-6: (value, unit) = (seconds * 1e9, "ns")
        case ..<1e-3: (value, unit) = (seconds * 1e6, "µs")
        case ..<1: (value, unit) = (seconds * 1e3, "ms")
        default: (value, unit) = (seconds, "s")
        }
        return significant(value) + " " + unit
    }

    static func significant(_ value: Double) -> String {
        switch abs(value) {
        case ..<10: return number(value, digits: 2)
        case ..<100: return number(value, digits: 1)
        default: return number(value, digits: 0)
        }
    }

    static func amount(_ value: Double, unit: FigureUnit) -> String {
        switch unit {
        case .seconds: return duration(value)
        case .rate(let label), .count(let label): return grouped(value) + " " + label
        case .bytes: return number(value / 1_048_576, digits: 1) + " MiB"
        }
    }

    /// "1.23 ms [1.20–1.31]", the range being the fastest and slowest run.
    static func figure(_ figure: Figure) -> String {
        let main = amount(figure.median, unit: figure.unit)
        guard figure.runs > 1 else { return main }
        let low: String, high: String
        switch figure.unit {
        case .seconds:
            low = duration(figure.min)
            high = duration(figure.max)
        case .rate, .count:
            low = grouped(figure.min)
            high = grouped(figure.max)
        case .bytes:
            low = number(figure.min / 1_048_576, digits: 1)
            high = number(figure.max / 1_048_576, digits: 1)
        }
        return "\(main) [\(low) – \(high)]"
    }

    static func ratio(_ ratio: Double) -> String {
        ratio >= 100 ? number(ratio, digits: 0) + "×" : ratio >= 10 ? number(ratio, digits: 1) + "×" : number(ratio, digits: 2) + "×"
    }
}

/// Prints the sections as one table, aligned text or Markdown.
struct Report {
    var machine: MachineInfo
    var sections: [Section]
    var mode: String

    static let header = ["#", "measurement", "value [min – max]", "baseline [min – max]", "ratio", "target", "met?"]

    var allRows: [Row] { sections.flatMap(\.rows) }

    func text() -> String {
        var lines: [String] = []
        lines.append("CareKit for Swift on Linux — carekit-bench (\(mode))")
        lines.append(contentsOf: machine.lines)
        lines.append("")
        let rows = [Self.header] + allRows.map(\.cells)
        var widths = Array(repeating: 0, count: Self.header.count)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
        lines.append(line(rows[0]))
        lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
        for row in rows.dropFirst() { lines.append(line(row)) }
        lines.append("")
        lines.append(contentsOf: footnotes())
        return lines.joined(separator: "\n")
    }

    func markdown() -> String {
        var lines: [String] = []
        lines.append("CareKit for Swift on Linux — carekit-bench (\(mode))")
        lines.append("")
        lines.append(contentsOf: machine.lines.map { "* " + $0 })
        lines.append("")
        lines.append("| " + Self.header.joined(separator: " | ") + " |")
        lines.append("|" + Self.header.map { _ in "---" }.joined(separator: "|") + "|")
        for row in allRows {
            lines.append("| " + row.cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |")
        }
        lines.append("")
        lines.append(contentsOf: footnotes().map { $0.isEmpty ? $0 : "* " + $0 })
        return lines.joined(separator: "\n")
    }

    private func footnotes() -> [String] {
        var lines = ["Value and baseline: median of the measured runs, [fastest – slowest run]; ratio = value ÷ baseline (medians)."]
        for section in sections {
            var note = "Part \(section.part) baseline: \(section.baselineNote)"
            if let load = section.otherLoad {
                note += " (other processes used \(Format.number(load, digits: 2)) cores during this part; it took \(Format.duration(section.seconds)))"
            }
            lines.append(note)
        }
        return lines
    }
}
