import CareKitUI
import Foundation

extension OCKCatalog {
    // MARK: Tasks

    static func taskItems() -> [Item] {
        var items: [Item] = []

        let simple = OCKSimpleTaskView()
        simple.headerView.titleLabel.text = "Stretch"
        simple.headerView.detailLabel.text = "Anytime"
        simple.completionButton.action = action("events/stretch-0/complete")
        items.append(Item(caption: "OCKSimpleTaskView — to do", view: simple))

        let simpleDone = OCKSimpleTaskView()
        simpleDone.headerView.titleLabel.text = "Vitamin D"
        simpleDone.headerView.detailLabel.text = "With breakfast"
        simpleDone.completionButton.isSelected = true
        simpleDone.completionButton.action = action("events/vitamin-d-0/uncomplete")
        items.append(Item(caption: "OCKSimpleTaskView — completed", view: simpleDone))

        let instructions = OCKInstructionsTaskView()
        instructions.headerView.titleLabel.text = "Doxylamine"
        instructions.headerView.detailLabel.text = "7:30 AM to 8:30 AM"
        instructions.instructionsLabel.text = "Take the tablet with a full glass of water."
        instructions.completionButton.isSelected = false
        instructions.completionButton.label.text = "Mark as Completed"
        instructions.completionButton.action = action("events/doxylamine-0/complete")
        items.append(Item(caption: "OCKInstructionsTaskView — to do (the README sample)", view: instructions))

        let instructionsDone = OCKInstructionsTaskView()
        instructionsDone.headerView.titleLabel.text = "Nausea check-in"
        instructionsDone.headerView.detailLabel.text = "Anytime"
        instructionsDone.instructionsLabel.text = "Tap when you have rated your nausea for today."
        instructionsDone.completionButton.isSelected = true
        instructionsDone.completionButton.label.text = "Completed"
        instructionsDone.completionButton.action = action("events/nausea-0/uncomplete")
        items.append(Item(caption: "OCKInstructionsTaskView — completed", view: instructionsDone))

        let checklist = OCKChecklistTaskView()
        checklist.headerView.titleLabel.text = "Ibuprofen"
        checklist.headerView.detailLabel.text = "3 times a day"
        for (index, time) in ["8:00 AM", "12:00 PM", "6:00 PM"].enumerated() {
            let item = checklist.appendItem(withTitle: time)
            item.isSelected = index == 0
            item.action = action("events/ibuprofen-\(index)/" + (index == 0 ? "uncomplete" : "complete"))
        }
        checklist.instructionsLabel.text = "Take with food. Skip a dose rather than doubling up."
        items.append(Item(caption: "OCKChecklistTaskView — one row per event", view: checklist))

        let grid = OCKGridTaskView()
        grid.headerView.titleLabel.text = "Hydration"
        grid.headerView.detailLabel.text = "6 glasses"
        for (index, time) in ["8 AM", "10 AM", "12 PM", "2 PM", "4 PM", "6 PM"].enumerated() {
            let item = grid.appendItem(withTitle: time)
            item.isSelected = index < 2
            item.action = action("events/water-\(index)/toggle")
            // As an app marks events by their timing (CareKit's synchronizers do it from the clock).
            if index == 2 { (item.additionalClasses, item.statusLabel.text) = (["ock-overdue"], "Overdue") }
            if index == 3 { (item.additionalClasses, item.statusLabel.text) = (["ock-due-now"], "Due now") }
        }
        grid.instructionsLabel.text = "A glass of water every two hours."
        items.append(Item(caption: "OCKGridTaskView — two of six done, one overdue, one due now", view: grid))

        let log = OCKButtonLogTaskView()
        log.headerView.titleLabel.text = "Nausea"
        log.headerView.detailLabel.text = "Anytime"
        log.instructionsLabel.text = "Tap the button below whenever you feel nauseous."
        log.logButton.action = action("tasks/nausea/log")
        for (time, detail) in [("8:12 AM", "Mild"), ("11:47 AM", "Moderate"), ("3:05 PM", "Mild")] {
            log.appendItem(withTitle: time, detail: detail)
        }
        items.append(Item(caption: "OCKButtonLogTaskView — three entries", view: log))

        let steps = OCKNumericProgressTaskView()
        steps.headerView.titleLabel.text = "Steps"
        steps.headerView.detailLabel.text = "Today"
        steps.progressLabel.text = "6,240"
        steps.goalLabel.text = "10,000"
        steps.fractionCompleted = 0.624
        steps.instructionsLabel.text = "A short walk after lunch gets you most of the way."
        items.append(Item(caption: "OCKNumericProgressTaskView — in progress", view: steps))

        let sleep = OCKNumericProgressTaskView()
        sleep.headerView.titleLabel.text = "Sleep"
        sleep.headerView.detailLabel.text = "Last night"
        sleep.progressLabel.text = "8.2 h"
        sleep.goalLabel.text = "8 h"
        sleep.isComplete = true
        sleep.fractionCompleted = 1
        items.append(Item(caption: "OCKNumericProgressTaskView — goal met", view: sleep))

        let heartRate = OCKLabeledValueTaskView()
        heartRate.headerView.titleLabel.text = "Resting heart rate"
        heartRate.headerView.detailLabel.text = "This morning"
        heartRate.status = .complete("62", "BPM")
        items.append(Item(caption: "OCKLabeledValueTaskView — complete", view: heartRate))

        let temperature = OCKLabeledValueTaskView()
        temperature.headerView.titleLabel.text = "Temperature"
        temperature.headerView.detailLabel.text = "Before bed"
        temperature.status = .incomplete("Not measured yet")
        items.append(Item(caption: "OCKLabeledValueTaskView — incomplete", view: temperature))

        let links = OCKLinkView(
            title: "Care team", detail: "Reach out any time",
            links: [
                .website("www.apple.com/health", title: "Health resources"),
                .call(phoneNumber: "(555) 555-0100", title: "Call the clinic"),
                .message(phoneNumber: "+1 555-555-0101", title: "Text the nurse line"),
                .email(recipient: "care@example.com", title: "E-mail your care team"),
                .location("37.3349", "-122.009", title: "Apple Park Clinic")
            ])
        links.instructionsLabel.text = "For emergencies, call your local emergency number."
        items.append(Item(caption: "OCKLinkView — website, call, message, e-mail, location", view: links))

        let featured = OCKFeaturedContentView(imageURL: illustration, title: "Eating well after surgery", url: "/catalog/articles/eating-well")
        featured.imageView.loadsLazily = false
        items.append(Item(caption: "OCKFeaturedContentView — image, title, link", view: featured))

        let detail = OCKDetailView(
            title: "Doxylamine",
            body:
                "Doxylamine is an antihistamine that helps with nausea and sleep.\n\nTake one tablet at bedtime with a full glass of water. Do not drive or operate machinery after taking it.\n\nCall your care team if you feel dizzy for more than a day.",
            image: OCKImage(url: illustration))
        detail.imageView.loadsLazily = false
        items.append(Item(caption: "OCKDetailView — image, title, readable instructions", view: detail))

        return items
    }

    // MARK: Calendar and insights

    static func calendarItems() -> [Item] {
        let week = OCKWeekCalendarView(weekOfDate: today, calendar: calendar)
        week.accessibilityLabel = "Week of March 3, 2024"
        let states: [OCKCompletionState] = [.progress(1), .progress(0.5), .zero, .progress(0.25), .dimmed, .dimmed, .empty]
        for (index, button) in week.completionRingButtons.enumerated() {
            button.ring.state = states.indices.contains(index) ? states[index] : .empty
            let day = String(3 + index)
            button.action = OCKFormAction(method: .get, url: "/catalog/care", fields: ["date": "2024-03-0" + day])
        }
        week.selectDate(today)
        week.markToday(today)

        let tip = OCKMessageItem(
            title: "No Insights", text: "You haven't entered any data, or reports are in process. (Or you're a zombie?)",
            tintColor: .systemOrange, messageType: .tip)
        let alert = OCKMessageItem(
            title: "Missed doses", text: "You missed Ibuprofen twice this week. Talk to your care team if it is hard to keep up.",
            tintColor: nil, messageType: .alert)

        return [
            Item(caption: "OCKWeekCalendarView — complete, half, none, quarter, upcoming, no tasks; Wednesday selected", view: week),
            Item(caption: "OCKMessageItem — tip", view: tip),
            Item(caption: "OCKMessageItem — alert", view: alert)
        ]
    }

    // MARK: Charts

    static func chartItems(prefix: String) -> [Item] {
        let days = ["S", "M", "T", "W", "T", "F", "S"]

        let bar = OCKCartesianChartView(type: .bar)
        bar.headerView.titleLabel.text = "Doxylamine"
        bar.headerView.detailLabel.text = "Doses this week"
        bar.graphView.dataSeries = [
            OCKDataSeries(
                values: [0, 1, 1, 2, 3, 3, 2], title: "Doxylamine",
                gradientStartColor: OCKColor(hex: 0x0066CC), gradientEndColor: OCKColor(hex: 0x4DA3FF))
        ]
        bar.graphView.horizontalAxisMarkers = days
        bar.graphView.chartIdentifier = prefix + "-bar"

        let grouped = OCKCartesianChartView(type: .bar)
        grouped.headerView.titleLabel.text = "Zombie Training Plan"
        grouped.headerView.detailLabel.text = "Training compliance and zombie risks"
        grouped.graphView.dataSeries = [
            OCKDataSeries(values: [0.8, 1, 0.6, 1, 0.4, 0.9, 1], title: "Zombie Training"),
            OCKDataSeries(values: [0.5, 0.62, 0.7, 0.55, 0.9, 0.66, 0.58], title: "Temperature"),
            OCKDataSeries(values: [0.3, 0.45, 0.38, 0.6, 0.52, 0.41, 0.35], title: "Pulse")
        ]
        grouped.graphView.horizontalAxisMarkers = ["3/3", "3/4", "3/5", "3/6", "3/7", "3/8", "3/9"]
        grouped.graphView.yMaximum = 1
        grouped.graphView.axisValueFormatter = OCKNumberFormat.percent
        grouped.graphView.chartIdentifier = prefix + "-grouped"

        let line = OCKCartesianChartView(type: .line)
        line.headerView.titleLabel.text = "Weight"
        line.headerView.detailLabel.text = "kg, last 7 days"
        line.graphView.dataSeries = [
            OCKDataSeries(values: [72.4, 72.1, 71.8, 72, 71.5, 71.2, 70.9], title: "Weight", size: 8)
        ]
        line.graphView.horizontalAxisMarkers = days
        line.graphView.chartIdentifier = prefix + "-line"

        let scatter = OCKCartesianChartView(type: .scatter)
        scatter.headerView.titleLabel.text = "Blood pressure"
        scatter.headerView.detailLabel.text = "Systolic and diastolic, mmHg"
        scatter.graphView.dataSeries = [
            OCKDataSeries(values: [118, 122, 125, 119, 130, 121, 117], title: "Systolic", size: 9),
            OCKDataSeries(values: [76, 79, 82, 75, 85, 78, 74], title: "Diastolic", size: 9)
        ]
        scatter.graphView.horizontalAxisMarkers = days
        scatter.graphView.yMinimum = 60
        scatter.graphView.chartIdentifier = prefix + "-scatter"

        let edge = OCKCartesianChartView(type: .bar)
        edge.headerView.titleLabel.text = "Fluid balance"
        edge.headerView.detailLabel.text = "Negative values, and a missing day (NaN)"
        edge.graphView.dataSeries = [
            OCKDataSeries(
                values: [250, -120, .nan, 400, -300, 80, 150], title: "Net intake (ml)",
                gradientStartColor: .systemTeal, gradientEndColor: .systemGreen)
        ]
        edge.graphView.horizontalAxisMarkers = days
        edge.graphView.chartIdentifier = prefix + "-edge"

        let huge = OCKCartesianChartView(type: .line)
        huge.headerView.titleLabel.text = "Viral load"
        huge.headerView.detailLabel.text = "Very large values get compact labels"
        huge.graphView.dataSeries = [
            OCKDataSeries(values: [2.5e9, 8.1e9, 4.2e10, 1.3e11, 6.0e10, 9.8e9, 1.2e9], title: "Copies/ml", size: 8)
        ]
        huge.graphView.horizontalAxisMarkers = days
        huge.graphView.chartIdentifier = prefix + "-huge"

        let empty = OCKCartesianChartView(type: .bar)
        empty.headerView.titleLabel.text = "Pain"
        empty.headerView.detailLabel.text = "No entries yet"
        empty.graphView.dataSeries = [OCKDataSeries(values: [], title: "Pain")]
        empty.graphView.chartIdentifier = prefix + "-empty"

        return [
            Item(caption: "Bar chart with a gradient (the README sample)", view: bar),
            Item(caption: "Grouped bars — three series side by side (the tutorial's Insights)", view: grouped),
            Item(caption: "Line chart with a derived y range", view: line),
            Item(caption: "Scatter chart — two series, y minimum set", view: scatter),
            Item(caption: "Negative values and a NaN gap", view: edge),
            Item(caption: "Huge values", view: huge),
            Item(caption: "Empty series", view: empty)
        ]
    }

    // MARK: Contacts

    static func contactItems() -> [Item] {
        let simple = OCKSimpleContactView()
        simple.headerView.titleLabel.text = "Lexi Torres"
        simple.headerView.detailLabel.text = "Family Practice"
        simple.headerView.disclosureURL = "/catalog/contacts/lexi-torres"

        let detailed = OCKDetailedContactView()
        detailed.headerView.titleLabel.text = "Dr. Matthew Reiff"
        detailed.headerView.detailLabel.text = "Cardiologist"
        detailed.instructionsLabel.text = "Call if your chest pain lasts more than five minutes, or any time you are worried."
        detailed.callButton.destination = "(555) 555-0150"
        detailed.messageButton.destination = "555.555.0151"
        detailed.emailButton.destination = "m.reiff@example.com"
        detailed.addressButton.detailLabel.text = "1 Infinite Loop\nCupertino, CA 95014"

        let partial = OCKDetailedContactView()
        partial.headerView.titleLabel.text = "Pharmacy"
        partial.headerView.detailLabel.text = "Only a phone number"
        partial.headerView.iconImageView.image = OCKImage(symbol: .heart)
        partial.callButton.destination = "+44 (0)20 7946-0958 ext. 12"

        return [
            Item(caption: "OCKSimpleContactView — monogram, disclosure link", view: simple),
            Item(caption: "OCKDetailedContactView — call, message, e-mail, address", view: detailed),
            Item(caption: "OCKDetailedContactView — only the buttons it has data for", view: partial)
        ]
    }

    // MARK: Illustration

    /// A small SVG illustration as a data URL (no network needed).
    static let illustration: String = {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360">
            <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffd59a"/><stop offset="1" stop-color="#ff9f7a"/></linearGradient>
            <linearGradient id="h" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3fae7a"/><stop offset="1" stop-color="#1f7a5c"/></linearGradient></defs>
            <rect width="640" height="360" fill="url(#s)"/>
            <circle cx="470" cy="120" r="54" fill="#fff4d6" opacity="0.9"/>
            <path d="M0 250 C120 200 220 210 320 240 S520 290 640 230 V360 H0Z" fill="#7cc79a"/>
            <path d="M0 290 C140 250 260 270 380 300 S560 330 640 300 V360 H0Z" fill="url(#h)"/>
            <g fill="#ffffff" opacity="0.95"><circle cx="150" cy="200" r="26"/><circle cx="186" cy="206" r="20"/><circle cx="120" cy="210" r="18"/></g>
            <g transform="translate(250 150)"><rect x="0" y="40" width="120" height="70" rx="14" fill="#ffffff"/><circle cx="32" cy="75" r="16" fill="#ff6b6b"/><circle cx="66" cy="70" r="14" fill="#ffd166"/><circle cx="92" cy="80" r="12" fill="#06d6a0"/></g>
            </svg>
            """
        return "data:image/svg+xml;base64," + Data(svg.utf8).base64EncodedString()
    }()
}
