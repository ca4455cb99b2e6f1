import CareKit
import CareKitStore
import CareKitUI
import CareKitWeb
import Foundation

/// ZombieKit's colours, from the tutorial.
extension OCKColor {
    static let darkOrange = OCKColor(hex: "#C2410C") ?? .systemOrange
    static let darkGreen = OCKColor(hex: "#15803D") ?? .systemGreen
    static let darkYellow = OCKColor(hex: "#A16207") ?? .systemYellow
}

/// The tutorial's app: Zombie Training (Care Card), Symptom Tracker, Insights and Connect.
public enum ZombieKitApp {

    /// The app, with its tabs and delegates.
    public static var application: OCKWebApplication {
        OCKWebApplication(
            title: "ZombieKit",
            tintColor: .darkGreen,
            tabs: [
                .careCard(title: "Zombie Training") { TrainingDelegate() },
                .symptomTracker(title: "Symptom Tracker") { SymptomTrackerDelegate() },
                .insights(title: "Insights", provider: insights),
                .connect(title: "Connect")
            ],
            report: BrainsReport())
    }

    /// Zombie Training shows the interventions; Target Practice gets a checklist so each shot
    /// at the printers is ticked off with its time.
    final class TrainingDelegate: OCKDailyTasksPageViewControllerDelegate {
        func dailyTasksPageViewController(_ viewController: OCKDailyTasksPageViewController, shouldShowTask task: any OCKAnyTask) -> Bool {
            (task as? OCKTask)?.survey == nil
        }

        func dailyTasksPageViewController(
            _ viewController: OCKDailyTasksPageViewController, viewControllerForTask task: any OCKAnyTask,
            events: [OCKAnyEvent], eventQuery: OCKEventQuery
        ) -> (any OCKAnyTaskViewController)? {
            guard task.id == ActivityIdentifier.targetPractice.rawValue else { return nil }
            return OCKChecklistTaskViewController(query: eventQuery, store: viewController.store)
        }
    }

    /// The Symptom Tracker shows the assessments, each with its survey.
    final class SymptomTrackerDelegate: OCKDailyTasksPageViewControllerDelegate {
        func dailyTasksPageViewController(_ viewController: OCKDailyTasksPageViewController, shouldShowTask task: any OCKAnyTask) -> Bool {
            (task as? OCKTask)?.survey != nil
        }

        func dailyTasksPageViewController(
            _ viewController: OCKDailyTasksPageViewController, viewControllerForTask task: any OCKAnyTask,
            events: [OCKAnyEvent], eventQuery: OCKEventQuery
        ) -> (any OCKAnyTaskViewController)? {
            OCKSurveyTaskViewController(query: eventQuery, store: viewController.store)
        }
    }

    /// The tutorial's chart and a few words of advice.
    static let insights: OCKStandardInsights = {
        var insights = OCKStandardInsights(
            chartTitle: "Zombie Training Plan", chartSubtitle: "Training Compliance; the Zombie Risks have charts of their own",
            completionTitle: "Zombie Training", seriesColors: [.darkOrange, .darkGreen, .darkYellow],
            messages: { data, formatter in messages(for: data, formatter: formatter) })
        insights.emptyText = "You haven't entered any data, or reports are in process. (Or you're a zombie?)"
        return insights
    }()

    /// Tips and alerts from a week of data: an alert when the last day with a measurement has
    /// a value outside its target range (the values the report flags), a tip when the week's
    /// training is under half done.
    public static func messages(for data: OCKInsightsData, formatter: OCKEventFormatter) -> [OCKInsightMessage] {
        var messages: [OCKInsightMessage] = []
        // Every number of a measurement (a blood pressure's two) is judged.
        for assessment in data.assessments.flatMap({ [$0] + $0.otherParts }) {
            guard let index = assessment.values.lastIndex(where: { $0 != nil }), assessment.outOfRange.indices.contains(index),
                let reading = assessment.outOfRange[index].last
            else { continue }
            messages.append(alert(assessment, reading, day: formatter.shortDay(data.days[index]), formatter: formatter))
        }
        let recorded = data.completion.compactMap { $0 }
        if !recorded.isEmpty {
            let mean = recorded.reduce(0, +) / Double(recorded.count)
            if mean < 0.5 {
                messages.append(
                    OCKInsightMessage(
                        title: "Train harder", text: "You completed \(OCKNumberFormat.percent(mean)) of your training this week. The horde does not skip cardio.",
                        type: .tip))
            }
        }
        return messages
    }

    /// The alert for a value outside its range: a fever, a weak pulse, or what the range says.
    /// It flags the value in the words of the card, the history and the report ("▲ high · target 95–100.3 °F").
    static func alert(_ assessment: OCKInsightsData.Assessment, _ reading: OCKInsightsData.Reading, day: String, formatter: OCKEventFormatter) -> OCKInsightMessage {
        let unit = reading.range.units ?? assessment.unit
        let value = OCKNumberFormat.plain(reading.value) + (unit.map { " \($0)" } ?? "")
        let flag = OCKRangeFlag(position: reading.position, range: reading.range).map { " (" + formatter.flagText($0) + ")" } ?? ""
        let measured = "Your \((assessment.partTitle ?? assessment.title).lowercased()) was \(value) on \(day)\(flag)."
        switch (ActivityIdentifier(rawValue: assessment.taskID), reading.position) {
        case (.temperature?, .above):
            return OCKInsightMessage(title: "Fever", text: measured + " A fever is an early sign of infection: keep your distance and measure again tomorrow.", type: .alert)
        case (.pulse?, .below):
            return OCKInsightMessage(title: "Weak pulse", text: measured + " Either you are very fit, or something is wrong.", type: .alert)
        default:
            let range = OCKNumberFormat.plain(reading.range.lowerBound) + "–" + OCKNumberFormat.plain(reading.range.upperBound) + (unit.map { " \($0)" } ?? "")
            let side = reading.position == .above ? "high" : "low"
            return OCKInsightMessage(
                title: "\(assessment.title) too \(side)", text: measured + " Your target range is \(range): measure again, and call your care team if it stays \(side).", type: .alert)
        }
    }

    /// "Re: Your Brains": the tutorial's report to a doctor, followed by the care report.
    struct BrainsReport: OCKReportProvider {
        func document(store: any OCKAnyStoreProtocol, interval: DateInterval, formatter: OCKEventFormatter, recipient: (any OCKAnyContact)?) async throws -> OCKDocument {
            let intro = OCKDocumentElementParagraph(
                content: "I've been tracking my efforts to avoid becoming a Zombie with ZombieKit. Please check the attached report to see if you're safe around me.")
            var elements: [any OCKDocumentElement] = [intro]
            let data = try await OCKInsightsData.load(store: store, interval: interval, calendar: formatter.calendar)
            elements.append(OCKDocumentElementChart(chart: insights.barChart(data, formatter: formatter)))
            elements += try await OCKCareReport.elements(store: store, interval: interval, formatter: formatter)
            let document = OCKDocument(title: "Re: Your Brains", elements: elements)
            document.pageHeader = "ZombieKit: Weekly Report"
            document.author = "A ZombieKit survivor"
            return document
        }
    }
}
