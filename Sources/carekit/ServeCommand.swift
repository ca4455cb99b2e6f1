import Foundation

/// `carekit serve`: filled in by the web app.
enum ServeCommand {
    static func serve(_ raw: [String], _ context: CommandContext) async throws {
        throw UsageError("serve is not available yet.")
    }
}

/// `carekit report`: filled in by the reports.
enum ReportCommand {
    static func report(_ raw: [String], _ context: CommandContext) async throws {
        throw UsageError("report is not available yet.")
    }
}
