/// A synchronized labeled value task card.
open class OCKLabeledValueTaskViewController: OCKTaskViewController<OCKLabeledValueTaskViewSynchronizer>, @unchecked Sendable {}
