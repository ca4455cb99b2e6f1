import CareKitStore
import CareKitUI
import Foundation

extension OCKTask {
    /// The key of `userInfo` under which a task's survey is stored (as JSON).
    public static let surveyUserInfoKey = "ock.survey"

    /// The survey that records this task's outcomes, if it is an assessment. Stored in
    /// `userInfo` so it travels with the task through the store, sync and export.
    public var survey: OCKSurvey? {
        get {
            guard let json = userInfo?[Self.surveyUserInfoKey] else { return nil }
            return try? JSONDecoder().decode(OCKSurvey.self, from: Data(json.utf8))
        }
        set {
            var info = userInfo ?? [:]
            // Sorted keys: the same survey is always the same text (exports, sync, hashes).
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            if let newValue, let data = try? encoder.encode(newValue) {
                info[Self.surveyUserInfoKey] = String(decoding: data, as: UTF8.self)
            } else {
                info[Self.surveyUserInfoKey] = nil
            }
            userInfo = info.isEmpty ? nil : info
        }
    }
}
