import CareKitUI
import Foundation

/// Views in known states, shared by golden, escaping and browser-facing tests.
enum Fixtures {
    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        calendar.firstWeekday = 1
        return calendar
    }

    /// Wednesday, 6 March 2024, 12:00 UTC.
    static let wednesday = Date(timeIntervalSince1970: 1_709_726_400)

    static let completeAction = OCKFormAction(
        method: .post, url: "/events/doxylamine%230/complete", fields: ["csrf": "t0k3n", "occurrence": "0"])

    static func instructions() -> OCKInstructionsTaskView {
        let taskView = OCKInstructionsTaskView()
        taskView.headerView.titleLabel.text = "Doxylamine"
        taskView.headerView.detailLabel.text = "7:30 AM to 8:30 AM"
        taskView.instructionsLabel.text = "Take the tablet with a full glass of water."
        taskView.completionButton.isSelected = false
        taskView.completionButton.label.text = "Mark as Completed"
        return taskView
    }

    static func simple(selected: Bool) -> OCKSimpleTaskView {
        let view = OCKSimpleTaskView()
        view.headerView.titleLabel.text = "Stretch"
        view.headerView.detailLabel.text = "Anytime"
        view.completionButton.isSelected = selected
        return view
    }

    static func checklist() -> OCKChecklistTaskView {
        let view = OCKChecklistTaskView()
        view.headerView.titleLabel.text = "Ibuprofen"
        view.headerView.detailLabel.text = "3 times a day"
        for (index, time) in ["8:00 AM", "12:00 PM", "6:00 PM"].enumerated() {
            let item = view.appendItem(withTitle: time)
            item.isSelected = index == 0
            item.action = OCKFormAction(url: "/events/ibuprofen/\(index)", fields: ["csrf": "t0k3n"])
        }
        view.instructionsLabel.text = "Take with food."
        return view
    }

    static func grid() -> OCKGridTaskView {
        let view = OCKGridTaskView()
        view.headerView.titleLabel.text = "Hydration"
        for (index, time) in ["8 AM", "10 AM", "12 PM", "2 PM"].enumerated() {
            view.appendItem(withTitle: time).isSelected = index < 2
        }
        view.instructionsLabel.text = "A glass every two hours."
        return view
    }

    static func buttonLog() -> OCKButtonLogTaskView {
        let view = OCKButtonLogTaskView()
        view.headerView.titleLabel.text = "Nausea"
        view.headerView.detailLabel.text = "Anytime"
        view.instructionsLabel.text = "Tap the button whenever you feel nauseous."
        view.logButton.action = OCKFormAction(url: "/tasks/nausea/log", fields: ["csrf": "t0k3n"])
        view.appendItem(withTitle: "8:12 AM", detail: "Mild")
        view.appendItem(withTitle: "3:05 PM", detail: nil)
        return view
    }

    static func numericProgress(complete: Bool) -> OCKNumericProgressTaskView {
        let view = OCKNumericProgressTaskView()
        view.headerView.titleLabel.text = "Steps"
        view.progressLabel.text = complete ? "10,250" : "6,240"
        view.goalLabel.text = "10,000"
        view.isComplete = complete
        view.fractionCompleted = complete ? 1.025 : 0.624
        view.instructionsLabel.text = "Walk after lunch."
        return view
    }

    static func labeledValue(complete: Bool) -> OCKLabeledValueTaskView {
        let view = OCKLabeledValueTaskView()
        view.headerView.titleLabel.text = "Heart rate"
        view.status = complete ? .complete("62", "BPM") : .incomplete("Incomplete")
        return view
    }

    static func links() -> OCKLinkView {
        OCKLinkView(
            title: "Care team", detail: "Reach out",
            links: [
                .website("www.example.com/health", title: "Health resources"),
                .url(URL(string: "https://example.com/video")!, title: "Watch the video", symbol: "heart"),
                .appStore(id: "id1234567", title: "Get the app"),
                .location("37.3349", "-122.009", title: "Clinic & Lab"),
                .call(phoneNumber: "(555) 555-0100", title: "Call"),
                .message(phoneNumber: "+1 555-555-0101", title: "Message"),
                .email(recipient: "care@example.com", title: "E-mail")
            ])
    }

    static func barChart() -> OCKCartesianChartView {
        let chartView = OCKCartesianChartView(type: .bar)
        chartView.headerView.titleLabel.text = "Doxylamine"
        chartView.graphView.dataSeries = [OCKDataSeries(values: [0, 1, 1, 2, 3, 3, 2], title: "Doxylamine")]
        chartView.graphView.horizontalAxisMarkers = ["S", "M", "T", "W", "T", "F", "S"]
        return chartView
    }

    static func simpleContact() -> OCKSimpleContactView {
        let contactView = OCKSimpleContactView()
        contactView.headerView.titleLabel.text = "Lexi Torres"
        contactView.headerView.detailLabel.text = "Family Practice"
        return contactView
    }

    static func detailedContact() -> OCKDetailedContactView {
        let view = OCKDetailedContactView()
        view.headerView.titleLabel.text = "Dr. Matthew Reiff"
        view.headerView.detailLabel.text = "Cardiologist"
        view.instructionsLabel.text = "Call if the pain lasts more than five minutes."
        view.callButton.destination = "(555) 555-0150"
        view.messageButton.destination = "555.555.0151"
        view.emailButton.destination = "m.reiff@example.com"
        view.addressButton.detailLabel.text = "1 Infinite Loop\nCupertino, CA 95014"
        return view
    }

    static func week() -> OCKWeekCalendarView {
        let week = OCKWeekCalendarView(weekOfDate: wednesday, calendar: calendar)
        let states: [OCKCompletionState] = [.progress(1), .progress(0.5), .zero, .progress(0.25), .dimmed, .dimmed, .empty]
        for (index, button) in week.completionRingButtons.enumerated() {
            button.ring.state = states[index]
            button.action = OCKFormAction(method: .get, url: "/care", fields: ["date": "2024-03-0\(3 + index)"])
        }
        week.selectDate(wednesday)
        week.markToday(wednesday)
        return week
    }
}

struct CustomColors: OCKColorStyler {
    var separator: UIColor { .black }
}

struct CustomStyle: OCKStyler {
    var color: OCKColorStyler { CustomColors() }
}

struct OrangeColors: OCKColorStyler {
    var customBlue: UIColor { OCKColor(hex: 0xB34700) }
}

struct OrangeStyle: OCKStyler {
    var color: OCKColorStyler { OrangeColors() }
}

struct RoundStyle: OCKStyler {
    struct Appearance: OCKAppearanceStyler {
        var cornerRadius1: Double { 24 }
    }
    var appearance: OCKAppearanceStyler { Appearance() }
}
