/// CareKit's text in Arabic.
let _careKitArabic: [String: String] = [:]
