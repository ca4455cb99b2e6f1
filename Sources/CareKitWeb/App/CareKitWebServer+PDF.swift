import CareKit
import Foundation

extension CareKitWebServer {
    /// The report as PDF.
    static func pdf(of document: OCKDocument) throws -> Data {
        throw HTTPError(status: 501, message: "PDF reports are not available in this build yet; choose “View report”.")
    }
}
