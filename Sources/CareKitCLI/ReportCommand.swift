import CareKit
import CareKitArguments
import CareKitStore
import Foundation

/// `carekit report`: the ready-made care report for a range of days, as PDF or HTML.
enum ReportCommand {
    static let from = Option("from", value: "YYYY-MM-DD", loc.key("The first day of the report (local time). By default the last 7 days, ending today; --from alone runs 7 days from it."))
    static let to = Option("to", value: "YYYY-MM-DD", loc.key("The last day of the report; --to alone ends the 7 days on it."))
    static let format = Option("format", value: "pdf|html", loc.key("pdf (the default) or html (a standalone, print-friendly page). Without it, an -o FILE ending in .html or .htm writes HTML."))
    static let output = Option(
        "output", short: "o", value: "FILE",
        loc.key("Where to write (created private to you, 0600); by default carekit-report-FROM-TO.pdf (or .html) in the current folder. \"-\" writes to standard output."))
    static let title = Option("title", value: "T", loc.key("The report's title (default \"Care report\")."))
    static let paper = Option("paper", value: "a4|letter", loc.key("The paper size: a4 (the default) or letter."))

    static let command = Command(
        CommandSpec(
            "report", loc.key("The care report for a care team: per task the completion per day, the assessment values with their units, the adherence chart, and the patient's name."),
            options: [from, to, format, output, title, paper, .units, .timezone, .store]), run: report)

    /// The longest report: ten years of days (the care report's own limit).
    static let maximumDays = 3_660

    static func report(_ arguments: Arguments, _ context: CommandContext) async throws {
        let calendar = context.calendar
        let (from, to) = try range(arguments, context)
        let format = try outputFormat(arguments)
        let paper = try paperSize(arguments)
        let title = arguments[Self.title] ?? loc("Care report")
        guard !title.allSatisfy(\.isWhitespace) else { throw UsageError(loc("--title must not be empty.")) }

        let store = try context.openStore(arguments)
        let interval = DateInterval.ockDays(from: from, through: to, calendar: calendar)
        let formatter = OCKEventFormatter(calendar: calendar, locale: OCKLocalization.language.locale)
        let document = try await OCKCareReport.document(store: store, interval: interval, formatter: formatter, title: title)
        document.paperSize = paper

        let data: Data
        switch format {
        case .pdf: data = try document.pdfData(creationDate: context.now)
        case .html: data = Data(document.htmlContent.utf8)
        }
        let output = arguments[Self.output] ?? "carekit-report-\(Format.day(from, context))-\(Format.day(to, context)).\(format.rawValue)"
        if output == "-" {
            context.write(data)
            return
        }
        try OutputFile.write(data, to: output)
        let days = OCKAdherence.days(in: interval, calendar: calendar).count
        let filled: KeyValuePairs<String, String> = ["from": Format.day(from, context), "to": Format.day(to, context), "path": output]
        context.output(
            format == .pdf
                ? loc("Wrote the PDF report for {from} to {to} ({count} days) to {path}.", count: days, filled)
                : loc("Wrote the HTML report for {from} to {to} ({count} days) to {path}.", count: days, filled))
    }

    enum OutputFormat: String {
        case pdf, html
    }

    /// The first and last day (start of day, local), from the options or the last 7 days.
    static func range(_ arguments: Arguments, _ context: CommandContext) throws -> (from: Date, to: Date) {
        let calendar = context.calendar
        let from = try arguments[Self.from].map { try context.parseDay($0, option: "from") }
        let to = try arguments[Self.to].map { try context.parseDay($0, option: "to") }
        let week = { (day: Date, offset: Int) throws -> Date in
            guard let date = calendar.date(byAdding: .day, value: offset, to: day) else { throw UsageError(loc("The date is out of range.")) }
            return date
        }
        let first: Date, last: Date
        switch (from, to) {
        case let (from?, to?): (first, last) = (from, to)
        case let (from?, nil): (first, last) = (from, try week(from, 6))
        case let (nil, to?): (first, last) = (try week(to, -6), to)
        case (nil, nil):
            let today = calendar.startOfDay(for: context.now)
            (first, last) = (try week(today, -6), today)
        }
        guard first <= last else {
            throw UsageError(loc("--from ({from}) must not be after --to ({to}).", ["from": Format.day(first, context), "to": Format.day(last, context)]))
        }
        let days = (calendar.dateComponents([.day], from: first, to: last).day ?? 0) + 1
        guard days <= maximumDays else {
            throw UsageError(loc("The report covers {count} days; at most {maximum} are allowed.", count: days, ["maximum": Format.digits(maximumDays)]))
        }
        return (first, last)
    }

    static func outputFormat(_ arguments: Arguments) throws -> OutputFormat {
        if let text = arguments[Self.format] {
            guard let format = OutputFormat(rawValue: text.lowercased()) else {
                throw UsageError(loc("--format must be pdf or html, not '{value}'.", ["value": text]))
            }
            return format
        }
        let output = arguments[Self.output]?.lowercased() ?? ""
        return output.hasSuffix(".html") || output.hasSuffix(".htm") ? .html : .pdf
    }

    static func paperSize(_ arguments: Arguments) throws -> OCKDocument.PaperSize {
        switch arguments[Self.paper]?.lowercased() {
        case nil, "a4": return .a4
        case "letter": return .letter
        case let other?: throw UsageError(loc("--paper must be a4 or letter, not '{value}'.", ["value": other]))
        }
    }
}
