import CareKitUI
import Testing

/// The CareKitUI samples from CareKit's README, with only UIKit's colour type swapped.
@Suite("README samples")
struct SampleCodeTests {
    @Test("Instructions task card")
    func instructions() {
        let taskView = OCKInstructionsTaskView()

        taskView.headerView.titleLabel.text = "Doxylamine"
        taskView.headerView.detailLabel.text = "7:30 AM to 8:30 AM"

        taskView.instructionsLabel.text = "Take the tablet with a full glass of water."

        taskView.completionButton.isSelected = false
        taskView.completionButton.label.text = "Mark as Completed"

        let html = taskView.html
        #expect(html.contains(">Doxylamine</h2>"))
        #expect(html.contains(">7:30 AM to 8:30 AM</p>"))
        #expect(html.contains(">Take the tablet with a full glass of water.</p>"))
        #expect(html.contains("aria-pressed=\"false\""))
        #expect(html.contains(">Mark as Completed</span>"))
    }

    @Test("Bar chart")
    func chart() {
        let chartView = OCKCartesianChartView(type: .bar)

        chartView.headerView.titleLabel.text = "Doxylamine"

        chartView.graphView.dataSeries = [
            OCKDataSeries(values: [0, 1, 1, 2, 3, 3, 2], title: "Doxylamine")
        ]

        #expect(chartView.html.occurrences(of: "<rect class=\"ock-chart-bar\"") == 7)
        #expect(chartView.html.contains("<title>Doxylamine</title>"))
    }

    @Test("Simple contact card")
    func contact() {
        let contactView = OCKSimpleContactView()

        contactView.headerView.titleLabel.text = "Lexi Torres"
        contactView.headerView.detailLabel.text = "Family Practice"

        #expect(contactView.html.contains(">Lexi Torres</h2>"))
        #expect(contactView.html.contains(">Family Practice</p>"))
    }

    @Test("Styling")
    func styling() {
        // Define your custom separator color.
        struct CustomColors: OCKColorStyler {
            var separator: UIColor { .black }
        }

        // Define a custom struct to hold your custom color.
        struct CustomStyle: OCKStyler {
            var color: OCKColorStyler { CustomColors() }
        }

        // Apply the custom style to your view.
        let view = OCKSimpleTaskView()
        view.customStyle = CustomStyle()

        #expect(view.html.contains("--ock-color-separator:#000000"))
    }

    @Test("The tutorial's insight message")
    func tutorialMessage() {
        let text = "You haven't entered any data, or reports are in process. (Or you're a zombie?)"
        let message = OCKMessageItem(title: "No Insights", text: text, tintColor: UIColor.orange, messageType: .tip)
        #expect(message.html.contains("You haven&#39;t") == false)  // text is not attribute-escaped
        #expect(message.html.contains("You haven't entered any data"))
    }
}
