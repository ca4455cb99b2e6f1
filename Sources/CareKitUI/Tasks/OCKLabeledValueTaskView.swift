/// A task card that shows one recorded value with its unit ("72 BPM"), or a label saying it
/// is still to do. SwiftUI-only (`LabeledValueTaskView`) in CareKit.
open class OCKLabeledValueTaskView: OCKCardView {
    /// What the card shows.
    public enum Status: Hashable, Sendable {
        /// A value (`"72"`) and its label or unit (`"BPM"`).
        case complete(_ value: String, _ label: String?)
        /// Nothing recorded yet, with a label such as `"Incomplete"`.
        case incomplete(_ label: String)
    }

    /// What the card shows.
    open var status: Status = .incomplete(loc("Incomplete"))
    /// The row holding the header and the value.
    public let headerStackView = OCKStackView(axis: .horizontal)

    override open var cardClassName: String { "ock-labeled-value-task-view" }

    /// Creates the card.
    public override init() {
        super.init()
        headerStackView.alignment = .center
        headerStackView.additionalClasses = ["ock-header-row"]
        contentStackView.insertArrangedSubview(headerStackView, at: 0)
        headerStackView.addArrangedSubview(headerView)
        headerStackView.addArrangedSubview(_LabeledValueBody(owner: self))
    }

    func makeValueNode() -> HTMLNode {
        switch status {
        case let .complete(value, label):
            return .container(
                "p", [.class("ock-labeled-value ock-complete")],
                [
                    .element("span", [.class("ock-labeled-value-value")], [.text(value)]),
                    (label ?? "").isEmpty ? .empty : .element("span", [.class("ock-labeled-value-unit")], [.text(label ?? "")])
                ])
        case let .incomplete(label):
            return .element(
                "p", [.class("ock-labeled-value ock-incomplete")],
                [
                    .element("span", [.class("ock-labeled-value-unit")], [.text(label)])
                ])
        }
    }
}

final class _LabeledValueBody: OCKView {
    weak var owner: OCKLabeledValueTaskView?

    init(owner: OCKLabeledValueTaskView) {
        self.owner = owner
        super.init()
    }

    override func makeNode() -> HTMLNode {
        owner?.makeValueNode() ?? .empty
    }
}
