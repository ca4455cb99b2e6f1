/// A synchronized button-log task card.
open class OCKButtonLogTaskViewController: OCKTaskViewController<OCKButtonLogTaskViewSynchronizer>, @unchecked Sendable {}
