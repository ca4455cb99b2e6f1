import CareKitStore
import CareKitUI
import Foundation

/// A synchronized assessment card (the Symptom Tracker's card).
open class OCKSurveyTaskViewController: OCKTaskViewController<OCKSurveyTaskViewSynchronizer>, @unchecked Sendable {
    /// Records answers for the first event: they replace any recorded before.
    open func record(answers: [String: [String]], now: Date = Date()) async throws {
        guard let event = viewModel.firstEvent else {
            throw OCKStoreError.invalidValue(reason: "The card has no event to record answers for.")
        }
        guard let survey = (event.task as? OCKTask)?.survey else {
            throw OCKStoreError.invalidValue(reason: "Task '\(event.task.id)' has no survey.")
        }
        let values = try survey.outcomeValues(answers: answers, createdDate: now)
        try await store.replaceOutcomeValues(values, for: event, now: now)
    }
}
