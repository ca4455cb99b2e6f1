/// A synchronized numeric progress task card.
open class OCKNumericProgressTaskViewController: OCKTaskViewController<OCKNumericProgressTaskViewSynchronizer>, @unchecked Sendable {}
