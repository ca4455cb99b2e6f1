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
                .connect(title: "Connect"),
            ],
            report: BrainsReport())
    }

    /// Zombie Training shows the interventions; Target Practice gets a checklist so each shot
    /// at the printers is ticked off with its time.
    final class TrainingDelegate: OCKDailyTasksPageViewControllerDelegate {
        func dailyTasksPageViewController(_ viewController: OCKDailyTasksPageViewController, shouldShowTask task: any OCKAnyTask) -> Bool {
            (task as? OCKTask)?.survey == nil
        }

        func dailyTasksPageViewController(_ viewController: OCKDailyTasksPageViewController, viewControllerForTask task: any OCKAnyTask,
                                          events: [OCKAnyEvent], eventQuery: OCKEventQuery) -> (any OCKAnyTaskViewController)? {
            guard task.id == ActivityIdentifier.targetPractice.rawValue else { return nil }
            return OCKChecklistTaskViewController(query: eventQuery, store: viewController.store)
        }
    }

    /// The Symptom Tracker shows the assessments, each with its survey.
    final class SymptomTrackerDelegate: OCKDailyTasksPageViewControllerDelegate {
        func dailyTasksPageViewController(_ viewController: OCKDailyTasksPageViewController, shouldShowTask task: any OCKAnyTask) -> Bool {
            (task as? OCKTask)?.survey != nil
        }

        func dailyTasksPageViewController(_ viewController: OCKDailyTasksPageViewController, viewControllerForTask task: any OCKAnyTask,
                                          events: [OCKAnyEvent], eventQuery: OCKEventQuery) -> (any OCKAnyTaskViewController)? {
            OCKSurveyTaskViewController(query: eventQuery, store: viewController.store)
        }
    }

    /// The tutorial's chart and a few words of advice.
    static let insights = OCKStandardInsights(
        chartTitle: "Zombie Training Plan", chartSubtitle: "Training Compliance and Zombie Risks",
        completionTitle: "Zombie Training", seriesColors: [.darkOrange, .darkGreen, .darkYellow],
        messages: { data, formatter in messages(for: data, formatter: formatter) })

    /// Tips and alerts from a week of data.
    public static func messages(for data: OCKInsightsData, formatter: OCKEventFormatter) -> [OCKInsightMessage] {
        var messages: [OCKInsightMessage] = []
        if let temperature = data.assessments.first(where: { $0.taskID == ActivityIdentifier.temperature.rawValue }),
           let index = temperature.values.lastIndex(where: { $0 != nil }), let value = temperature.values[index], value >= 100.4 {
            messages.append(OCKInsightMessage(
                title: "Fever", text: "Your temperature was \(OCKSurveyQuestion.format(value)) °F on \(formatter.shortDay(data.days[index])). A fever is an early sign of infection: keep your distance and measure again tomorrow.",
                type: .alert))
        }
        if let pulse = data.assessments.first(where: { $0.taskID == ActivityIdentifier.pulse.rawValue }),
           let index = pulse.values.lastIndex(where: { $0 != nil }), let value = pulse.values[index], value < 40 {
            messages.append(OCKInsightMessage(
                title: "Weak pulse", text: "Your pulse was \(Int(value)) bpm on \(formatter.shortDay(data.days[index])). Either you are very fit, or something is wrong.",
                type: .alert))
        }
        let recorded = data.completion.compactMap { $0 }
        if !recorded.isEmpty {
            let mean = recorded.reduce(0, +) / Double(recorded.count)
            if mean < 0.5 {
                messages.append(OCKInsightMessage(
                    title: "Train harder", text: "You completed \(Int((mean * 100).rounded()))% of your training this week. The horde does not skip cardio.",
                    type: .tip))
            }
        }
        return messages
    }

    /// "Re: Your Brains": the tutorial's report to a doctor, followed by the care report.
    struct BrainsReport: OCKReportProvider {
        func document(store: OCKStore, interval: DateInterval, formatter: OCKEventFormatter, recipient: OCKContact?) async throws -> OCKDocument {
            let intro = OCKDocumentElementParagraph(content: "I've been tracking my efforts to avoid becoming a Zombie with ZombieKit. Please check the attached report to see if you're safe around me.")
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
