/// A synchronized simple task card.
open class OCKSimpleTaskViewController: OCKTaskViewController<OCKSimpleTaskViewSynchronizer>, @unchecked Sendable {}
