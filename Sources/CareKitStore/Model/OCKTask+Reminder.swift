import Foundation

extension OCKTask {
    /// The `userInfo` key that keeps a task's reminder (synchronized with the task, and kept by
    /// Apple's CareKit, which stores `userInfo` as it is).
    public static let reminderUserInfoKey = "carekit.reminder.minutesBefore"

    /// Remind the patient this many minutes before each event starts (0: at its start); nil for
    /// no reminder. Values outside 0…10,080 (a week) are not kept.
    public var reminderMinutesBefore: Int? {
        get {
            guard let text = userInfo?[Self.reminderUserInfoKey], let minutes = Int(text), (0...10_080).contains(minutes) else { return nil }
            return minutes
        }
        set {
            if let newValue, (0...10_080).contains(newValue) {
                userInfo = (userInfo ?? [:]).merging([Self.reminderUserInfoKey: String(newValue)]) { _, new in new }
            } else {
                userInfo?[Self.reminderUserInfoKey] = nil
                if userInfo?.isEmpty == true { userInfo = nil }
            }
        }
    }
}
