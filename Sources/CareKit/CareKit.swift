// CareKit ties the store to the cards, as Apple's CareKit does, and like it makes both visible
// to `import CareKit`: the tutorial's files import CareKit alone and use the store's and the
// cards' types (OCKSurvey and the survey cards live in CareKitUI, OCKTask in CareKitStore).
@_exported import CareKitStore
@_exported import CareKitUI
