import CareKit
import CareKitHTTP
import Foundation

extension CareKitWebServer {
    /// The report as PDF (Cairo and Pango; see `OCKDocument.pdfData()`).
    static func pdf(of document: OCKDocument) throws -> Data {
        do {
            return try document.pdfData()
        } catch {
            throw HTTPError(status: 500, message: loc("The PDF could not be made: {reason} Choose “View report” for the HTML version.", ["reason": WebErrors.describe(error)]))
        }
    }
}
