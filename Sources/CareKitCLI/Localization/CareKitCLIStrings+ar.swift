/// CareKitCLI's text in Arabic.
let _careKitCLIArabic: [String: String] = [:]
