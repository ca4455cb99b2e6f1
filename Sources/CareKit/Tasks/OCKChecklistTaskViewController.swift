/// A synchronized checklist task card.
open class OCKChecklistTaskViewController: OCKTaskViewController<OCKChecklistTaskViewSynchronizer>, @unchecked Sendable {}
