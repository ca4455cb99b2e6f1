/// The base of insight items (messages and charts in CareKit 1's Insights).
open class OCKInsightItem: OCKCardView {}
