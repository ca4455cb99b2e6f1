import Foundation

/// An assessment card: the task's title and time, the answers recorded for the event (one row
/// per question), and a button that opens the survey.
open class OCKSurveyTaskView: OCKCardView {
    /// The rows "question → answer", in survey order.
    open var answers: [(question: String, answer: String)] = []
    /// The flag shown after each answer (by its row), for a value outside its target range.
    open var flags: [OCKValueFlag?] = []
    /// Opens the survey ("Record" or "Edit answers").
    public let surveyButton = OCKLabeledButton(title: loc("Record"))
    /// Shown when nothing is recorded yet.
    open var emptyText = loc("Not recorded yet")

    override open var cardClassName: String { "ock-survey-task-view" }

    public override init() {
        super.init()
        surveyButton.togglesSelection = false
        contentStackView.addArrangedSubview(makeSeparator())
        contentStackView.addArrangedSubview(_SurveyAnswersView(owner: self))
        contentStackView.addArrangedSubview(surveyButton)
    }
}

final class _SurveyAnswersView: OCKView {
    weak var owner: OCKSurveyTaskView?

    init(owner: OCKSurveyTaskView) {
        self.owner = owner
        super.init()
    }

    override func makeNode() -> HTMLNode {
        guard let owner else { return .empty }
        guard !owner.answers.isEmpty else {
            return .element("p", [.class("ock-survey-empty ock-text-subheadline")], [.text(owner.emptyText)])
        }
        return .element(
            "dl", [.class("ock-survey-answers")],
            owner.answers.enumerated().flatMap { index, row -> [HTMLNode] in
                let flag = owner.flags.indices.contains(index) ? owner.flags[index] : nil
                return [
                    .element("dt", [], [.text(row.question)]),
                    .element("dd", [], [.text(row.answer)] + (flag.map { [.text(" "), $0.node] } ?? []))
                ]
            })
    }
}
