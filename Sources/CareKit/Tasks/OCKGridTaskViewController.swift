/// A synchronized grid task card.
open class OCKGridTaskViewController: OCKTaskViewController<OCKGridTaskViewSynchronizer>, @unchecked Sendable {}
