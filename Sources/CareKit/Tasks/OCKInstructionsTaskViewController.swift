/// A synchronized instructions task card.
open class OCKInstructionsTaskViewController: OCKTaskViewController<OCKInstructionsTaskViewSynchronizer>, @unchecked Sendable {}
