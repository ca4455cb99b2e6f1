import Foundation

/// `carekit report`: filled in by the reports.
enum ReportCommand {
    static func report(_ raw: [String], _ context: CommandContext) async throws {
        throw UsageError("report is not available yet.")
    }
}
