/// English plural forms of CareKitCLI's text (every other English text is its key).
let _careKitCLIEnglish: [String: String] = [:]
