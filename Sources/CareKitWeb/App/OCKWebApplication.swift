import CareKit
import CareKitHTTP
import CareKitStore
import CareKitUI
import Foundation

/// A care app for the browser: a title, a tint, and tabs (Care Card, Symptom Tracker,
/// Insights, Connect, or your own). `CareKitWebServer` serves it.
public struct OCKWebApplication: Sendable {
    /// The app's name, shown in the header and the window title.
    public var title: String
    /// The tint of buttons, rings and links.
    public var tintColor: OCKColor?
    /// The tabs, in order; the first is the home page.
    public var tabs: [OCKWebTab]
    /// What a care team receives from "Send report" (nil: no report button).
    public var report: (any OCKReportProvider)?

    public init(title: String, tintColor: OCKColor? = nil, tabs: [OCKWebTab], report: (any OCKReportProvider)? = nil) {
        self.title = title
        self.tintColor = tintColor
        self.tabs = tabs
        self.report = report
    }

    /// The four modules of a CareKit app with their default cards.
    public static func standard(title: String = "CareKit") -> OCKWebApplication {
        OCKWebApplication(
            title: title,
            tabs: [
                .careCard(), .symptomTracker(), .insights(), .connect()
            ], report: OCKStandardReport())
    }
}
