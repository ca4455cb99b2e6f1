import Foundation

/// `carekit serve`: filled in by the web app.
enum ServeCommand {
    static func serve(_ raw: [String], _ context: CommandContext) async throws {
        throw UsageError("serve is not available yet.")
    }
}

