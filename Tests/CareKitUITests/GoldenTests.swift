import CareKitUI
import Foundation
import Testing

/// One golden file per view and state: `Golden/<name>.html` holds the view's standalone
/// markup. `UPDATE_GOLDEN=1 swift test` rewrites them.
struct GoldenCase: Sendable, CustomTestStringConvertible {
    let name: String
    let make: @Sendable () -> OCKView

    var testDescription: String { name }

    static let all: [GoldenCase] = [
        // Tasks
        GoldenCase(name: "SimpleTaskView-incomplete") { Fixtures.simple(selected: false) },
        GoldenCase(name: "SimpleTaskView-complete") {
            let view = Fixtures.simple(selected: true)
            view.completionButton.action = Fixtures.completeAction
            return view
        },
        GoldenCase(name: "SimpleTaskView-disabled") {
            let view = Fixtures.simple(selected: false)
            view.completionButton.isEnabled = false
            return view
        },
        GoldenCase(name: "InstructionsTaskView-readme") { Fixtures.instructions() },
        GoldenCase(name: "InstructionsTaskView-complete-with-action") {
            let view = Fixtures.instructions()
            view.completionButton.isSelected = true
            view.completionButton.label.text = "Completed"
            view.completionButton.action = Fixtures.completeAction
            return view
        },
        GoldenCase(name: "InstructionsTaskView-default-titles") {
            let view = Fixtures.instructions()
            view.completionButton.label.text = nil
            view.completionButton.isSelected = true
            return view
        },
        GoldenCase(name: "ChecklistTaskView-items") { Fixtures.checklist() },
        GoldenCase(name: "ChecklistTaskView-empty") {
            let view = OCKChecklistTaskView()
            view.headerView.titleLabel.text = "No events today"
            return view
        },
        GoldenCase(name: "GridTaskView-items") { Fixtures.grid() },
        GoldenCase(name: "GridTaskView-due-and-overdue") {
            // As CareKit marks events by their timing: the class on the cell's form, the words under its time.
            let view = Fixtures.grid()
            for (index, (mark, words)) in [(2, ("ock-overdue", "Overdue")), (3, ("ock-due-now", "Due now"))] {
                view.items[index].action = OCKFormAction(url: "/events/hydration/\(index)", fields: ["csrf": "t0k3n"])
                view.items[index].additionalClasses = [mark]
                view.items[index].statusLabel.text = words
            }
            return view
        },
        GoldenCase(name: "GridTaskView-marked-late") {
            let view = Fixtures.grid()
            view.items[0].detailLabel.text = "◷ 8 h 30 min late"
            view.items[1].detailLabel.text = "◷ 1 h 30 min early"
            return view
        },
        GoldenCase(name: "ButtonLogTaskView-entries") { Fixtures.buttonLog() },
        GoldenCase(name: "ButtonLogTaskView-empty") {
            let view = OCKButtonLogTaskView()
            view.headerView.titleLabel.text = "Nausea"
            return view
        },
        GoldenCase(name: "NumericProgressTaskView-in-progress") { Fixtures.numericProgress(complete: false) },
        GoldenCase(name: "NumericProgressTaskView-complete") { Fixtures.numericProgress(complete: true) },
        GoldenCase(name: "NumericProgressTaskView-no-values") {
            let view = OCKNumericProgressTaskView()
            view.headerView.titleLabel.text = "Steps"
            return view
        },
        GoldenCase(name: "LabeledValueTaskView-complete") { Fixtures.labeledValue(complete: true) },
        GoldenCase(name: "LabeledValueTaskView-incomplete") { Fixtures.labeledValue(complete: false) },
        GoldenCase(name: "LinkView-all-kinds") { Fixtures.links() },
        GoldenCase(name: "FeaturedContentView-image-link") {
            OCKFeaturedContentView(imageURL: "/images/salad.jpg", title: "Eating well", url: "/articles/eating-well")
        },
        GoldenCase(name: "FeaturedContentView-placeholder") {
            OCKFeaturedContentView(imageURL: nil, title: "Eating well", url: nil)
        },
        GoldenCase(name: "DetailView") {
            let view = OCKDetailView(
                title: "Doxylamine", body: "First paragraph.\n\nSecond paragraph,\nwith a line break.",
                image: OCKImage(url: "/images/pill.png"))
            view.imageView.accessibilityLabel = "A white tablet"
            return view
        },

        // Surveys
        GoldenCase(name: "SurveyTaskView-answers") {
            let view = OCKSurveyTaskView()
            view.headerView.titleLabel.text = "Temperature"
            view.answers = [(question: "Temperature", answer: "98.6 °F"), (question: "Chills", answer: "No")]
            view.surveyButton.label.text = "Edit answers"
            view.surveyButton.isSelected = true
            view.surveyButton.action = Fixtures.completeAction
            return view
        },
        GoldenCase(name: "SurveyTaskView-empty") {
            let view = OCKSurveyTaskView()
            view.headerView.titleLabel.text = "Pulse"
            return view
        },
        GoldenCase(name: "SurveyFormView-every-kind") {
            let view = OCKSurveyFormView(
                survey: OCKSurvey(
                    title: "Check-in",
                    questions: [
                        OCKSurveyQuestion(id: "temperature", prompt: "Temperature", kind: .number(unit: "°F", minimum: 80, maximum: 115)),
                        OCKSurveyQuestion(id: "pain", prompt: "Pain", kind: .scale(minimum: 0, maximum: 3, minimumLabel: "None", maximumLabel: "Worst")),
                        OCKSurveyQuestion(id: "nausea", prompt: "Nausea?", kind: .yesNo),
                        OCKSurveyQuestion(
                            id: "where", prompt: "Where",
                            kind: .singleChoice([
                                OCKSurveyChoice(value: "arm", text: "Arm"),
                                OCKSurveyChoice(value: "leg", text: "Leg")
                            ])),
                        OCKSurveyQuestion(
                            id: "with", prompt: "Symptoms",
                            kind: .multipleChoice([
                                OCKSurveyChoice(value: "cough", text: "Cough"),
                                OCKSurveyChoice(value: "<b>rash</b>", text: "<b>Rash</b>")
                            ]),
                            isOptional: true),
                        OCKSurveyQuestion(id: "notes", prompt: "Notes", kind: .text(maximumLength: 200), isOptional: true)
                    ]))
            view.action = OCKFormAction(method: .post, url: "/events/e1/survey", fields: ["csrf": "token"])
            view.answers = ["temperature": ["120"], "pain": ["2"], "with": ["cough"], "notes": ["</textarea><script>"]]
            view.error = OCKSurveyError(questionID: "temperature", message: "120 is above the highest accepted value (115) for “Temperature”.")
            view.cancelURL = "/symptoms"
            return view
        },

        // Charts
        GoldenCase(name: "CartesianChartView-bar-readme") { Fixtures.barChart() },
        GoldenCase(name: "CartesianChartView-bar-grouped-gradient") {
            let chart = OCKCartesianChartView(type: .bar)
            chart.headerView.titleLabel.text = "Training"
            chart.graphView.dataSeries = [
                OCKDataSeries(values: [1, 0.5, 0.75], title: "Training", gradientStartColor: .systemBlue, gradientEndColor: .systemTeal),
                OCKDataSeries(values: [0.2, 0.4, 0.6], title: "Pulse")
            ]
            chart.graphView.horizontalAxisMarkers = ["Mon", "Tue", "Wed"]
            chart.graphView.chartIdentifier = "training"
            return chart
        },
        GoldenCase(name: "CartesianChartView-line") {
            let chart = OCKCartesianChartView(type: .line)
            chart.headerView.titleLabel.text = "Weight"
            chart.graphView.dataSeries = [OCKDataSeries(values: [72.4, 72.1, .nan, 71.5, 71.2], title: "Weight", size: 6)]
            chart.graphView.horizontalAxisMarkers = ["M", "T", "W", "T", "F"]
            return chart
        },
        GoldenCase(name: "CartesianChartView-line-target-range") {
            let chart = OCKCartesianChartView(type: .line)
            chart.headerView.titleLabel.text = "Pulse"
            chart.graphView.horizontalAxisMarkers = ["1", "2", "3", "4", "5", "6", "7"]
            chart.graphView.valueUnit = "bpm"
            chart.graphView.targetRange = 40...100
            var series = OCKDataSeries(dataPoints: [CGPoint(x: 0, y: 64), CGPoint(x: 1, y: 60), CGPoint(x: 3, y: 35), CGPoint(x: 4, y: 104)], title: "Pulse")
            series.valueLabels = ["64", "60", "35", "104"]
            chart.graphView.dataSeries = [series]
            return chart
        },
        GoldenCase(name: "CartesianChartView-scatter") {
            let chart = OCKCartesianChartView(type: .scatter)
            chart.headerView.titleLabel.text = "Blood pressure"
            chart.graphView.dataSeries = [
                OCKDataSeries(dataPoints: [CGPoint(x: 0, y: 118), CGPoint(x: 2, y: 125)], title: "Systolic"),
                OCKDataSeries(dataPoints: [CGPoint(x: 1, y: 76)], title: "Diastolic")
            ]
            chart.graphView.yMinimum = 60
            return chart
        },
        GoldenCase(name: "CartesianChartView-negative-nan") {
            let chart = OCKCartesianChartView(type: .bar)
            chart.headerView.titleLabel.text = "Balance"
            chart.graphView.dataSeries = [OCKDataSeries(values: [250, -120, .nan, .infinity, -300], title: "Net")]
            return chart
        },
        GoldenCase(name: "CartesianChartView-huge") {
            let chart = OCKCartesianChartView(type: .line)
            chart.headerView.titleLabel.text = "Huge"
            chart.graphView.dataSeries = [OCKDataSeries(values: [1e300, -1e300, 5e299], title: "Huge")]
            return chart
        },
        GoldenCase(name: "CartesianChartView-empty") {
            let chart = OCKCartesianChartView(type: .bar)
            chart.headerView.titleLabel.text = "Pain"
            chart.graphView.dataSeries = []
            return chart
        },

        // Contacts
        GoldenCase(name: "SimpleContactView-monogram") { Fixtures.simpleContact() },
        GoldenCase(name: "SimpleContactView-image-link") {
            let view = Fixtures.simpleContact()
            view.headerView.iconImageView.image = OCKImage(url: "/photos/lexi.jpg")
            view.headerView.iconImageView.accessibilityLabel = "Photo of Lexi Torres"
            view.headerView.disclosureURL = "/contacts/lexi"
            return view
        },
        GoldenCase(name: "DetailedContactView-all-buttons") { Fixtures.detailedContact() },
        GoldenCase(name: "DetailedContactView-phone-only") {
            let view = OCKDetailedContactView()
            view.headerView.titleLabel.text = "Pharmacy"
            view.callButton.destination = "+44 (0)20 7946-0958 ext. 12"
            return view
        },

        // Calendar, rings, messages
        GoldenCase(name: "WeekCalendarView-states") { Fixtures.week() },
        GoldenCase(name: "CompletionRingView-dimmed") { OCKCompletionRingView(state: .dimmed) },
        GoldenCase(name: "CompletionRingView-empty") { OCKCompletionRingView(state: .empty) },
        GoldenCase(name: "CompletionRingView-zero") { OCKCompletionRingView(state: .zero) },
        GoldenCase(name: "CompletionRingView-progress") {
            let ring = OCKCompletionRingView(state: .progress(0.4))
            ring.accessibilityLabel = "40% complete"
            return ring
        },
        GoldenCase(name: "CompletionRingView-complete") { OCKCompletionRingView(state: .progress(1)) },
        GoldenCase(name: "MessageItem-tip") {
            OCKMessageItem(title: "No Insights", text: "You haven't entered any data.", tintColor: .systemOrange, messageType: .tip)
        },
        GoldenCase(name: "MessageItem-alert") {
            OCKMessageItem(title: "Missed doses", text: "You missed two doses.", messageType: .alert)
        },

        // Styles
        GoldenCase(name: "Style-readme-separator") {
            let view = Fixtures.simple(selected: false)
            view.customStyle = CustomStyle()
            return view
        },
        GoldenCase(name: "Style-nested-own-style") {
            let view = Fixtures.instructions()
            view.customStyle = OrangeStyle()
            view.completionButton.customStyle = OCKStyle()
            return view
        },
        GoldenCase(name: "Style-tint") {
            let view = Fixtures.simple(selected: true)
            view.tintColor = .systemPink
            return view
        },
        GoldenCase(name: "Style-custom-content") {
            let view = Fixtures.instructions()
            view.contentStackView.insertArrangedSubview(OCKHTMLView(.element("p", [], ["Custom"])), at: 1)
            return view
        },

        // Hostile input
        GoldenCase(name: "Hostile-instructions") {
            let view = OCKInstructionsTaskView()
            view.headerView.titleLabel.text = "<script>alert(1)</script>"
            view.headerView.detailLabel.text = "\"quoted\" & 'single' </h3>"
            view.instructionsLabel.text = "<img src=x onerror=alert(1)>"
            view.completionButton.label.text = "</button><script>alert(2)</script>"
            view.completionButton.action = OCKFormAction(url: "/x\"><script>", fields: ["a\"b": "\" onfocus=\"alert(3)"])
            return view
        }
    ]
}

@Suite("Golden files")
struct GoldenTests {
    @Test("Rendered HTML matches the golden file", arguments: GoldenCase.all)
    func matchesGolden(_ goldenCase: GoldenCase) {
        let html = goldenCase.make().html
        Golden.check(html, named: goldenCase.name)
    }

    @Test("Rendering twice gives the same bytes", arguments: GoldenCase.all)
    func deterministic(_ goldenCase: GoldenCase) {
        #expect(goldenCase.make().html == goldenCase.make().html)
    }

    @Test("Golden names are unique")
    func uniqueNames() {
        #expect(Set(GoldenCase.all.map(\.name)).count == GoldenCase.all.count)
    }

    @Test("Stylesheet golden")
    func styleSheet() {
        Golden.check(OCKStyleSheet.css, named: "OCKStyleSheet", extension: "css")
    }

    @Test("A whole document")
    func document() {
        let page = OCKHTMLDocument(title: "Care Card <today>", views: [Fixtures.instructions(), Fixtures.simpleContact()])
        var body = page.render()
        // The stylesheet has its own golden file; keep this one small.
        body = body.replacingOccurrences(of: OCKStyleSheet.css, with: "/* OCKStyleSheet.css */\n")
        Golden.check(body, named: "HTMLDocument")
    }
}
